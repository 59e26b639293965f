import type { FastifyInstance } from 'fastify';
import { loadAccount } from '../../commands/account/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { lookUpIdentity, ssoSignIn, verifyAccountIdentity } from '../../commands/identity/handlers.ts';
import { SSO_REQUEST_MINUTES } from '../../commands/identity/sign-on-state.ts';
import { SsoRefusedError, SsoUnavailableError } from '../../commands/identity/single-sign-on.ts';
import { DomainError, type ErrorCode } from '../../domain/shared/errors.ts';
import * as C from '../contracts/identity.ts';
import { LoginErrorCode } from '../contracts/session.ts';
import { clearSessionCookie, openSession } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { IP_MAX, storableHeader, USER_AGENT_MAX } from '../http/headers.ts';
import { dropPending, keepPending, PENDING_COOKIE, pendingOf } from '../http/pending-identity.ts';
import { route } from '../http/route.ts';
import { adminSiteRedirect } from './admin-key.ts';

/** The browser's key to its sign-on in progress (only /api/sso reads it). */
export const SSO_STATE_COOKIE = 'sso_state';
/** Identity checks per client address and minute (each one asks the national service). */
const VERIFY_PER_MINUTE = 20;

const langOf = (path: string) => (path.startsWith('/en') ? 'en' : 'ar');
/** Only a portal page: anything else (another host, a scheme, //evil) becomes the dashboard. */
export function safeReturnTo(returnTo: string | undefined, lang: 'ar' | 'en'): string {
  return returnTo && C.RETURN_TO.test(returnTo) ? returnTo : `/${lang}/dashboard`;
}

export function identityRoutes(app: FastifyInstance, deps: ApiDeps, opts: { secureCookies: boolean }) {
  const secure = opts.secureCookies;
  route(app, C.ssoLogin, { config: { allowDuringPasswordChange: true } }, async (req, reply) => {
    if (!deps.sso) throw new DomainError('NotFound');
    const lang = req.query.lang ?? 'ar';
    const returnTo = safeReturnTo(req.query.returnTo, lang);
    const started = await deps.sso.begin().catch((e) => {
      if (e instanceof SsoUnavailableError) throw new DomainError('SsoUnavailable');
      throw e;
    });
    await deps.signOn.saveRequest(started.state, { ...started.request, returnTo }, new Date());
    reply.setCookie(SSO_STATE_COOKIE, started.state, {
      path: '/api/sso',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SSO_REQUEST_MINUTES * 60,
    });
    return reply.redirect(started.url, 302);
  });

  route(app, C.ssoCallback, { config: { allowDuringPasswordChange: true } }, async (req, reply) => {
    const sso = deps.sso;
    if (!sso) throw new DomainError('NotFound');
    const state = req.query.state;
    const cookieState = req.cookies[SSO_STATE_COOKIE];
    reply.clearCookie(SSO_STATE_COOKIE, { path: '/api/sso' });
    const failed = (code: ErrorCode, lang: 'ar' | 'en' = 'ar') =>
      reply.redirect(`/${lang}/login?ssoError=${code}`, 303);
    // The state must be the one this browser started with (no sign-on injected from another browser), once.
    if (!state || !cookieState || state !== cookieState) return failed('SsoFailed');
    const request = await deps.signOn.takeRequest(state, new Date());
    if (!request) return failed('SsoFailed');
    const lang = langOf(request.returnTo);
    const current = new URL(sso.redirectUri);
    current.search = new URL(req.url, 'http://portal').search;
    let who: Awaited<ReturnType<typeof sso.complete>>;
    try {
      who = await sso.complete(current, state, request);
    } catch (e) {
      if (e instanceof SsoRefusedError) return failed('SsoFailed', lang);
      if (e instanceof SsoUnavailableError) return failed('SsoUnavailable', lang);
      throw e;
    }
    const ctx = commandContext(req, deps);
    const from = {
      ip: storableHeader(req.ip, IP_MAX),
      userAgent: storableHeader(req.headers['user-agent'], USER_AGENT_MAX),
    };
    const r = await ssoSignIn(deps.store, deps.client, who, from, ctx);
    if (r.kind === 'unknown') {
      await keepPending(deps, reply, secure, { userId: null, sso: who, record: null });
      return reply.redirect(`/${lang}/sso/register`, 303);
    }
    if (r.status === 6) {
      await keepPending(deps, reply, secure, { userId: r.userId, sso: who, record: null });
      return reply.redirect(`/${lang}/user-verification`, 303);
    }
    if (r.status !== 1) return failed(LoginErrorCode[r.status], lang);
    const account = await loadAccount(deps.store, r.userId);
    await openSession(req, reply, deps, account, secure);
    // Spec: "Success with single sign-on and a hashed key redirects to the admin site; otherwise the dashboard."
    const admin = await adminSiteRedirect(deps, account, new Date());
    return reply.redirect(admin ?? request.returnTo, 303);
  });

  route(app, C.ssoAdmin, { config: { allowDuringPasswordChange: true } }, async (req, reply) => {
    const userId = await deps.signOn.redeemAdminKey(req.query.Hashedkey, new Date());
    if (!userId) return reply.redirect('/ar/login?ssoError=SsoFailed', 303);
    await openSession(req, reply, deps, await loadAccount(deps.store, userId), secure);
    return reply.redirect('/ar/dashboard', 303);
  });

  route(app, C.ssoLogout, { config: { allowDuringPasswordChange: true } }, async (req, reply) => {
    if (req.sessionId) await deps.sessions.destroy(req.sessionId);
    clearSessionCookie(reply);
    const url = deps.sso ? await deps.sso.logoutUrl().catch(() => '/ar/sso/logout') : '/ar/sso/logout';
    return { url };
  });

  route(app, C.getPendingIdentity, {}, async (req) => {
    const p = await pendingOf(deps, req);
    return {
      pending: p !== null,
      nationalId: p?.sso?.nationalId ?? null,
      viaSso: p?.sso != null,
      record: p?.record ?? null,
    };
  });

  // Each call asks the identity service about a national id and birth date: bounded per client address.
  const verifyLimit = { rateLimit: { max: VERIFY_PER_MINUTE, timeWindow: '1 minute' } };
  route(app, C.verifyIdentity, { config: verifyLimit }, async (req, reply) => {
    const ctx = commandContext(req, deps);
    const pending = await pendingOf(deps, req);
    const userId = req.session?.userId ?? pending?.userId ?? null;
    if (!userId && !pending) throw new DomainError('IdentityVerificationRequired');
    // A sign-on asserted the national id: the verification is of that id only.
    if (pending?.sso && pending.sso.nationalId !== req.body.nationalId.trim())
      throw new DomainError('InvalidIdNo', { reason: 'NotSignedOnId' });
    const record = await lookUpIdentity(deps.identity, req.body);
    if (!userId) {
      await deps.signOn.setRecord(req.cookies[PENDING_COOKIE]!, record);
      return { record, next: 'register' as const, position: null };
    }
    const sso = req.session ? null : (pending?.sso ?? null);
    const position = await verifyAccountIdentity(deps.store, userId, record, sso, ctx);
    if (!req.session) await dropPending(deps, req, reply);
    return { record, next: req.session ? ('done' as const) : ('login' as const), position: formatPosition(position) };
  });
}
