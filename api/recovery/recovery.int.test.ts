import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, deactivateAccount } from '../../commands/account/handlers.ts';
import { resetPassword } from '../../commands/account/recovery.ts';
import { MAX_FAILED_LOGINS, RESET_LINK_DAYS } from '../../domain/account/decide.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import {
  Browser,
  mailedVerificationToken,
  mailsTo,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';
import type { CaptchaChallenge } from '../contracts/recovery.ts';
import { FORGOT_ANSWER_MS } from './routes.ts';

const OLD = 'Old!Pass2026';
const NEW = 'New!Pass2026';
let portal: TestPortal;
let n = 0;
const ctx = (now = new Date()) => ({
  actorId: null,
  actorRole: null,
  correlationId: 'test',
  causationId: null,
  clientCode: 'MOH' as const,
  commandId: `recovery-${++n}-${Date.now()}`,
  now,
});

/** A volunteer account with a known password and an address of its own. */
async function account(over: { emailVerified?: boolean } = {}) {
  const name = `rec${Date.now() % 1_000_000}${++n}`;
  const email = `${name}@example.org`;
  const { userId, position } = await createAccount(
    portal.runtime.store,
    {
      userName: name,
      name: { ar: 'متطوع', en: 'Volunteer' },
      email,
      roleId: 1,
      password: OLD,
      mustChangePassword: false,
      ...over,
    },
    ctx(),
  );
  // The forgot routes find the account by its address in rm.users.
  await waitForPosition(portal.runtime.db, ['users'], position, 10_000);
  return { userId, userName: name, email };
}

async function visitor() {
  const b = new Browser(portal.app);
  b.csrf = (await b.get('/api/session')).json().csrfToken;
  return b;
}

/** The reset links' tokens in the mails to the address, once there are `count` (in no particular order). */
async function mailedResetTokens(email: string, count = 1): Promise<string[]> {
  // Other mails reach the same address (the lockout notice): wait for the reset links themselves.
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = await mailsTo(portal, email, 1);
    const tokens = mails.map((m) => /reset-password\?token=([^\s&]+)/.exec(m)?.[1]).filter((t): t is string => !!t);
    if (tokens.length >= count) return tokens.map(decodeURIComponent);
    if (Date.now() > deadline) throw new Error(`no reset mail for ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
const mailedResetToken = async (email: string) => (await mailedResetTokens(email))[0]!;

/** Events the request wrote: the request id becomes the events' correlation id. */
async function eventsOf(requestId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from es.events where metadata->>'correlationId' = ${requestId}`.execute(portal.runtime.db);
  return Number(rows[0]!.n);
}

// Two portals would hold two sets of connections at once (each runner keeps one for its lock): the one with the
// captcha off is closed before the one with it on starts.
describe('with the captcha off (a test environment)', () => {
  beforeAll(async () => {
    portal = await startTestPortal({ forgotAnswerMs: FORGOT_ANSWER_MS });
  });
  afterAll(async () => {
    await portal?.close();
  });

  it('tells the web the captcha is off in a test environment', async () => {
    expect((await new Browser(portal.app).get('/api/config')).json().captcha).toBe(false);
  });

  describe('forgotten password', () => {
    it('mails a link that sets the password once; the next login forces a change', async () => {
      const a = await account();
      const b = await visitor();
      const asked = await b.post('/api/account/forgot-password', { email: a.email.toUpperCase(), lang: 'ar' });
      expect(asked.statusCode).toBe(200);
      const token = await mailedResetToken(a.email);

      const done = await b.post('/api/account/reset-password', { token, newPassword: NEW, confirmPassword: NEW });
      expect(done.statusCode).toBe(200);
      const again = await b.post('/api/account/reset-password', { token, newPassword: NEW, confirmPassword: NEW });
      expect(again.statusCode).toBe(422);
      expect(again.json().error.code).toBe('Error_WrongActivationLink');

      expect((await new Browser(portal.app).login(a.userName, OLD)).json().error.code).toBe('WrongInfo');
      const u = new Browser(portal.app);
      const signedIn = await u.login(a.userName, NEW);
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json().user.mustChangePassword).toBe(true);
      expect((await u.get('/api/me/notifications')).statusCode).toBe(428);
      const changed = await u.post('/api/session/change-password', {
        oldPassword: NEW,
        newPassword: 'Third!Pass2026',
        confirmPassword: 'Third!Pass2026',
      });
      expect(changed.statusCode).toBe(200);
    });

    it(`refuses the link from ${RESET_LINK_DAYS} days after the request (controlled clock), accepts it just before`, async () => {
      const a = await account();
      const requestedAt = Date.now();
      await (await visitor()).post('/api/account/forgot-password', { email: a.email });
      const token = await mailedResetToken(a.email);
      const at = (ms: number) => ctx(new Date(requestedAt + ms));
      const input = { token, newPassword: NEW, confirmPassword: NEW };
      const late = RESET_LINK_DAYS * 86_400_000 + 5_000;
      await expect(resetPassword(portal.runtime.store, input, at(late))).rejects.toMatchObject({
        code: 'Error_WrongActivationLink',
        details: { expired: true },
      });
      const inTime = RESET_LINK_DAYS * 86_400_000 - 60_000;
      await expect(resetPassword(portal.runtime.store, input, at(inTime))).resolves.toMatchObject({ userId: a.userId });
    });

    it('refuses a wrong or malformed token, and an older link once a newer one was sent', async () => {
      const a = await account();
      const b = await visitor();
      await b.post('/api/account/forgot-password', { email: a.email });
      const first = await mailedResetToken(a.email);
      await b.post('/api/account/forgot-password', { email: a.email });
      const second = (await mailedResetTokens(a.email, 2)).find((t) => t !== first)!;
      expect(second).toBeDefined();
      for (const token of [first, `${a.userId}.${'A'.repeat(43)}`, 'not-a-link']) {
        const r = await b.post('/api/account/reset-password', { token, newPassword: NEW, confirmPassword: NEW });
        expect(r.statusCode).toBe(422);
        expect(r.json().error.code).toBe('Error_WrongActivationLink');
      }
      const ok = await b.post('/api/account/reset-password', { token: second, newPassword: NEW, confirmPassword: NEW });
      expect(ok.statusCode).toBe(200);
    });

    it('unlocks a locked-out account', async () => {
      const a = await account();
      const u = new Browser(portal.app);
      for (let i = 0; i < MAX_FAILED_LOGINS; i++) await u.login(a.userName, 'Wrong!Pass1');
      expect((await u.login(a.userName, OLD)).json().error.code).toBe('Locked');
      await (await visitor()).post('/api/account/forgot-password', { email: a.email });
      const token = await mailedResetToken(a.email);
      await (await visitor()).post('/api/account/reset-password', { token, newPassword: NEW, confirmPassword: NEW });
      expect((await u.login(a.userName, NEW)).statusCode).toBe(200);
    });
  });

  describe('no account enumeration', () => {
    for (const path of ['/api/account/forgot-password', '/api/account/forgot-username']) {
      it(`${path} answers an unknown address exactly as a known one, in similar time, and writes nothing for it`, async () => {
        const a = await account();
        const b = await visitor();
        const timed = async (email: string, id: string) => {
          const t0 = performance.now();
          const r = await b.post(path, { email }, { 'x-request-id': id });
          return { r, ms: performance.now() - t0 };
        };
        const known = await timed(a.email, `known-${n}`);
        const unknown = await timed(`nobody-${n}@example.org`, `unknown-${n}`);
        expect(unknown.r.statusCode).toBe(known.r.statusCode);
        expect(unknown.r.body).toBe(known.r.body);
        expect(known.r.json()).toEqual({ accepted: true });
        expect(known.ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 5);
        expect(unknown.ms).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 5);
        expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(FORGOT_ANSWER_MS / 2);
        expect(await eventsOf(`known-${n}`)).toBe(1);
        expect(await eventsOf(`unknown-${n}`)).toBe(0);
      });
    }

    it('requires the e-mail', async () => {
      const r = await (await visitor()).post('/api/account/forgot-password', { email: '  ' });
      expect(r.statusCode).toBe(422);
      expect(r.json().error.code).toBe('AllFieldsRequired');
    });
  });

  describe('forgotten user name', () => {
    it('mails the user name to the address', async () => {
      const a = await account();
      await (await visitor()).post('/api/account/forgot-username', { email: a.email });
      const [mail] = await mailsTo(portal, a.email, 1);
      expect(mail).toContain(a.userName);
    });
  });

  describe('a new verification link (RegenerateEmailVerifyLink)', () => {
    it('mails a new link from the one held, and refuses a link never sent', async () => {
      const a = await account({ emailVerified: false });
      const token = await mailedVerificationToken(portal, a.email);
      const b = await visitor();
      const r = await b.post('/api/email-verification/regenerate', { token, lang: 'ar' });
      expect(r.statusCode).toBe(200);
      expect(r.json().result).toBe('400');
      const links = (await mailsTo(portal, a.email, 2)).map((m) => /verify-email\?token=([^\s&]+)/.exec(m)?.[1]);
      expect(new Set(links).size).toBe(2);
      const forged = await b.post('/api/email-verification/regenerate', { token: `${a.userId}.${'x'.repeat(32)}` });
      expect(forged.json().error.code).toBe('Error_WrongActivationLink');
    });
  });

  describe('an admin sends a password reset', () => {
    it('mails the user the same link; an unknown user is 404, a deactivated one UserIsDeactivated (409, not a sign-in answer)', async () => {
      const a = await account();
      const admin = new Browser(portal.app);
      await admin.login('admin', 'Admin@2026!');
      const r = await admin.post(`/api/users/${a.userId}/password-reset`);
      expect(r.statusCode).toBe(200);
      expect(await mailedResetToken(a.email)).toMatch(new RegExp(`^${a.userId}\\.`));
      const none = await admin.post('/api/users/00000000-0000-4000-8000-000000000000/password-reset');
      expect(none.statusCode).toBe(404);
      const off = await account();
      await deactivateAccount(portal.runtime.store, off.userId, 'left', ctx());
      const refused = await admin.post(`/api/users/${off.userId}/password-reset`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('UserIsDeactivated');
    });
  });
});

describe('captcha on', () => {
  let on: TestPortal;
  beforeAll(async () => {
    on = await startTestPortal({ captcha: true });
  });
  afterAll(async () => {
    await on?.close();
  });

  async function solved(b: Browser): Promise<string> {
    const answer = (await b.get('/api/captcha/challenge')).json() as { enabled: boolean; challenge: CaptchaChallenge };
    expect(answer.enabled).toBe(true);
    const solution = await solveChallenge({ challenge: answer.challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge: answer.challenge, solution })).toString('base64');
  }

  it('tells the web the captcha is on', async () => {
    expect((await new Browser(on.app).get('/api/config')).json().captcha).toBe(true);
  });

  it('signs in with a solved challenge, and refuses it used again (WrongCaptcha, LoginStatus 2)', async () => {
    const b = new Browser(on.app);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    const captcha = await solved(b);
    const ok = await b.post('/api/session/login', { userName: 'admin', password: 'Admin@2026!', captcha });
    expect(ok.statusCode).toBe(200);
    const c = new Browser(on.app);
    c.csrf = (await c.get('/api/session')).json().csrfToken;
    const replay = await c.post('/api/session/login', { userName: 'admin', password: 'Admin@2026!', captcha });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toMatchObject({ code: 'WrongCaptcha', details: { loginStatus: 2 } });
  });

  it('refuses a login without a captcha, with the widget test payload, or with a tampered one', async () => {
    const b = new Browser(on.app);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    const good = JSON.parse(Buffer.from(await solved(b), 'base64').toString());
    good.solution.counter += 1;
    const payloads = [
      undefined,
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
      Buffer.from(JSON.stringify(good)).toString('base64'),
      'not base64 json',
    ];
    for (const captcha of payloads) {
      const r = await b.post('/api/session/login', { userName: 'admin', password: 'Admin@2026!', captcha });
      expect(r.statusCode).toBe(401);
      expect(r.json().error.code).toBe('WrongCaptcha');
    }
  });

  it('requires it for forgot password, forgot user name and registration', async () => {
    const b = new Browser(on.app);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    for (const path of ['/api/account/forgot-password', '/api/account/forgot-username']) {
      const refused = await b.post(path, { email: 'someone@example.org' });
      expect(refused.json().error.code).toBe('WrongCaptcha');
      const ok = await b.post(path, { email: 'someone@example.org', captcha: await solved(b) });
      expect(ok.statusCode).toBe(200);
    }
    const reg = await b.post('/api/registrations', { form: {}, submit: false });
    expect(reg.json().error.code).toBe('WrongCaptcha');
  });
});
