import { decode } from '../commands/event-store/decode.ts';
import { registrationEvents } from '../domain/registration/events.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

type Recipient = { email: string; nameAr: string; nameEn: string } | null;

const fmt = (iso: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Asia/Riyadh' }).format(
    new Date(iso),
  );

/** Mails to the volunteer when staff initially accept (with the appointment), approve or reject the application. */
export function registrationReactions(queue: JobQueue, mailer: Mailer, lookup: (userId: string) => Promise<Recipient>) {
  queue.handle('mail.registration-decision', async (job) => {
    const p = job.payload as
      | { volunteerId: string; kind: 'initiallyAccepted'; appointmentAt: string; location: string }
      | { volunteerId: string; kind: 'approved' }
      | { volunteerId: string; kind: 'rejected'; reason: string };
    const who = await lookup(p.volunteerId);
    if (!who) throw new Error(`no e-mail for volunteer ${p.volunteerId} yet`); // retried: the users read model may lag
    let subject: string;
    let ar: string;
    let en: string;
    switch (p.kind) {
      case 'initiallyAccepted':
        subject = 'قبول مبدئي وموعد المقابلة / Initial acceptance and interview appointment';
        ar = `تم قبول طلب تسجيلك مبدئياً. موعد المقابلة: ${fmt(p.appointmentAt, 'ar-SA-u-ca-gregory')} في ${p.location}.`;
        en = `Your registration was initially accepted. Interview: ${fmt(p.appointmentAt, 'en-GB')} at ${p.location}.`;
        break;
      case 'approved':
        subject = 'تم اعتماد تسجيلك / Your registration is approved';
        ar = 'تم اعتماد طلب تسجيلك متطوعاً. يمكنك الآن الانضمام إلى الفعاليات.';
        en = 'Your volunteer registration is approved. You can now join events.';
        break;
      case 'rejected':
        subject = 'نتيجة طلب التسجيل / Your registration result';
        ar = `نعتذر، لم يتم قبول طلب تسجيلك. السبب: ${p.reason}`;
        en = `We are sorry, your registration was not accepted. Reason: ${p.reason}`;
        break;
    }
    await mailer.send({ to: who.email, subject, text: `${who.nameAr}،\n${ar}\n\n${who.nameEn},\n${en}\n` }, job.id);
  });

  return reactor(
    'reactions-registration',
    ['RegistrationInitiallyAccepted', 'RegistrationApproved', 'RegistrationRejected'],
    queue,
    (e) => {
      const ev = decode(registrationEvents, e);
      const volunteerId = e.streamId.slice('registration-'.length);
      const job = 'mail.registration-decision';
      switch (ev?.type) {
        case 'RegistrationInitiallyAccepted':
          return {
            job,
            payload: {
              volunteerId,
              kind: 'initiallyAccepted',
              appointmentAt: ev.data.appointmentAt,
              location: ev.data.location,
            },
          };
        case 'RegistrationApproved':
          return { job, payload: { volunteerId, kind: 'approved' } };
        case 'RegistrationRejected':
          return { job, payload: { volunteerId, kind: 'rejected', reason: ev.data.reason } };
        default:
          return null;
      }
    },
  );
}
