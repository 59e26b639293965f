import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import { loadFolded } from '../commands/handle.ts';
import { type LinkSigner, linkSignerOf } from '../commands/subscription/links.ts';
import { mailingDecider, subscriptionDecider } from '../domain/subscription/decide.ts';
import {
  type Language,
  MAILING_STREAM_PREFIX,
  mailingEvents,
  mailingStream,
  SUBSCRIPTION_STREAM_PREFIX,
  subscriptionEvents,
  subscriptionStream,
} from '../domain/subscription/events.ts';
import type { JobQueue } from './jobs/port.ts';
import { type Reaction, reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

interface ConfirmMail {
  subscriptionId: string;
  email: string;
  language: Language;
  confirmNonce: string;
  unsubscribeNonce: string;
}
interface ListMail {
  mailingId: string;
  subscriptionId: string;
}

/** The unsubscribe line every mail of the list ends with: one click, no sign-in. */
export function unsubscribeLine(
  publicUrl: string,
  signer: LinkSigner,
  m: { subscriptionId: string; language: Language; nonce: string },
): string {
  const link = `${publicUrl}/${m.language}/unsubscribe?token=${signer.sign('unsubscribe', m.subscriptionId, m.nonce)}`;
  return m.language === 'ar'
    ? `لإلغاء الاشتراك في القائمة البريدية: ${link}`
    : `To unsubscribe from the mail list: ${link}`;
}

/**
 * The mail list's mails: the confirmation of a subscription request (double opt-in), and a mail sent to selected
 * subscribers, one job per recipient (job id: the event id and the recipient). Each mail carries its recipient's
 * unsubscribe link, signed when the job runs (the log holds only the nonce). A job whose request was replaced by a
 * newer one, or whose recipient left the list meanwhile, sends nothing.
 */
export function subscriptionReactions(queue: JobQueue, mailer: Mailer, store: EventStore, publicUrl: string) {
  queue.handle('mail.subscription-confirm', async (job) => {
    const p = job.payload as ConfirmMail;
    const s = (await loadFolded(store, subscriptionStream(p.subscriptionId), subscriptionDecider)).state;
    if (s.status !== 'pending' || s.confirmNonce !== p.confirmNonce) return;
    const signer = linkSignerOf(store);
    const confirm = `${publicUrl}/${p.language}/subscribe/confirm?token=${signer.sign('confirm', p.subscriptionId, p.confirmNonce)}`;
    const footer = unsubscribeLine(publicUrl, signer, { ...p, nonce: p.unsubscribeNonce });
    const mail =
      p.language === 'ar'
        ? {
            subject: 'تأكيد الاشتراك في القائمة البريدية',
            text: `طلبتَ الاشتراك في القائمة البريدية لبوابة التطوع. لتأكيد الاشتراك افتح الرابط:\n${confirm}\n\nإن لم تطلب ذلك فتجاهل هذه الرسالة.\n\n${footer}\n`,
          }
        : {
            subject: 'Confirm your subscription to the mail list',
            text: `You asked to join the volunteer portal's mail list. To confirm, open:\n${confirm}\n\nIf you did not ask for it, ignore this mail.\n\n${footer}\n`,
          };
    await mailer.send({ to: p.email, ...mail }, job.id);
  });

  queue.handle('mail.subscription', async (job) => {
    const p = job.payload as ListMail;
    const s = (await loadFolded(store, subscriptionStream(p.subscriptionId), subscriptionDecider)).state;
    if (s.status !== 'confirmed' || !s.email || !s.unsubscribeNonce) return;
    const mailing = (await loadFolded(store, mailingStream(p.mailingId), mailingDecider)).state;
    if (!mailing.sent) return;
    const footer = unsubscribeLine(publicUrl, linkSignerOf(store), {
      ...p,
      language: s.language,
      nonce: s.unsubscribeNonce,
    });
    await mailer.send({ to: s.email, subject: mailing.header, text: `${mailing.body}\n\n${footer}\n` }, job.id);
  });

  return reactor(
    'reactions-subscription',
    ['SubscriptionRequested', 'SubscriptionMailSent'],
    queue,
    (e): Reaction | Reaction[] | null => {
      if (e.streamId.startsWith(SUBSCRIPTION_STREAM_PREFIX)) {
        const ev = decode(subscriptionEvents, e);
        if (ev?.type !== 'SubscriptionRequested') return null;
        const { subscriptionId, email, language, confirmNonce, unsubscribeNonce } = ev.data;
        const payload: ConfirmMail = { subscriptionId, email, language, confirmNonce, unsubscribeNonce };
        return { job: 'mail.subscription-confirm', payload };
      }
      if (!e.streamId.startsWith(MAILING_STREAM_PREFIX)) return null;
      const ev = decode(mailingEvents, e);
      if (ev?.type !== 'SubscriptionMailSent') return null;
      return ev.data.subscriptionIds.map((subscriptionId) => ({
        job: 'mail.subscription',
        payload: { mailingId: ev.data.mailingId, subscriptionId } satisfies ListMail,
        key: `${e.id}.${subscriptionId}`,
      }));
    },
  );
}
