import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Action } from '../../domain/permissions/screens.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { Role, type RoleId } from '../../domain/shared/roles.ts';
import type { Permission } from '../contracts/endpoint.ts';
import type { ApiDeps } from './deps.ts';
import { newToken, type Session } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    sessionId: string | null;
    sessionExpired: boolean;
    /** Set by readAfter when the read models had not reached the request's `after` in time (x-read-behind). */
    readBehind?: boolean;
  }
  interface FastifyContextConfig {
    /** The route stays open while a password change is forced (the session routes); every other answers 428. */
    allowDuringPasswordChange?: boolean;
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

/** A new session for a signed-in account (a new id at every sign-in); answers its CSRF token. */
export async function openSession(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: ApiDeps,
  account: { userId: string; roleId: RoleId; mustChangePassword: boolean },
  secure: boolean,
): Promise<string> {
  if (req.sessionId) await deps.sessions.destroy(req.sessionId);
  const csrfToken = newToken();
  const sid = await deps.sessions.create({
    userId: account.userId,
    roleId: account.roleId,
    csrfToken,
    mustChangePassword: account.mustChangePassword,
  });
  setSessionCookies(reply, sid, csrfToken, secure);
  return csrfToken;
}

/** Anonymous visitors get a CSRF token in a readable cookie (double submit); a session has its own token. */
export function anonymousCsrf(req: FastifyRequest, reply: FastifyReply, secure: boolean): string {
  const existing = req.cookies[CSRF_COOKIE];
  if (existing && existing.length >= 32) return existing;
  const token = newToken();
  reply.setCookie(CSRF_COOKIE, token, { path: '/', httpOnly: false, sameSite: 'strict', secure });
  return token;
}

/**
 * Session lookup, the CSRF check and the forced password change for every /api route. The route the router matched
 * decides, not the raw URL: a percent-encoded path (/%61pi/…) reaches the same route and so the same checks.
 */
export function registerAuth(app: FastifyInstance, deps: ApiDeps) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionExpired', false);
  // route() (api/http/route.ts) enforces a contract's permission with this process's cache.
  app.decorate('permissionGuard', (p: Permission) => permissionGuard(deps, p));
  // Who may call a route is decided before its input is validated: a caller without the role learns 401 or 403, not
  // the shape of the input (record-level checks, which need the validated input, stay in preHandler).
  app.addHook('onRoute', (route) => {
    const pre = asList(route.preHandler);
    const guards = pre.filter(isGuard);
    if (guards.length === 0) return;
    route.preValidation = [...guards, ...asList(route.preValidation)] as typeof route.preValidation;
    route.preHandler = pre.filter((h) => !isGuard(h)) as typeof route.preHandler;
  });
  app.addHook('onRequest', async (req, reply) => {
    const route = req.routeOptions.url;
    if (route === undefined ? !isApiPath(req.url) : !route.startsWith('/api/')) return;
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
    // Public reads included: until the new password is set, the session reaches nothing but the session routes.
    if (req.session?.mustChangePassword && !req.routeOptions.config?.allowDuringPasswordChange)
      throw new DomainError('PasswordChangeRequired');
  });
}

const AUTH_GUARD = Symbol('authGuard');
type Hook = (...args: never[]) => unknown;
/** Marks a role check (requireUser, requireScreen, …): registerAuth runs it before the request is validated. */
export function guard<T extends Hook>(f: T): T {
  Object.defineProperty(f, AUTH_GUARD, { value: true });
  return f;
}
const isGuard = (h: unknown) => typeof h === 'function' && AUTH_GUARD in h;
const asList = (h: unknown): unknown[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);

/** Unmatched requests: the decoded path, so that an encoded /api path is still treated as one. */
function isApiPath(url: string): boolean {
  const path = url.split('?')[0]!;
  try {
    return decodeURIComponent(path).startsWith('/api/');
  } catch {
    return path.startsWith('/api/');
  }
}

export function requireUser() {
  return guard(async (req: FastifyRequest) => {
    if (!req.session) throw new DomainError(req.sessionExpired ? 'SessionExpired' : 'Unauthorized');
  });
}

/** An admin (role 3): the API's map and the detailed health. */
export function requireAdmin() {
  const user = requireUser();
  return guard(async (req: FastifyRequest) => {
    await user(req);
    if (req.session!.roleId !== Role.Admin) throw new DomainError('Forbidden');
  });
}

/** A signed-in volunteer: the spec's YouMustBeVolunteer for any other role (the invitations and notifications are theirs). */
export function requireVolunteer() {
  const user = requireUser();
  return guard(async (req: FastifyRequest) => {
    await user(req);
    if (req.session!.roleId !== Role.Volunteer) throw new DomainError('YouMustBeVolunteer');
  });
}

/**
 * The role must hold the action on the screen. The 403 leaves the session alone: only the session check ends one
 * (the web app still signs out on a 403 of its own calls, as the spec's client does), so a refused read — an image,
 * a link followed from a mail — cannot be used to sign a user out.
 */
export function requireScreen(
  deps: ApiDeps,
  screen: string,
  action: Action = 'View',
  code: 'Forbidden' | 'NotAuthorizedToAccept' = 'Forbidden',
) {
  const user = requireUser();
  return guard(async (req: FastifyRequest) => {
    await user(req);
    if (!(await deps.permissions.fresh()).can(req.session!.roleId, screen, action))
      throw new DomainError(code, { screen, action });
  });
}

/** A contract's `permission` (api/contracts/endpoint.ts) as a guard: the screen's action, for a volunteer if it says so. */
export function permissionGuard(deps: ApiDeps, p: Permission) {
  const screen = requireScreen(deps, p.screen, p.action, p.code);
  if (!p.volunteer) return screen;
  const volunteer = requireVolunteer();
  return guard(async (req: FastifyRequest) => {
    await volunteer(req);
    await screen(req);
  });
}
