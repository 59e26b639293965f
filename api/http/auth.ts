import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors.ts';
import { type Action, Role } from '../../domain/shared/roles.ts';
import type { ApiDeps } from './deps.ts';
import { newToken, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    sessionId: string | null;
    sessionExpired: boolean;
  }
}

export const SESSION_COOKIE = 'sid';
export const CSRF_COOKIE = 'csrf';
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function setSessionCookies(reply: FastifyReply, sessionId: string, csrfToken: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  reply.setCookie(CSRF_COOKIE, csrfToken, { path: '/', httpOnly: false, sameSite: 'strict', secure });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Anonymous visitors get a CSRF token in a readable cookie (double submit); a session has its own token. */
export function anonymousCsrf(req: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  const token = newToken();
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'strict', secure });
  return token;
}

/** Session lookup and the CSRF check for every /api request. */
export function registerAuth(app: FastifyInstance, deps: ApiDeps) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpired', false);
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const sid = req.cookies[SESSION_COOKIE];
    if (sid) {
      const s = await deps.sessions.touch(sid);
      if (s === 'expired') {
        req.sessionExpired = true;
        clearSessionCookie(reply);
      } else if (s) {
        req.session = s;
        req.sessionId = sid;
      } else {
        clearSessionCookie(reply);
      }
    }
    if (UNSAFE.has(req.method)) {
      const header = req.headers['x-csrf-token'];
      const expected = req.session ? req.session.csrfToken : req.cookies[CSRF_COOKIE];
      if (!expected || typeof header !== 'string' || header !== expected) throw new DomainError('CsrfRejected');
    }
  });
}

export interface GuardOptions {
  /** Routes that stay open while a password change is forced (change password, logout, session). */
  allowDuringPasswordChange?: boolean;
}

export function requireUser(opts: GuardOptions = {}) {
  return async (req: FastifyRequest) => {
    if (!req.session) throw new DomainError(req.sessionExpired ? 'SessionExpired' : 'Unauthorized');
    if (req.session.mustChangePassword && !opts.allowDuringPasswordChange)
      throw new DomainError('PasswordChangeRequired');
  };
}

/** A signed-in volunteer: the spec's YouMustBeVolunteer for any other role (the invitations and notifications are theirs). */
export function requireVolunteer() {
  const user = requireUser();
  return async (req: FastifyRequest) => {
    await user(req);
    if (req.session!.roleId !== Role.Volunteer) throw new DomainError('YouMustBeVolunteer');
  };
}

/**
 * The role must hold the action on the screen. A 403 ends the session (spec: "Forbidden status destroys session and
 * goes to login"), on the server as well as in the browser.
 */
export function requireScreen(
  deps: ApiDeps,
  screen: string,
  action: Action = 'View',
  code: 'Forbidden' | 'NotAuthorizedToAccept' = 'Forbidden',
) {
  const user = requireUser();
  return async (req: FastifyRequest, reply: FastifyReply) => {
    await user(req);
    if (!(await deps.permissions.fresh()).can(req.session!.roleId, screen, action)) {
      await deps.sessions.destroy(req.sessionId!);
      clearSessionCookie(reply);
      throw new DomainError(code, { screen, action });
    }
  };
}
