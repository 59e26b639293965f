import { decode } from '../commands/event-store/decode.ts';
import { LOCKOUT_MINUTES } from '../domain/account/decide.ts';
import { accountEvents } from '../domain/account/events.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';
import type { Mailer } from './mail/mailer.ts';

/** Accounts' side effects: tell the owner when repeated failures lock the account; mail verification links. */
export function accountReactions(
  queue: JobQueue,
  mailer: Mailer,
  lookupEmail: (userId: string) => Promise<{ email: string; nameAr: string; nameEn: string } | null>,
  publicUrl: string,
) {
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
  return reactor('reactions-account', ['AccountLocked', 'EmailVerificationRequested'], queue, (e) => {
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
    return null;
  });
}
