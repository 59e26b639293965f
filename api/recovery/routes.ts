import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { loadAccount } from '../../commands/account/handlers.ts';
import {
  regenerateEmailVerification,
  remindUserName,
  requestPasswordReset,
  resetPassword,
} from '../../commands/account/recovery.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import type { CommandContext } from '../../commands/handle.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { activeUserIdsByEmail } from '../../projections/account/queries.ts';
import * as C from '../contracts/recovery.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';

/**
 * The forgot answers take at least this long, known address or not: the work for a known one (a lookup and an
 * append) is a few milliseconds, well inside it, so the time tells no more than the answer (always the same).
 */
export const FORGOT_ANSWER_MS = 300;

export function recoveryRoutes(
  app: FastifyInstance,
  deps: ApiDeps,
  opts: { rateLimit: number; forgotAnswerMs?: number },
) {
  const floorMs = opts.forgotAnswerMs ?? FORGOT_ANSWER_MS;
  const limited = { config: { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } } };

  route(app, C.captchaChallenge, limited, async () => ({
    enabled: deps.captcha.enabled,
    challenge: deps.captcha.enabled ? await deps.captcha.challenge() : null,
  }));

  /**
   * Forgot password / user name: the captcha, then for each active account with that address one command on its own
   * stream (its mail is a reaction). An unknown address writes nothing; the answer and its time are the same.
   */
  const forgot =
    (act: (userId: string, ctx: CommandContext) => Promise<unknown>) =>
    async (req: { body: C.ForgotRequest }, ctx: CommandContext) => {
      const started = Date.now();
      if (!req.body.email.trim()) throw new DomainError('AllFieldsRequired', { fields: ['email'] });
      await deps.captcha.verify(req.body.captcha);
      const userIds = await activeUserIdsByEmail(deps.db, req.body.email);
      for (const [i, userId] of userIds.entries()) await act(userId, { ...ctx, commandId: `${ctx.commandId}:${i}` });
      await sleep(Math.max(0, floorMs - (Date.now() - started)));
      return { accepted: true as const };
    };
  const forgotPassword = forgot((userId, ctx) =>
    requestPasswordReset(deps.store, deps.resetLinkKey, userId, false, ctx),
  );
  const forgotUserName = forgot((userId, ctx) => remindUserName(deps.store, userId, ctx));
  route(app, C.forgotPassword, limited, async (req) => forgotPassword(req, commandContext(req, deps)));
  route(app, C.forgotUserName, limited, async (req) => forgotUserName(req, commandContext(req, deps)));

  route(app, C.resetPassword, limited, async (req) => {
    const r = await resetPassword(deps.store, req.body, commandContext(req, deps));
    // As at a password change, the account's sessions end: whoever held one signs in with the new password.
    await deps.sessions.destroyAllOf(r.userId);
    return { position: formatPosition(r.position) };
  });

  route(app, C.regenerateVerification, limited, async (req) => {
    const r = await regenerateEmailVerification(deps.store, req.body.token, commandContext(req, deps));
    return { result: r.result, position: formatPosition(r.position) };
  });

  route(app, C.sendPasswordReset, {}, async (req) => {
    const account = await loadAccount(deps.store, req.params.id);
    if (!account.exists) throw new DomainError('NotFound');
    // A deactivated account is sent nothing (it cannot sign in): say so rather than answer as if mailed.
    if (!account.active) throw new DomainError('UserIsDeactivated');
    const ctx = commandContext(req, deps);
    return {
      position: formatPosition(await requestPasswordReset(deps.store, deps.resetLinkKey, account.userId, true, ctx)),
    };
  });
}
