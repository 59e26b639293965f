import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../../commands/account/handlers.ts';
import { HttpIdentityService } from '../../commands/identity/nic-service.ts';
import { claim } from '../../commands/registration/uniqueness.ts';
import { accountStream } from '../../domain/account/events.ts';
import { hijriOf } from '../../domain/identity/nic.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { Role } from '../../domain/shared/roles.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { testContext } from '../../tests/support/command-fixtures.ts';
import { Browser, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';
import { signOnAtProvider, startIdentityServers } from '../../tests/support/sso.ts';
import { startLocalNicServer } from '../../workers/identity/local-nic-server.ts';
import { redactedUrl } from '../app.ts';
import { safeReturnTo } from './routes.ts';

const PORTAL = 'http://portal.test';
const ADMIN_SITE = 'http://admin.portal.test';
const PASSWORD = 'Citizen#2026';
let servers: Awaited<ReturnType<typeof startIdentityServers>>;
let portal: TestPortal;

beforeAll(async () => {
  servers = await startIdentityServers(PORTAL);
  portal = await startTestPortal({ nicUrl: servers.nicUrl, sso: servers.sso, adminSiteUrl: ADMIN_SITE });
}, 120_000);
afterAll(async () => {
  await portal?.close();
  await servers?.close();
});

/** Starts a sign-on in the portal, signs in at the provider, and answers the portal's redirect after the callback. */
async function signOn(b: Browser, nationalId: string, returnTo = '/ar/my-events') {
  const start = await b.get(`/api/sso/login?lang=ar&returnTo=${encodeURIComponent(returnTo)}`);
  expect(start.statusCode).toBe(302);
  const callback = await signOnAtProvider(start.headers.location as string, nationalId, PASSWORD);
  const back = await b.get(callback.pathname + callback.search);
  expect(back.statusCode).toBe(303);
  return back.headers.location as string;
}

/** The user-verification page's call, with the session's (or the visitor's) CSRF token fetched first. */
async function verify(b: Browser, nationalId: string, birthDate: { calendar: 'gregorian' | 'hijri'; value: string }) {
  if (!b.csrf) b.csrf = (await b.get('/api/session')).json().csrfToken;
  return b.post('/api/identity/verify', { nationalId, birthDate });
}

/** rm.users' flag once the projection holds every event so far. */
async function nicValidOf(userId: string) {
  await waitForPosition(portal.runtime.db, ['users'], await portal.runtime.store.lastPosition(), 10_000);
  const { rows } = await sql<{ nic_valid: boolean }>`select nic_valid from rm.users where user_id = ${userId}`.execute(
    portal.runtime.db,
  );
  return rows[0]?.nic_valid;
}

async function typesOf(userId: string) {
  const types: string[] = [];
  for await (const e of portal.runtime.store.readStream(accountStream(userId))) types.push(e.type);
  return types;
}

/** An account whose id number is the citizen's (as a registration claims it). */
async function accountFor(nationalId: string, over: { roleId?: 1 | 2; nicValid?: boolean } = {}) {
  const ctx = testContext();
  const { userId } = await createAccount(
    portal.runtime.store,
    {
      userName: `citizen_${nationalId}`,
      name: { ar: 'مواطن', en: 'Citizen' },
      email: `c${nationalId}@example.org`,
      roleId: over.roleId ?? Role.Volunteer,
      password: 'Str0ng#Password1',
      mustChangePassword: false,
      emailVerified: true,
      nicValid: over.nicValid ?? false,
    },
    ctx,
  );
  await claim(portal.runtime.store, 'idNumber', nationalId, userId, ctx);
  return userId;
}

describe('the national single sign-on (OpenID Connect, code + PKCE) against a real provider', () => {
  it('sends the browser to the provider with PKCE S256, state and nonce, and says so in the client configuration', async () => {
    const b = new Browser(portal.app);
    expect((await b.get('/api/config')).json().hasSingleSignOn).toBe(true);
    const start = await b.get('/api/sso/login?lang=ar');
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(servers.provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    expect(b.cookies.get('sso_state')).toBe(url.searchParams.get('state'));
  });

  it('sends a citizen the portal does not know to the SSO register page, then verifies and prefills', async () => {
    const b = new Browser(portal.app);
    expect(await signOn(b, '1100000002')).toBe('/ar/sso/register');
    expect(b.cookies.has('sid')).toBe(false);
    const pending = (await b.get('/api/identity/pending')).json();
    expect(pending).toMatchObject({ pending: true, nationalId: '1100000002', viaSso: true, record: null });

    // The provider asserted 1100000002: another person's id is refused.
    const other = await verify(b, '1100000003', { calendar: 'gregorian', value: '1990-01-15' });
    expect(other.json().error.code).toBe('InvalidIdNo');
    const wrongBirth = await verify(b, '1100000002', { calendar: 'gregorian', value: '1995-05-21' });
    expect(wrongBirth.statusCode).toBe(422);

    const ok = await verify(b, '1100000002', { calendar: 'gregorian', value: '1995-05-20' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ next: 'register', record: { name: { en: { first: 'Sara' } } } });
    expect((await b.get('/api/identity/pending')).json().record.nationalId).toBe('1100000002');

    // The registration of the verified citizen: verified and linked in the account's stream.
    const form = completeForm({
      userName: 'sara_sso',
      email: 'sara.sso@example.org',
      mobile: '0559990001',
      idNumber: '1100000002',
    });
    const reg = await b.post('/api/registrations', { form, submit: true });
    expect(reg.statusCode).toBe(201);
    const types = await typesOf(reg.json().volunteerId);
    expect(types).toContain('IdentityVerified');
    expect(types).toContain('IdentityLinked');
    expect((await b.get('/api/identity/pending')).json().pending).toBe(false);
  }, 60_000);

  it('links an account by national id; InvalidNIC leads to user verification, then the sign-on signs in', async () => {
    const userId = await accountFor('1100000003');
    const b = new Browser(portal.app);
    expect(await signOn(b, '1100000003')).toBe('/ar/user-verification');
    // The join rule "NIC valid" reads rm.users.nic_valid: false until the identity service verified the holder.
    expect(await nicValidOf(userId)).toBe(false);
    expect(b.cookies.has('sid')).toBe(false);
    const ok = await verify(b, '1100000003', { calendar: 'hijri', value: hijriOf('1990-01-15') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().next).toBe('login');

    expect(await signOn(b, '1100000003')).toBe('/ar/my-events');
    const session = (await b.get(`/api/session?after=${ok.json().position}`)).json();
    expect(session.user).toMatchObject({ id: userId, isNicValid: true });
    expect(await nicValidOf(userId)).toBe(true);
    const types = await typesOf(userId);
    expect(types.filter((t) => t === 'IdentityLinked')).toHaveLength(1);
    expect(types).toContain('IdentityVerified');
  }, 60_000);

  it('refuses a callback whose state is not the one this browser started with, and a replayed one', async () => {
    const b = new Browser(portal.app);
    const start = await b.get('/api/sso/login?lang=en');
    const callback = await signOnAtProvider(start.headers.location as string, '1100000003', PASSWORD);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'another-state');
    const r1 = await b.get(forged.pathname + forged.search);
    expect(r1.headers.location).toBe('/ar/login?ssoError=SsoFailed');
    // Another browser (no state cookie) cannot use this browser's code either.
    const stranger = new Browser(portal.app);
    const r2 = await stranger.get(callback.pathname + callback.search);
    expect(r2.headers.location).toBe('/ar/login?ssoError=SsoFailed');
    expect(stranger.cookies.has('sid')).toBe(false);
    expect(b.cookies.has('sid')).toBe(false);
  }, 60_000);

  it('keeps the codes, state and keys of the sign-on routes out of the request log', () => {
    expect(redactedUrl('/api/sso/callback?code=secret&state=s')).toBe('/api/sso/callback?[redacted]');
    expect(redactedUrl('/api/sso/admin?Hashedkey=k')).toBe('/api/sso/admin?[redacted]');
    expect(redactedUrl('/api/opportunities?page=2')).toBe('/api/opportunities?page=2');
  });

  it('never redirects outside the portal after a sign-on', () => {
    expect(safeReturnTo('https://evil.example/x', 'ar')).toBe('/ar/dashboard');
    expect(safeReturnTo('//evil.example', 'en')).toBe('/en/dashboard');
    expect(safeReturnTo('/ar/../../evil', 'ar')).toBe('/ar/dashboard');
    expect(safeReturnTo('/en/my-events', 'en')).toBe('/en/my-events');
  });

  it('sends a staff member signed on with a hashed key to the admin site, which redeems it once', async () => {
    const userId = await accountFor('2100000004', { roleId: Role.Staff, nicValid: true });
    const b = new Browser(portal.app);
    const to = new URL(await signOn(b, '2100000004'));
    expect(to.origin + to.pathname).toBe(`${ADMIN_SITE}/api/sso/admin`);
    const key = to.searchParams.get('Hashedkey')!;
    const admin = new Browser(portal.app);
    const r = await admin.get(`/api/sso/admin?Hashedkey=${key}`);
    expect(r.headers.location).toBe('/ar/dashboard');
    expect((await admin.get('/api/session')).json().user.id).toBe(userId);
    const again = await new Browser(portal.app).get(`/api/sso/admin?Hashedkey=${key}`);
    expect(again.headers.location).toBe('/ar/login?ssoError=SsoFailed');
  }, 60_000);

  it('ends the portal session and answers the provider’s logout address (RP-initiated logout)', async () => {
    const b = new Browser(portal.app);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    const r = await b.post('/api/sso/logout');
    const url = new URL(r.json().url);
    expect(url.origin).toBe(servers.provider.issuer);
    expect(url.searchParams.get('client_id')).toBe('portal');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/ar/sso/logout`);
    const page = await fetch(url);
    expect(page.status).toBe(200);
  });
});

describe('a password sign-in refused with InvalidNIC (6)', () => {
  it('keeps the account for the user-verification page, which refuses an id the service does not know', async () => {
    const userId = await accountFor('1100000009');
    const b = new Browser(portal.app);
    const refused = await b.login('citizen_1100000009', 'Str0ng#Password1');
    expect(refused.json().error.details.loginStatus).toBe(6);
    // 1100000009 is no citizen the identity service knows.
    const unknown = await verify(b, '1100000009', { calendar: 'gregorian', value: '1990-01-15' });
    expect(unknown.json().error).toMatchObject({ code: 'InvalidIdNo', details: { reason: 'NotFound' } });
    expect(await typesOf(userId)).not.toContain('IdentityVerified');
  });

  it('bounds identity checks per client address (each one asks the national service)', async () => {
    const b = new Browser(portal.app, '10.9.9.9');
    const codes: number[] = [];
    for (let i = 0; i < 21; i++)
      codes.push((await verify(b, '1100000002', { calendar: 'gregorian', value: '1995-05-20' })).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
    expect(codes[20]).toBe(429);
  });

  it('answers IdentityVerificationRequired to a visitor with nothing to verify', async () => {
    const b = new Browser(portal.app);
    const r = await verify(b, '1100000002', { calendar: 'gregorian', value: '1995-05-20' });
    expect(r.statusCode).toBe(401);
    expect(r.json().error.code).toBe('IdentityVerificationRequired');
  });
});

describe('the identity service adapter against the local identity service', () => {
  it('answers the record, NotFound, Invalid (a birth date not the holder’s), and unavailable', async () => {
    const nic = await startLocalNicServer();
    const service = new HttpIdentityService(nic.url);
    const found = await service.verify({ nationalId: '1100000002', birthDate: '1995-05-20' });
    expect(found).toMatchObject({ found: true, record: { nationalId: '1100000002', nationalityId: 44 } });
    expect(await service.verify({ nationalId: '1999999999', birthDate: '1995-05-20' })).toEqual({
      found: false,
      reason: 'NotFound',
    });
    expect(await service.verify({ nationalId: '1100000002', birthDate: '1995-05-21' })).toEqual({
      found: false,
      reason: 'Invalid',
    });
    await nic.close();
    await expect(service.verify({ nationalId: '1100000002', birthDate: '1995-05-20' })).rejects.toThrow(/unreachable/);
  });
});
