import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, deactivateAccount } from '../../commands/account/handlers.ts';
import { LOCKOUT_MINUTES, MAX_FAILED_LOGINS } from '../../domain/account/decide.ts';
import { Browser, mailsTo, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

let portal: TestPortal;
const ctx = (commandId: string) => ({
  actorId: null,
  actorRole: null,
  correlationId: 'test',
  causationId: null,
  clientCode: 'MOH' as const,
  commandId,
  now: new Date(),
});

beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

describe('login', () => {
  it('signs the demo admin in with an httpOnly session cookie and answers the session with the user', async () => {
    const b = new Browser(portal.app);
    const res = await b.login('admin', 'Admin@2026!');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      loginStatus: 1,
      user: { userName: 'admin', roleId: 3, name: { en: 'Sarah Alotaibi' }, registrationStatus: null },
    });
    const sid = (res.cookies as { name: string; httpOnly?: boolean }[]).find((c) => c.name === 'sid');
    expect(sid?.httpOnly).toBe(true);
    const s = await b.get(`/api/session?after=${res.json().position}`);
    expect(s.json().user).toMatchObject({ userName: 'admin', name: { ar: 'سارة العتيبي' }, mustChangePassword: false });
    expect(s.json().idleTimeoutSeconds).toBe(900);
  });

  it('answers an empty user name or password with Error_ReqCredentials', async () => {
    const b = new Browser(portal.app);
    const res = await b.login('   ', 'x');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('Error_ReqCredentials');
  });

  it('answers an unknown user name as WrongInfo (3) and records the attempt', async () => {
    const b = new Browser(portal.app);
    const res = await b.login('nobody-here', 'Whatever1!');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'WrongInfo', details: { loginStatus: 3 } });
  });

  it(`locks after ${MAX_FAILED_LOGINS} wrong passwords for ${LOCKOUT_MINUTES} minutes, then refuses the right one, and mails the owner`, async () => {
    await createAccount(
      portal.runtime.store,
      {
        userName: 'lockme',
        name: { ar: 'مقفل', en: 'Lock Me' },
        email: 'lockme@portal.localhost',
        roleId: 2,
        password: 'Right@2026!',
        mustChangePassword: false,
      },
      ctx('create-lockme'),
    );
    const b = new Browser(portal.app);
    const codes: string[] = [];
    for (let i = 0; i < MAX_FAILED_LOGINS; i++) codes.push((await b.login('lockme', 'Wrong@2026!')).json().error.code);
    expect(codes).toEqual(['WrongInfo', 'WrongInfo', 'WrongInfo', 'WrongInfo', 'Locked']);
    const right = await b.login('lockme', 'Right@2026!');
    expect(right.statusCode).toBe(401);
    expect(right.json().error.code).toBe('Locked');
    const until = new Date(right.json().error.details.lockedUntil).getTime();
    expect(until - Date.now()).toBeGreaterThan((LOCKOUT_MINUTES - 1) * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(LOCKOUT_MINUTES * 60_000);

    // The side effect runs as a job after the event committed: one mail to the owner.
    const mails = await mailsTo(portal, 'lockme@portal.localhost', 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('your account was locked after repeated failed sign-ins');
  });

  it('refuses a deactivated user (DeactivatedUser, 4)', async () => {
    const { userId } = await createAccount(
      portal.runtime.store,
      {
        userName: 'leaver',
        name: { ar: 'مغادر', en: 'Leaver' },
        email: 'leaver@portal.localhost',
        roleId: 2,
        password: 'Right@2026!',
        mustChangePassword: false,
      },
      ctx('create-leaver'),
    );
    await deactivateAccount(portal.runtime.store, userId, 'left', ctx('deactivate-leaver'));
    const res = await new Browser(portal.app).login('leaver', 'Right@2026!');
    expect(res.json().error).toMatchObject({ code: 'DeactivatedUser', details: { loginStatus: 4 } });
  });

  it('records every attempt in the users log with its LoginStatus', async () => {
    const b = new Browser(portal.app);
    const res = await b.login('admin', 'Admin@2026!');
    const log = await b.get(`/api/users/login-log?pageSize=100&after=${res.json().position}`);
    expect(log.statusCode).toBe(200);
    const statuses = log
      .json()
      .rows.map((r: { userName: string; loginStatus: number }) => `${r.userName}:${r.loginStatus}`);
    expect(statuses).toContain('admin:1');
    expect(statuses).toContain('nobody-here:3');
    expect(statuses).toContain('lockme:5');
    expect(statuses).toContain('leaver:4');
  });

  it('puts the request id into the events it writes', async () => {
    const b = new Browser(portal.app);
    const res = await b.login('staff', 'Staff@2026!');
    const requestId = res.headers['x-request-id'];
    expect(requestId).toBeTruthy();
    const events = [];
    for await (const e of portal.runtime.store.readStream('user-00000000-0000-4000-8000-000000000002')) events.push(e);
    expect(events.at(-1)).toMatchObject({
      type: 'LoginSucceeded',
      metadata: {
        correlationId: requestId,
        actorId: '00000000-0000-4000-8000-000000000002',
        actorRole: 2,
        clientCode: 'MOH',
      },
    });
  });
});

describe('CSRF', () => {
  it('rejects a login without the token', async () => {
    const res = await portal.app.inject({
      method: 'POST',
      url: '/api/session/login',
      payload: { userName: 'admin', password: 'Admin@2026!' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CsrfRejected');
  });

  it('rejects a signed-in POST that carries the anonymous token instead of the session one', async () => {
    const b = new Browser(portal.app);
    const anon = (await b.get('/api/session')).json().csrfToken;
    await b.login('staff', 'Staff@2026!');
    const res = await b.post('/api/session/keepalive', undefined, { 'x-csrf-token': anon });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CsrfRejected');
    expect((await b.post('/api/session/keepalive')).statusCode).toBe(204);
  });
});

describe('session', () => {
  it('ends a session idle for more than 900 seconds', async () => {
    const b = new Browser(portal.app);
    await b.login('reviewer', 'Review@2026!');
    expect((await b.get('/api/session/permissions')).statusCode).toBe(200);
    await sql`update auth.sessions set last_seen_at = now() - interval '899 seconds'`.execute(portal.runtime.db);
    expect((await b.get('/api/session/permissions')).statusCode).toBe(200); // and that request touched it again
    await sql`update auth.sessions set last_seen_at = now() - interval '901 seconds'`.execute(portal.runtime.db);
    const res = await b.get('/api/session/permissions');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SessionExpired');
    expect((await b.get('/api/session')).json().user).toBeNull();
  });

  it('moves last_seen_at at most every 10 seconds, so busy sessions do not write on every request', async () => {
    const b = new Browser(portal.app);
    await b.login('reviewer', 'Review@2026!');
    const seen = async () =>
      (
        await sql<{ age: number }>`select extract(epoch from now() - max(last_seen_at))::float8 as age
                                     from auth.sessions where user_id = '00000000-0000-4000-8000-000000000003'`.execute(
          portal.runtime.db,
        )
      ).rows[0]!.age;
    await sql`update auth.sessions set last_seen_at = now() - interval '5 seconds'
               where user_id = '00000000-0000-4000-8000-000000000003'`.execute(portal.runtime.db);
    expect((await b.get('/api/session/permissions')).statusCode).toBe(200);
    expect(await seen()).toBeGreaterThanOrEqual(4.9);
    await sql`update auth.sessions set last_seen_at = now() - interval '11 seconds'
               where user_id = '00000000-0000-4000-8000-000000000003'`.execute(portal.runtime.db);
    expect((await b.get('/api/session/permissions')).statusCode).toBe(200);
    expect(await seen()).toBeLessThan(1);
  });

  it('gives each of many simultaneous requests its own session, though their checks share statements', async () => {
    const who = [
      ['admin', 'Admin@2026!'],
      ['reviewer', 'Review@2026!'],
      ['staff', 'Staff@2026!'],
    ] as const;
    const browsers = await Promise.all(
      who.map(async ([name, password]) => {
        const b = new Browser(portal.app);
        expect((await b.login(name, password)).statusCode).toBe(200);
        return { name, b };
      }),
    );
    const unknown = new Browser(portal.app);
    const asked = Array.from({ length: 30 }, (_, i) => (i % 4 === 3 ? { name: null, b: unknown } : browsers[i % 4]!));
    const answers = await Promise.all(asked.map((a) => a.b.get('/api/session')));
    for (const [i, res] of answers.entries()) {
      expect(res.statusCode).toBe(200);
      expect(res.json().user?.userName ?? null).toBe(asked[i]!.name);
    }
  });

  it('answers 403 on a screen the role lacks and keeps the session: only the session check ends one', async () => {
    const b = new Browser(portal.app);
    await b.login('volunteer1', 'Volunteer@2026!');
    const res = await b.get('/api/users/login-log');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('Forbidden');
    expect((await b.get('/api/session')).json().user).toMatchObject({ userName: 'volunteer1' });
  });

  it('serves the role permissions the web app builds its menus from', async () => {
    const b = new Browser(portal.app);
    await b.login('volunteer2', 'Volunteer@2026!');
    const p = (await b.get('/api/session/permissions')).json();
    expect(p.roleId).toBe(1);
    expect(p.screens.dashboard).toEqual(['View']);
    expect(p.screens.users).toBeUndefined();
  });

  it('lists the staff members a reviewer can be chosen from, not the volunteers', async () => {
    const b = new Browser(portal.app);
    await b.login('reviewer', 'Review@2026!');
    const res = await b.get('/api/staff-members');
    expect(res.statusCode).toBe(200);
    const roles = new Set(res.json().map((u: { roleId: number }) => u.roleId));
    expect(roles.has(1)).toBe(false);
    expect(res.json().map((u: { nameEn: string }) => u.nameEn)).toEqual(
      expect.arrayContaining(['Noura Alqahtani', 'Khalid Alharbi', 'Sarah Alotaibi']),
    );
  });

  it('logs out', async () => {
    const b = new Browser(portal.app);
    await b.login('staff', 'Staff@2026!');
    expect((await b.post('/api/session/logout')).statusCode).toBe(204);
    expect((await b.get('/api/session/permissions')).statusCode).toBe(401);
  });
});

describe('forced password change', () => {
  it('holds every other screen until the new password is set, then lets the new password in and not the old', async () => {
    const b = new Browser(portal.app);
    const res = await b.login('volunteer3', 'Volunteer@2026!');
    expect(res.json().user.mustChangePassword).toBe(true);
    const held = await b.get('/api/users/login-log');
    expect(held.statusCode).toBe(428);
    expect(held.json().error.code).toBe('PasswordChangeRequired');

    const change = (body: object, key?: string) =>
      b.post('/api/session/change-password', body, key ? { 'idempotency-key': key } : {});
    expect(
      (
        await change({ oldPassword: 'Volunteer@2026!', newPassword: 'Fresh@2026!x', confirmPassword: 'Fresh@2026!y' })
      ).json().error.code,
    ).toBe('PasswordsNotMatched');
    const weak = await change({
      oldPassword: 'Volunteer@2026!',
      newPassword: 'fresh2026',
      confirmPassword: 'fresh2026',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error).toMatchObject({
      code: 'WeakPassword',
      details: { problems: ['noUppercase', 'noSpecial'] },
    });
    expect(
      (
        await change({ oldPassword: 'Wrong@2026!', newPassword: 'Fresh@2026!x', confirmPassword: 'Fresh@2026!x' })
      ).json().error.code,
    ).toBe('WrongOldPassword');

    // The same command retried with the same idempotency key appends once.
    const ok1 = await change(
      { oldPassword: 'Volunteer@2026!', newPassword: 'Fresh@2026!x', confirmPassword: 'Fresh@2026!x' },
      'change-pw-volunteer3-1',
    );
    const ok2 = await change(
      { oldPassword: 'Volunteer@2026!', newPassword: 'Fresh@2026!x', confirmPassword: 'Fresh@2026!x' },
      'change-pw-volunteer3-1',
    );
    expect(ok1.statusCode).toBe(200);
    expect(ok2.statusCode).toBe(200);
    expect(ok2.json().position).toBe(ok1.json().position);
    const changes = [];
    for await (const e of portal.runtime.store.readStream('user-00000000-0000-4000-8000-000000000006'))
      if (e.type === 'PasswordChanged') changes.push(e);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.data).toMatchObject({ forced: true });

    expect((await b.get('/api/session/permissions')).statusCode).toBe(200);
    expect((await new Browser(portal.app).login('volunteer3', 'Volunteer@2026!')).statusCode).toBe(401);
    const again = await new Browser(portal.app).login('volunteer3', 'Fresh@2026!x');
    expect(again.statusCode).toBe(200);
    expect(again.json().user.mustChangePassword).toBe(false);
  });
});

describe('health', () => {
  it('answers a bare liveness to everyone', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports the database, the event store, the queue and each projection lag to admins only', async () => {
    expect((await portal.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(401);
    expect((await portal.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    const staff = new Browser(portal.app);
    await staff.login('staff', 'Staff@2026!');
    expect((await staff.get('/api/health')).statusCode).toBe(403);
    const admin = new Browser(portal.app);
    await admin.login('admin', 'Admin@2026!');
    const res = await admin.get('/api/health');
    expect(res.statusCode).toBe(200);
    const h = res.json();
    expect(h.database.ok).toBe(true);
    expect(h.eventStore).toMatchObject({ ok: true, kind: 'postgres' });
    expect(h.queue).toMatchObject({ ok: true, kind: 'postgres' });
    expect(h.projections.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['users', 'login-log', 'reactions-account']),
    );
    const metrics = await admin.get('/api/metrics');
    expect(metrics.body).toMatch(/portal_projection_lag_events\{projection="users"\} \d+/);
    expect(metrics.body).toMatch(/portal_projection_lag_seconds\{projection="login-log"\} [\d.]+/);
  });

  it('serves the OpenAPI document to admins only', async () => {
    expect((await portal.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    expect((await portal.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(401);
    const admin = new Browser(portal.app);
    await admin.login('admin', 'Admin@2026!');
    const res = await admin.get('/api/docs/json');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/session/login', '/api/session/change-password', '/api/health']),
    );
  });
});
