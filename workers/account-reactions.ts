import { resetLinkToken } from '../commands/account/recovery.ts';
import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import type { IdentityService } from '../commands/identity/nic-service.ts';
import { recheckIdentity } from '../commands/identity/recheck.ts';
import { LOCKOUT_MINUTES } from '../domain/account/decide.ts';
import { accountEvents } from '../domain/account/events.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import { type JobQueue, MAX_ATTEMPTS } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

export const IDENTITY_RECHECK_JOB = 'identity.recheck';
/** Rounds of the identity recheck after the queue's own quick retries (about two weeks at the longest delay). */
export const MAX_RECHECK_ROUNDS = 60;
/** The wait before a recheck round: 5 minutes, doubling, at most 6 hours. */
export const recheckDelayMs = (round: number) => Math.min(5 * 60_000 * 2 ** (round - 1), 6 * 3_600_000);

interface RecheckJob {
  userId: string;
  nationalId: string;
  birthDate: string;
  /** The IdentityNotVerified event that asked for it (command ids and the next rounds' job ids derive from it). */
  eventId: string;
  correlationId: string;
  round: number;
}

/**
 * Accounts' side effects: tell the owner when repeated failures lock the account; mail verification links, forgotten-
 * password links and forgotten user names; ask the identity service again about a registration it could not be asked
 * about (IdentityNotVerified, reason Unavailable), until it answers: the queue's quick retries (seconds), then rounds
 * of growing delay (recheckDelayMs), each a job of its own; the answer is recorded on the account stream.
 */
export function accountReactions(
  queue: JobQueue,
  mailer: Mailer,
  lookupEmail: (userId: string) => Promise<{ email: string; nameAr: string; nameEn: string } | null>,
  publicUrl: string,
  resetLinkKey: Buffer,
  identity: { store: EventStore; service: IdentityService; clientCode: ClientCode },
) {
  queue.handle(IDENTITY_RECHECK_JOB, async (job) => {
    const p = job.payload as RecheckJob;
    const result = await recheckIdentity(
      identity.store,
      identity.service,
      p.userId,
      { nationalId: p.nationalId, birthDate: p.birthDate },
      {
        actorId: null,
        actorRole: null,
        correlationId: p.correlationId,
        causationId: p.eventId,
        clientCode: identity.clientCode,
        commandId: `identity-recheck:${p.eventId}`,
        now: new Date(),
      },
    );
    if (result !== 'unavailable') return;
    if (job.attempt < MAX_ATTEMPTS) throw new Error('the identity service is unavailable: asked again shortly');
    if (p.round >= MAX_RECHECK_ROUNDS) return; // the user-verification page remains
    const round = p.round + 1;
    await queue.enqueue(IDENTITY_RECHECK_JOB, { ...p, round } satisfies RecheckJob, {
      jobId: `${IDENTITY_RECHECK_JOB}.${p.eventId}.${round}`,
      delayMs: recheckDelayMs(round),
    });
  });
  queue.handle('mail.account-locked', async (job) => {
    const p = job.payload as { userId: string; until: string };
    const who = await lookupEmail(p.userId);
    if (!who) throw new Error(`no e-mail for user ${p.userId} yet`); // retried: the users read model may lag
    await mailer.send(
      {
        to: who.email,
        subject: 'تم قفل حسابك مؤقتاً / Your account is temporarily locked',
        text:
          `${who.nameAr}، تم قفل حسابك بعد محاولات دخول خاطئة متكررة حتى ${p.until}. يمكنك إعادة تعيين كلمة المرور.\n\n` +
          `${who.nameEn}, your account was locked after repeated failed sign-ins until ${p.until}. You can reset your password.`,
      },
      job.id,
    );
  });
  queue.handle('mail.verify-email', async (job) => {
    const p = job.payload as { email: string; token: string; expiresAt: string };
    const link = (lang: string) => `${publicUrl}/${lang}/verify-email?token=${encodeURIComponent(p.token)}`;
    await mailer.send(
      {
        to: p.email,
        subject: 'تأكيد البريد الإلكتروني / Confirm your e-mail',
        text:
          `لتأكيد بريدك الإلكتروني في بوابة التطوع افتح الرابط التالي (صالح حتى ${p.expiresAt}):\n${link('ar')}\n\n` +
          `To confirm your e-mail for the volunteer portal, open this link (valid until ${p.expiresAt}):\n${link('en')}\n`,
      },
      job.id,
    );
  });
  queue.handle('mail.password-reset', async (job) => {
    const p = job.payload as { userId: string; email: string; at: string; expiresAt: string };
    // The link is derived again here from the event (the log and the queue keep no token).
    const token = resetLinkToken(resetLinkKey, p.userId, p.at);
    const link = (lang: string) => `${publicUrl}/${lang}/reset-password?token=${encodeURIComponent(token)}`;
    await mailer.send(
      {
        to: p.email,
        subject: 'إعادة تعيين كلمة المرور / Reset your password',
        text:
          `لتعيين كلمة مرور جديدة في بوابة التطوع افتح الرابط التالي (صالح حتى ${p.expiresAt}، لمرة واحدة):\n${link('ar')}\n` +
          `إن لم تطلب ذلك فتجاهل هذه الرسالة.\n\n` +
          `To set a new password for the volunteer portal, open this link (valid once, until ${p.expiresAt}):\n${link('en')}\n` +
          `If you did not ask for it, ignore this mail.\n`,
      },
      job.id,
    );
  });
  queue.handle('mail.username', async (job) => {
    const p = job.payload as { email: string; userName: string };
    await mailer.send(
      {
        to: p.email,
        subject: 'اسم المستخدم / Your user name',
        text:
          `اسم المستخدم الخاص بك في بوابة التطوع: ${p.userName}\nتسجيل الدخول: ${publicUrl}/ar/login\n\n` +
          `Your user name for the volunteer portal: ${p.userName}\nSign in: ${publicUrl}/en/login\n`,
      },
      job.id,
    );
  });
  const types = [
    'AccountLocked',
    'EmailVerificationRequested',
    'PasswordResetRequested',
    'UserNameReminderRequested',
    'IdentityNotVerified',
  ] as const;
  return reactor('reactions-account', types, queue, (e) => {
    const ev = decode(accountEvents, e);
    if (ev?.type === 'AccountLocked') {
      // Locks are per source: an attacker rotating addresses must not flood the owner with mails. One mail per
      // account and lockout window (deterministic, so a replay still sends none).
      const userId = e.streamId.slice('user-'.length);
      const window = Math.floor(Date.parse(ev.data.at) / (LOCKOUT_MINUTES * 60_000));
      return {
        job: 'mail.account-locked',
        payload: { userId, until: ev.data.until },
        key: `${userId}.${window}`,
      };
    }
    if (ev?.type === 'EmailVerificationRequested')
      return {
        job: 'mail.verify-email',
        payload: { email: ev.data.email, token: ev.data.token, expiresAt: ev.data.expiresAt },
      };
    if (ev?.type === 'PasswordResetRequested')
      return {
        job: 'mail.password-reset',
        payload: {
          userId: e.streamId.slice('user-'.length),
          email: ev.data.email,
          at: ev.data.at,
          expiresAt: ev.data.expiresAt,
        },
      };
    if (ev?.type === 'IdentityNotVerified' && ev.data.reason === 'Unavailable')
      return {
        job: IDENTITY_RECHECK_JOB,
        payload: {
          userId: e.streamId.slice('user-'.length),
          nationalId: ev.data.nationalId,
          birthDate: ev.data.birthDate,
          eventId: e.id,
          correlationId: e.metadata.correlationId,
          round: 0,
        } satisfies RecheckJob,
      };
    if (ev?.type === 'UserNameReminderRequested')
      return { job: 'mail.username', payload: { email: ev.data.email, userName: ev.data.userName } };
    return null;
  });
}
