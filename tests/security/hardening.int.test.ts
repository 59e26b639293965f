import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { createAccount, userIdForName } from '../../commands/account/handlers.ts';
import { hashPassword } from '../../commands/account/password-hash.ts';
import { MAX_FAILED_LOGINS } from '../../domain/account/decide.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { depsFrom } from '../../workers/runtime.ts';
import { Browser, signedIn, startTestPortal, type TestPortal } from '../support/portal.ts';

// The controls of docs/security.md that are not authorisation: proxy trust, lockout and enumeration, sessions,
// headers, the operator's routes, encoded paths and the forced password change.

let portal: TestPortal;
const extraApps: FastifyInstance[] = [];
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  for (const a of extraApps) await a.close();
  await portal?.close();
});

/** Another API over the same runtime, with its own options (rate limits, proxies, public address). */
async function appWith(opts: Parameters<typeof buildApp>[1]): Promise<FastifyInstance> {
  const app = await buildApp(depsFrom(portal.runtime, 5000), { logLevel: 'silent', webDist: null, ...opts });
  extraApps.push(app);
  return app;
}

const ctx = (commandId: string) => ({
  actorId: null,
  actorRole: null,
  correlationId: 'test',
  causationId: null,
  clientCode: 'MOH' as const,
  commandId,
  now: new Date(),
});

async function account(userName: string, password: string, over: { mustChangePassword?: boolean } = {}) {
  await createAccount(
    portal.runtime.store,
    {
      userName,
      name: { ar: 'مستخدم', en: 'User' },
      email: `${userName}@portal.localhost`,
      roleId: 2,
      password,
      mustChangePassword: over.mustChangePassword ?? false,
    },
    ctx(`create-${userName}`),
  );
}

/** The addresses the users log holds for a user name, once it has applied the command at `position`. */
async function loginLogIps(userName: string, position: string): Promise<string[]> {
  const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  const res = await admin.get(`/api/users/login-log?pageSize=100&after=${encodeURIComponent(position)}`);
  const rows = res.json().rows as { userName: string; ip: string }[];
  return rows.filter((r) => r.userName === userName).map((r) => r.ip);
}

describe('proxy trust', () => {
  it('ignores X-Forwarded-For by default: a client cannot escape the login rate limit or forge its address', async () => {
    const app = await appWith({ loginRateLimit: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const b = new Browser(app);
      b.csrf = (await b.get('/api/session')).json().csrfToken;
      const res = await b.post(
        '/api/session/login',
        { userName: 'xff-nobody', password: 'Wrong@2026!' },
        { 'x-forwarded-for': `203.0.113.${i + 1}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    await account('xff-user', 'Right@2026!');
    const trusting = await appWith({ trustProxy: '127.0.0.1' });
    const b = new Browser(trusting);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    await b.post(
      '/api/session/login',
      { userName: 'xff-user', password: 'Right@2026!' },
      {
        'x-forwarded-for': '198.51.100.7',
      },
    );
    const stranger = new Browser(trusting, '192.0.2.1');
    stranger.csrf = (await stranger.get('/api/session')).json().csrfToken;
    const last = await stranger.post(
      '/api/session/login',
      { userName: 'xff-user', password: 'Right@2026!' },
      { 'x-forwarded-for': '198.51.100.99' },
    );
    const ips = await loginLogIps('xff-user', last.json().position);
    expect(ips).toEqual(expect.arrayContaining(['198.51.100.7', '192.0.2.1']));
    expect(ips).not.toContain('198.51.100.99');
  });
});

describe('lockout and enumeration', () => {
  const attempts = async (b: Browser, userName: string, password: string, n: number) => {
    const answers: { code: string; lockedUntil?: string }[] = [];
    for (let i = 0; i < n; i++) {
      const e = (await b.login(userName, password)).json().error;
      answers.push({ code: e.code, ...(e.details?.lockedUntil ? { lockedUntil: e.details.lockedUntil } : {}) });
    }
    return answers;
  };

  it('locks the attacking source out of an account, never the real user signing in from elsewhere', async () => {
    await account('victim', 'Victim@2026!');
    const attacker = new Browser(portal.app, '10.66.0.1');
    const codes = (await attempts(attacker, 'victim', 'Guess@2026!', MAX_FAILED_LOGINS)).map((a) => a.code);
    expect(codes).toEqual(['WrongInfo', 'WrongInfo', 'WrongInfo', 'WrongInfo', 'Locked']);
    expect((await attacker.login('victim', 'Victim@2026!')).json().error.code).toBe('Locked');

    const owner = new Browser(portal.app, '10.7.0.1');
    expect((await owner.login('victim', 'Victim@2026!')).statusCode).toBe(200);
  });

  it('mails the owner once per lockout window however many sources an attacker locks', async () => {
    await account('flooded', 'Flooded@2026!');
    for (const source of ['10.88.0.1', '10.88.0.2', '10.88.0.3']) {
      const codes = (await attempts(new Browser(portal.app, source), 'flooded', 'Guess@2026!', MAX_FAILED_LOGINS)).map(
        (a) => a.code,
      );
      expect(codes.at(-1)).toBe('Locked');
    }
    await waitForPosition(portal.runtime.db, ['reactions-account'], await portal.runtime.store.lastPosition(), 10_000);
    const userId = await userIdForName(portal.runtime.store, 'flooded');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from jobs.queue where name = 'mail.account-locked' and payload->>'userId' = ${userId}`.execute(
      portal.runtime.db,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('answers an unknown user name exactly as a known one, lock included', async () => {
    await account('known-name', 'Known@2026!');
    const known = await attempts(new Browser(portal.app, '10.1.0.1'), 'known-name', 'Guess@2026!', 6);
    const unknown = await attempts(new Browser(portal.app, '10.1.0.2'), 'no-such-name', 'Guess@2026!', 6);
    const shape = (xs: typeof known) => xs.map((x) => [x.code, x.lockedUntil !== undefined]);
    expect(shape(unknown)).toEqual(shape(known));
    expect(shape(known).at(-1)).toEqual(['Locked', true]);
  });
});

describe('sessions', () => {
  it('ends the other sessions of a user who changes her password, and keeps the one that changed it', async () => {
    await account('two-devices', 'First@2026!');
    const phone = await signedIn(portal.app, 'two-devices', 'First@2026!');
    const laptop = await signedIn(portal.app, 'two-devices', 'First@2026!');
    const changed = await laptop.post('/api/session/change-password', {
      oldPassword: 'First@2026!',
      newPassword: 'Second@2026!',
      confirmPassword: 'Second@2026!',
    });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get('/api/session/permissions')).statusCode).toBe(401);
    expect((await laptop.get('/api/session/permissions')).statusCode).toBe(200);
  });

  it('ends a busy session at its absolute lifetime, whatever its activity', async () => {
    await account('long-day', 'Long@2026!x');
    const b = await signedIn(portal.app, 'long-day', 'Long@2026!x');
    const userId = await userIdForName(portal.runtime.store, 'long-day');
    await sql`update auth.sessions set created_at = now() - interval '13 hours', last_seen_at = now()
               where user_id = ${userId}`.execute(portal.runtime.db);
    const res = await b.get('/api/session/permissions');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SessionExpired');
  });

  it('closes the invitations stream when its session logs out', async () => {
    const app = await appWith({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const reem = await signedIn(app, 'volunteer2', 'Volunteer@2026!');
    const res = await fetch(`${base}/api/me/invitations/stream`, {
      headers: { cookie: [...reem.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    const reader = res.body!.getReader();
    await reader.read(); // the first list
    expect((await reem.post('/api/session/logout')).statusCode).toBe(204);
    const ended = await Promise.race([
      (async () => {
        for (;;) if ((await reader.read()).done) return true;
      })(),
      new Promise<false>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    expect(ended).toBe(true);
  });

  it('keeps the session on a refused image or screen: only the session check ends one', async () => {
    const v = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    expect((await v.get('/api/audit-log')).statusCode).toBe(403);
    expect((await v.get('/api/files/00000000-0000-4000-8000-00000000abcd')).statusCode).toBe(404);
    expect((await v.get('/api/session')).json().user?.userName).toBe('volunteer1');
  });
});

describe('password hashes', () => {
  const eventsOf = async (userName: string) => {
    const userId = (await userIdForName(portal.runtime.store, userName))!;
    const out: { type: string; data: Record<string, unknown> }[] = [];
    for await (const e of portal.runtime.store.readStream(`user-${userId}`))
      out.push({ type: e.type, data: e.data as Record<string, unknown> });
    return { userId, events: out };
  };
  const credentialsOf = async (userId: string) =>
    (
      await sql<{
        credential_id: string;
      }>`select credential_id::text from auth.credentials where user_id = ${userId}`.execute(portal.runtime.db)
    ).rows.map((r) => r.credential_id);

  it('keeps hashes out of the log and erases the old one when the password changes', async () => {
    await account('shredded', 'First@2026!');
    const b = await signedIn(portal.app, 'shredded', 'First@2026!');
    const before = await eventsOf('shredded');
    const [first] = await credentialsOf(before.userId);
    await b.post('/api/session/change-password', {
      oldPassword: 'First@2026!',
      newPassword: 'Second@2026!',
      confirmPassword: 'Second@2026!',
    });
    const after = await eventsOf('shredded');
    expect(JSON.stringify(after.events)).not.toMatch(/argon2|passwordHash/);
    const left = await credentialsOf(after.userId);
    expect(left).toHaveLength(1);
    expect(left).not.toContain(first);
    expect((await new Browser(portal.app).login('shredded', 'First@2026!')).statusCode).toBe(401);
    expect((await new Browser(portal.app).login('shredded', 'Second@2026!')).statusCode).toBe(200);
  });

  it('still signs in an account whose hash an old event carries, and ignores that hash once the password changes', async () => {
    const userId = '00000000-0000-4000-8000-00000000aaaa';
    const meta = {
      actorId: null,
      actorRole: null,
      correlationId: 'legacy',
      causationId: null,
      occurredAt: new Date().toISOString(),
      clientCode: 'MOH',
    };
    await portal.runtime.store.append(
      'username-legacy-user',
      [
        {
          id: crypto.randomUUID(),
          type: 'UserNameReserved',
          data: { userName: 'legacy-user', userId },
          metadata: meta,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    await portal.runtime.store.append(
      `user-${userId}`,
      [
        {
          id: crypto.randomUUID(),
          type: 'AccountCreated',
          data: {
            userId,
            userName: 'legacy-user',
            name: { ar: 'قديم', en: 'Legacy' },
            email: 'legacy@portal.localhost',
            roleId: 2,
            passwordHash: await hashPassword('Legacy@2026!'),
            mustChangePassword: false,
            emailVerified: true,
            nicValid: true,
            registrationComplete: true,
          },
          metadata: meta,
        },
      ],
      { expectedRevision: 'no_stream' },
    );
    const b = await signedIn(portal.app, 'legacy-user', 'Legacy@2026!');
    // The first sign-in moved the hash to a credential: from now on the old event's copy is not read.
    expect(await credentialsOf(userId)).toHaveLength(1);
    const types: string[] = [];
    for await (const e of portal.runtime.store.readStream(`user-${userId}`)) types.push(e.type);
    expect(types).toContain('PasswordCredentialMoved');
    expect((await new Browser(portal.app).login('legacy-user', 'Legacy@2026!')).statusCode).toBe(200);
    const changed = await b.post('/api/session/change-password', {
      oldPassword: 'Legacy@2026!',
      newPassword: 'Modern@2026!',
      confirmPassword: 'Modern@2026!',
    });
    expect(changed.statusCode).toBe(200);
    expect(await credentialsOf(userId)).toHaveLength(1);
    expect((await new Browser(portal.app).login('legacy-user', 'Legacy@2026!')).statusCode).toBe(401);
    expect((await new Browser(portal.app).login('legacy-user', 'Modern@2026!')).statusCode).toBe(200);
    // The audit log never shows the old event's hash.
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const audit = await admin.get(
      `/api/audit-log?recordId=${userId}&after=${encodeURIComponent(changed.json().position)}`,
    );
    const rows = audit.json().rows as { action: string }[];
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['AccountCreated', 'PasswordChanged']));
    expect(audit.body).not.toMatch(/argon2/);
  });
});

describe('forced password change', () => {
  it('answers 428 on every route but the session ones, public reads included', async () => {
    await account('must-change', 'Old@2026!xx', { mustChangePassword: true });
    const b = await signedIn(portal.app, 'must-change', 'Old@2026!xx');
    for (const url of ['/api/opportunities', '/api/lookups', '/api/registrations', '/api/opportunities/map']) {
      const res = await b.get(url);
      expect([url, res.statusCode]).toEqual([url, 428]);
    }
    expect((await b.get('/api/session')).statusCode).toBe(200);
    expect((await b.get('/api/session/permissions')).statusCode).toBe(200);
    expect((await b.post('/api/session/keepalive')).statusCode).toBe(204);
  });
});

describe('encoded paths', () => {
  it('gives a percent-encoded /api path the same session and CSRF checks', async () => {
    const anonymous = await portal.app.inject({ method: 'GET', url: '/%61pi/users/login-log' });
    expect(anonymous.statusCode).toBe(401);
    const noToken = await portal.app.inject({
      method: 'POST',
      url: '/%61pi/session/login',
      payload: { userName: 'admin', password: 'Admin@2026!' },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().error.code).toBe('CsrfRejected');
    // The session is found on the encoded path too (the forced-change and role checks depend on it).
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    expect((await admin.get('/%61pi/users/login-log')).statusCode).toBe(200);
  });
});

describe('headers', () => {
  it('sends a CSP without inline script, frame-ancestors none, nosniff and a referrer policy on every answer', async () => {
    for (const url of ['/api/session', '/api/opportunities/map', '/api/nothing-here']) {
      const res = await portal.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('lets a scraper with METRICS_TOKEN read the metrics, and nobody with a wrong one', async () => {
    process.env.METRICS_TOKEN = 'scrape-me-0123456789';
    try {
      const ask = (token: string) =>
        portal.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${token}` } });
      expect((await ask('scrape-me-0123456789')).statusCode).toBe(200);
      expect((await ask('scrape-me-0123456788')).statusCode).toBe(401);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });

  it('adds HSTS and Secure cookies when the public address is https', async () => {
    const app = await appWith({ publicUrl: 'https://portal.example.org' });
    const res = await app.inject({ method: 'GET', url: '/api/session' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const csrf = (res.cookies as { name: string; secure?: boolean }[]).find((c) => c.name === 'csrf');
    expect(csrf?.secure).toBe(true);
  });
});
