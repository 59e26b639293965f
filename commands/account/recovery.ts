import { createHash, createHmac } from 'node:crypto';
import type { EventStore, Position } from '../event-store/port.ts';
import type { CommandContext } from '../handle.ts';
import { accountOfLink, byOwner, newVerificationToken, replacePassword } from './handlers.ts';

/**
 * A forgotten-password link's token: "<userId>.<HMAC(key, userId and the request's time)>". The log keeps only its
 * hash, so reading the log gives no way into an account; the mail reactor, which holds the key, derives the token
 * again from the event (no secret travels through the log or the job queue).
 */
export function resetLinkToken(key: Buffer, userId: string, requestedAt: string): string {
  return `${userId}.${createHmac('sha256', key).update(`reset:${userId}:${requestedAt}`).digest('base64url')}`;
}

export const resetTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Mails a forgotten-password link to the account (nothing for an account that cannot sign in). */
export async function requestPasswordReset(
  store: EventStore,
  key: Buffer,
  userId: string,
  byAdmin: boolean,
  ctx: CommandContext,
): Promise<Position> {
  const tokenHash = resetTokenHash(resetLinkToken(key, userId, ctx.now.toISOString()));
  return (await byOwner(store, userId, { type: 'RequestPasswordReset', tokenHash, byAdmin }, ctx)).position;
}

/** Sets the password from a link: Error_WrongActivationLink when the link is unknown, used, voided or expired. */
export async function resetPassword(
  store: EventStore,
  input: { token: string; newPassword: string; confirmPassword: string },
  ctx: CommandContext,
): Promise<{ userId: string; position: Position }> {
  const userId = accountOfLink(input.token);
  const position = await replacePassword(
    store,
    userId,
    input.newPassword,
    (newCredentialId) => ({
      type: 'ResetPassword',
      tokenHash: resetTokenHash(input.token),
      newPassword: input.newPassword,
      confirmPassword: input.confirmPassword,
      newCredentialId,
    }),
    { ...ctx, actorId: ctx.actorId ?? userId },
  );
  return { userId, position };
}

/** Mails the user name to the account's address (forgot username). */
export async function remindUserName(store: EventStore, userId: string, ctx: CommandContext): Promise<Position> {
  return (await byOwner(store, userId, { type: 'RemindUserName' }, ctx)).position;
}

/**
 * RegenerateEmailVerifyLink: a new verification link from the one the user holds (expired or not). "400" a new link
 * is mailed, "200" already verified.
 */
export async function regenerateEmailVerification(
  store: EventStore,
  token: string,
  ctx: CommandContext,
): Promise<{ result: '200' | '400'; position: Position }> {
  const userId = accountOfLink(token);
  const r = await byOwner(
    store,
    userId,
    { type: 'RegenerateEmailVerification', token, newToken: newVerificationToken(userId) },
    ctx,
  );
  return { result: r.events.length ? '400' : '200', position: r.position };
}
