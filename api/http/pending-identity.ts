import type { FastifyReply, FastifyRequest } from 'fastify';
import { PENDING_IDENTITY_MINUTES, type PendingIdentity } from '../../commands/identity/sign-on-state.ts';
import type { ApiDeps } from './deps.ts';

/** The browser's key to its identity awaiting verification (httpOnly; the row is server-side, by the key's hash). */
export const PENDING_COOKIE = 'idv';

export async function keepPending(deps: ApiDeps, reply: FastifyReply, secure: boolean, p: PendingIdentity) {
  const key = await deps.signOn.savePending(p, new Date());
  reply.setCookie(PENDING_COOKIE, key, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: PENDING_IDENTITY_MINUTES * 60,
  });
}

export async function pendingOf(deps: ApiDeps, req: FastifyRequest): Promise<PendingIdentity | null> {
  const key = req.cookies[PENDING_COOKIE];
  return key ? await deps.signOn.pending(key, new Date()) : null;
}

export async function dropPending(deps: ApiDeps, req: FastifyRequest, reply: FastifyReply) {
  const key = req.cookies[PENDING_COOKIE];
  if (key) await deps.signOn.dropPending(key);
  reply.clearCookie(PENDING_COOKIE, { path: '/api' });
}
