import type { FastifyInstance } from 'fastify';
import { changePassword, login } from '../../commands/account/handlers.ts';
import { PostgresUnknownNameFailures } from '../../commands/account/unknown-names.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { RoleId } from '../../domain/shared/roles.ts';
import { sessionUserOf } from '../../projections/account/queries.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import type { SessionUser } from '../contracts/session.ts';
import * as C from '../contracts/session.ts';
import { anonymousCsrf, clearSessionCookie, openSession, requireUser } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter, readCaughtUp } from '../http/deps.ts';
import { IP_MAX, storableHeader, USER_AGENT_MAX } from '../http/headers.ts';
import { keepPending } from '../http/pending-identity.ts';
import { route } from '../http/route.ts';
import { IDLE_WARNING_SECONDS } from '../http/sessions.ts';

/** The read models a session's user is read from. */
const SESSION_USER_MODELS = ['users', 'registrations'] as const;

async function sessionUser(deps: ApiDeps, userId: string, mustChangePassword: boolean): Promise<SessionUser | null> {
  const r = await sessionUserOf(deps.db, userId);
  if (!r) return null;
  return {
    id: userId,
    userName: r.userName,
    name: { ar: r.nameAr, en: r.nameEn },
    roleId: r.roleId,
    isRegistrationComplete: r.registrationComplete,
    isNicValid: r.nicValid,
    mustChangePassword,
    registrationStatus: r.registrationStatus,
    departmentId: r.departmentId,
  };
}

export function sessionRoutes(
  app: FastifyInstance,
  deps: ApiDeps,
  opts: { secureCookies: boolean; loginRateLimit: number },
) {
  const unknownNames = new PostgresUnknownNameFailures(deps.db);

  // The session routes stay open while a password change is forced; everything else answers 428 (api/http/auth.ts).
  const open = { allowDuringPasswordChange: true };
  route(app, C.getConfig, { config: open }, async () => ({
    clientCode: deps.client.code,
    clientName: deps.client.name,
    homeView: deps.client.homeView,
    loginView: deps.client.loginView,
    hasSingleSignOn: deps.sso !== null,
    hasNotificationsHeader: true,
    captcha: deps.captcha.enabled,
    courseUrl: deps.courseUrl,
    mapTiles: deps.mapTiles,
  }));

  route(app, C.getSession, { config: open }, async (req, reply) => {
    const idle = {
      idleTimeoutSeconds: deps.sessions.idleSeconds,
      idleWarningSeconds: Math.min(IDLE_WARNING_SECONDS, deps.sessions.idleSeconds),
    };
    if (!req.session) return { user: null, csrfToken: anonymousCsrf(req, reply, opts.secureCookies), ...idle };
    await readAfter(req, deps, SESSION_USER_MODELS);
    let user = await sessionUser(deps, req.session.userId, req.session.mustChangePassword);
    // A session opened moments after its account was created (a first single sign-on, a staff account signed on at
    // once) may find the read models not holding the account yet: never answer "nobody" for a live session.
    if (!user && (await readCaughtUp(req, deps, SESSION_USER_MODELS)))
      user = await sessionUser(deps, req.session.userId, req.session.mustChangePassword);
    return { user, csrfToken: req.session.csrfToken, ...idle };
  });

  route(
    app,
    C.login,
    { config: { ...open, rateLimit: { max: opts.loginRateLimit, timeWindow: '1 minute' } } },
    async (req, reply) => {
      const ctx = commandContext(req, deps);
      // Spec LoginStatus 2 (WrongCaptcha): checked before the password, and nothing is recorded.
      await deps.captcha.verify(req.body.captcha).catch((e: unknown) => {
        throw e instanceof DomainError ? new DomainError(e.code, { ...e.details, loginStatus: 2 }) : e;
      });
      const result = await login(
        deps.store,
        deps.client,
        {
          userName: req.body.userName,
          password: req.body.password,
          ip: storableHeader(req.ip, IP_MAX),
          userAgent: storableHeader(req.headers['user-agent'], USER_AGENT_MAX),
        },
        ctx,
        unknownNames,
      );
      if (result.status !== 1) {
        // InvalidNIC: the password matched; the user-verification page may verify this account's national id.
        if (result.status === 6 && result.userId)
          await keepPending(deps, reply, opts.secureCookies, { userId: result.userId, sso: null, record: null });
        throw new DomainError(C.LoginErrorCode[result.status], {
          loginStatus: result.status,
          ...(result.lockedUntil ? { lockedUntil: result.lockedUntil } : {}),
        });
      }
      const a = result.account;
      const csrfToken = await openSession(req, reply, deps, a, opts.secureCookies);
      // The user as GET /api/session shows it (the read models, once they include this login): the account stream's
      // own registration flag is only its value at creation, and would greet an approved volunteer as unregistered.
      await waitForPosition(deps.db, ['users', 'registrations'], result.position, deps.readWaitMs);
      const user = await sessionUser(deps, a.userId, a.mustChangePassword);
      return {
        loginStatus: 1 as const,
        csrfToken,
        position: formatPosition(result.position),
        user: user ?? {
          id: a.userId,
          userName: a.userName,
          name: a.name,
          roleId: a.roleId,
          isRegistrationComplete: a.registrationComplete,
          isNicValid: a.nicValid,
          mustChangePassword: a.mustChangePassword,
          registrationStatus: null,
          departmentId: a.departmentId,
        },
      };
    },
  );

  route(app, C.logout, { config: open }, async (req, reply) => {
    if (req.sessionId) await deps.sessions.destroy(req.sessionId);
    clearSessionCookie(reply);
    return reply.code(204).send();
  });

  route(app, C.keepalive, { config: open, preHandler: requireUser() }, async (_req, reply) => reply.code(204).send());

  route(app, C.changePassword, { config: open, preHandler: requireUser() }, async (req) => {
    const position = await changePassword(deps.store, req.session!.userId, req.body, commandContext(req, deps));
    await deps.sessions.passwordChanged(req.sessionId!);
    await deps.sessions.destroyOthersOf(req.session!.userId, req.sessionId!);
    return { position: formatPosition(position) };
  });

  route(app, C.myPermissions, { config: open, preHandler: requireUser() }, async (req) => {
    const roleId = req.session!.roleId as RoleId;
    return { roleId, screens: (await deps.permissions.fresh()).screensOf(roleId) };
  });
}
