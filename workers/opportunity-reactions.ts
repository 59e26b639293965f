import { decode } from '../commands/event-store/decode.ts';
import { formatPosition } from '../commands/event-store/port.ts';
import { opportunityEvents } from '../domain/opportunity/decide.ts';
import { ParticipationStatus } from '../domain/participation/status.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

type Recipient = { email: string; nameAr: string; nameEn: string } | null;
/** A volunteer still waiting on the event when its invitations stopped, and the event's names. */
export interface Waiting {
  volunteerId: string;
  status: number;
}
export interface StoppedEvent {
  nameAr: string;
  nameEn: string;
  waiting: Waiting[];
}

/** Invitations staff sent that the volunteer had not answered: they are cancelled. */
const INVITED: readonly number[] = [ParticipationStatus.PendingVolunteer];
/** Requests waiting on staff (a volunteer's join request, an accepted invitation): they are rejected. */
const REQUESTED: readonly number[] = [
  ParticipationStatus.VolunteerJoinRequest,
  ParticipationStatus.AcceptedVolunteerPendingStaff,
];
/** The statuses the stop-invitations mail goes to. */
export const WAITING_STATUSES: readonly number[] = [...INVITED, ...REQUESTED];

/**
 * Spec (administration, events): stopping invitations sets the contribution count to the accepted volunteers and
 * "sends cancellation or rejection mails": a cancellation to each volunteer whose invitation was unanswered, a
 * rejection to each whose request waited on staff. One job per stop (job id = the event's id in the log); the job
 * reads who is waiting and sends one mail each, keyed by job and volunteer (a retried job never sends twice).
 */
export function opportunityReactions(
  queue: JobQueue,
  mailer: Mailer,
  lookup: (userId: string) => Promise<Recipient>,
  /** The event and who waits on it, read once the read models have reached `position` (the stop); null before. */
  stopped: (opportunityId: string, position: string) => Promise<StoppedEvent | null>,
) {
  queue.handle('mail.invitations-stopped', async (job) => {
    const { opportunityId, position } = job.payload as { opportunityId: string; position: string };
    const event = await stopped(opportunityId, position);
    if (!event) throw new Error(`event ${opportunityId} not in the read model yet`); // retried
    for (const w of event.waiting) {
      const who = await lookup(w.volunteerId);
      if (!who) continue; // no address: nothing to send
      const cancelled = INVITED.includes(w.status);
      const subject = cancelled
        ? `إلغاء الدعوة / Invitation cancelled: ${event.nameEn}`
        : `رفض طلب الانضمام / Join request declined: ${event.nameEn}`;
      const ar = cancelled
        ? `أُلغيت دعوتك إلى فعالية «${event.nameAr}» لاكتمال العدد المطلوب.`
        : `نعتذر، لم يُقبل طلب انضمامك إلى فعالية «${event.nameAr}» لاكتمال العدد المطلوب.`;
      const en = cancelled
        ? `Your invitation to "${event.nameEn}" was cancelled: the event has all the volunteers it needs.`
        : `We are sorry, your request to join "${event.nameEn}" was declined: the event has all the volunteers it needs.`;
      await mailer.send(
        { to: who.email, subject, text: `${who.nameAr}،\n${ar}\n\n${who.nameEn},\n${en}\n` },
        `${job.id}-${w.volunteerId}`,
      );
    }
  });

  return reactor('reactions-opportunity', ['MaxContributionsChanged'], queue, (e) => {
    const ev = decode(opportunityEvents, e);
    if (ev?.type !== 'MaxContributionsChanged' || !ev.data.stopInvitations) return null;
    return {
      job: 'mail.invitations-stopped',
      payload: { opportunityId: e.streamId.slice('opportunity-'.length), position: formatPosition(e.position) },
    };
  });
}
