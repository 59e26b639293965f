import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import { loadFolded } from '../commands/handle.ts';
import { loadPreferences } from '../commands/preferences/handlers.ts';
import { ticketDecider } from '../domain/ticket/decide.ts';
import { TICKETS_STREAM_PREFIX, ticketEvents, ticketsStream } from '../domain/ticket/events.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

type Recipient = { email: string; nameAr: string; nameEn: string } | null;
export interface TicketReplyMail {
  volunteerId: string;
  ticketId: string;
  action: 2 | 3;
  response: string;
}

/**
 * Mails the volunteer when staff reply to (or close) their ticket, in their preferred language, unless they turned
 * e-mail off. The preferences are read from their stream when the job runs, so a change made meanwhile counts.
 */
export function ticketReactions(
  queue: JobQueue,
  mailer: Mailer,
  lookup: (userId: string) => Promise<Recipient>,
  store: EventStore,
  publicUrl: string,
) {
  queue.handle('mail.ticket-replied', async (job) => {
    const p = job.payload as TicketReplyMail;
    const prefs = await loadPreferences(store, p.volunteerId);
    if (!prefs.receiveEmail) return;
    const who = await lookup(p.volunteerId);
    if (!who) throw new Error(`no e-mail for volunteer ${p.volunteerId} yet`); // retried: the users read model may lag
    const ticket = (await loadFolded(store, ticketsStream(p.volunteerId), ticketDecider)).state.tickets[p.ticketId];
    if (!ticket) return;
    const link = `${publicUrl}/${prefs.preferredLanguage}/tickets/${p.ticketId}`;
    const mail =
      prefs.preferredLanguage === 'ar'
        ? {
            subject: `رد على تذكرتك ${ticket.code}`,
            text: `${who.nameAr}،\n${p.action === 3 ? `تم الرد على تذكرتك «${ticket.title}» وإغلاقها` : `تم الرد على تذكرتك «${ticket.title}»`}:\n\n${p.response}\n\n${link}\n`,
          }
        : {
            subject: `Reply to your ticket ${ticket.code}`,
            text: `${who.nameEn},\nYour ticket “${ticket.title}” was ${p.action === 3 ? 'answered and closed' : 'answered'}:\n\n${p.response}\n\n${link}\n`,
          };
    await mailer.send({ to: who.email, ...mail }, job.id);
  });

  return reactor('reactions-ticket', ['TicketReplied'], queue, (e) => {
    if (!e.streamId.startsWith(TICKETS_STREAM_PREFIX)) return null;
    const ev = decode(ticketEvents, e);
    if (ev?.type !== 'TicketReplied') return null;
    const payload: TicketReplyMail = {
      volunteerId: e.streamId.slice(TICKETS_STREAM_PREFIX.length),
      ticketId: ev.data.ticketId,
      action: ev.data.action,
      response: ev.data.response,
    };
    return { job: 'mail.ticket-replied', payload };
  });
}
