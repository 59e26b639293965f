import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../api/app.ts';
import { dropDatabase, withDatabase } from '../../commands/db/pool.ts';
import type { SsoSettings } from '../../commands/identity/single-sign-on.ts';
import type { Projection } from '../../projections/runner/projection.ts';
import { loadDemoData } from '../../scripts/demo-data.ts';
import { createRuntime, depsFrom, type Runtime } from '../../workers/runtime.ts';

export interface TestPortal {
  runtime: Runtime;
  app: FastifyInstance;
  dataDir: string;
  /** The portal's database. */
  url: string;
  close(): Promise<void>;
}

/** The whole portal (API + projections + in-process jobs) on a database of its own, with the demo data. */
export async function startTestPortal(
  opts: {
    loginRateLimit?: number;
    clientCode?: 'MOH' | 'SRCA' | 'NEOM';
    employeeDirectoryUrl?: string;
    extraProjections?: readonly Projection[];
    /** The national identity service, single sign-on and admin site (workers/identity starts local ones). */
    nicUrl?: string;
    sso?: SsoSettings;
    adminSiteUrl?: string;
  } = {},
): Promise<TestPortal> {
  const url = withDatabase(inject('pgServerUrl'), `portal_${randomBytes(6).toString('hex')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-'));
  const runtime = await createRuntime({
    databaseUrl: url,
    dataDir,
    clientCode: opts.clientCode ?? 'MOH',
    idlePollMs: 20,
    // Working connections; the runtime adds the ones held for projection locks and the append hints.
    poolSize: 10,
    schedules: false,
    employeeDirectoryUrl: opts.employeeDirectoryUrl,
    nicUrl: opts.nicUrl,
    sso: opts.sso ?? null,
    adminSiteUrl: opts.adminSiteUrl,
    ...(opts.extraProjections ? { extraProjections: opts.extraProjections } : {}),
  });
  await loadDemoData(runtime.store, opts.clientCode ?? 'MOH');
  await runtime.startWorkers();
  const app = await buildTestApp(runtime, dataDir, opts.loginRateLimit);
  return {
    runtime,
    app,
    dataDir,
    url,
    async close() {
      await app.close();
      await runtime.close();
      await dropDatabase(url);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function buildTestApp(runtime: Runtime, dataDir: string, loginRateLimit = 1000): Promise<FastifyInstance> {
  return buildApp(depsFrom(runtime, 5000), {
    logLevel: 'silent',
    webDist: null,
    loginRateLimit,
    registrationRateLimit: 1000,
    filesDir: join(dataDir, 'files'),
  });
}

/**
 * A second API replica of a test portal: its own process-level state (pool, event store, sessions cache) on the same
 * database, serving requests only; the projections and jobs run in the first one, as in docker-compose's topology.
 */
export async function startApiReplica(portal: TestPortal): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const runtime = await createRuntime({
    databaseUrl: portal.url,
    dataDir: portal.dataDir,
    clientCode: 'MOH',
    idlePollMs: 20,
    poolSize: 5,
    schedules: false,
  });
  const app = await buildTestApp(runtime, portal.dataDir);
  return {
    app,
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

/** A cookie-keeping client over app.inject, sending the CSRF header the way the web app does. */
export class Browser {
  private readonly app: FastifyInstance;
  cookies = new Map<string, string>();
  csrf = '';
  /** The client address the server sees (the socket's, not a header). */
  remoteAddress: string | undefined;
  constructor(app: FastifyInstance, remoteAddress?: string) {
    this.app = app;
    this.remoteAddress = remoteAddress;
  }
  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies as { name: string; value: string; expires?: Date; maxAge?: number }[]) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0)
        this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }
  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  async get(url: string, headers: Record<string, string> = {}) {
    return this.keep(
      await this.app.inject({
        method: 'GET',
        url,
        headers: { cookie: this.cookieHeader(), ...headers },
        ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      }),
    );
  }
  async post(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send('POST', url, body, headers);
  }
  async put(url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send('PUT', url, body, headers);
  }
  private async send(method: 'POST' | 'PUT', url: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.keep(
      await this.app.inject({
        method,
        url,
        headers: {
          cookie: this.cookieHeader(),
          'x-csrf-token': this.csrf,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
        ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      }),
    );
  }
  /** Like the web app: fetch the session (and its CSRF token), then log in. */
  async login(userName: string, password: string) {
    const s = await this.get('/api/session');
    this.csrf = s.json().csrfToken;
    const res = await this.post('/api/session/login', { userName, password, language: 1 });
    if (res.statusCode === 200) this.csrf = res.json().csrfToken;
    return res;
  }
}

/** The verification link mailed to an address (the embedded mail sink), waited for: the mail is a job after commit. */
export async function mailedVerificationToken(portal: TestPortal, email: string, timeoutMs = 15_000): Promise<string> {
  const { readdirSync, readFileSync, existsSync } = await import('node:fs');
  const dir = join(portal.dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const tokens = existsSync(dir)
      ? readdirSync(dir)
          .map((f) => readFileSync(join(dir, f), 'utf8'))
          .filter((m) => m.includes(`To: ${email}\n`))
          .map((m) => /verify-email\?token=([^\s&]+)/.exec(m)?.[1])
          .filter((t): t is string => !!t)
      : [];
    if (tokens.length) return decodeURIComponent(tokens[tokens.length - 1]!);
    if (Date.now() > deadline) throw new Error(`no verification mail for ${email}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The mails the embedded sink holds for an address, once at least `count` are there (bounded wait). */
export async function mailsTo(portal: TestPortal, email: string, count: number, timeoutMs = 15_000): Promise<string[]> {
  const { readdirSync, readFileSync, existsSync } = await import('node:fs');
  const dir = join(portal.dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = existsSync(dir)
      ? readdirSync(dir)
          .map((f) => readFileSync(join(dir, f), 'utf8'))
          .filter((m) => m.includes(`To: ${email}\n`))
      : [];
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A date n days from today, as the API takes it (YYYY-MM-DD). */
export const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let eventCodes = 0;
/** A valid event form (section 5: starts 4 days out, counts > 0, lead mobile 05…) with a code of its own. */
export function eventDetails(over: object = {}) {
  return {
    code: `EV-${Date.now() % 100000}-${++eventCodes}`,
    nameAr: 'حملة التوعية الصحية',
    nameEn: 'Health awareness campaign',
    leadName: 'خالد الحربي',
    leadMobile: '0551234567',
    leadEmail: 'lead@example.org',
    visibility: 0,
    regionIds: [],
    cityIds: [],
    maxInvitations: 20,
    maxContributions: 5,
    startDate: inDays(4),
    endDate: inDays(8),
    gender: 3,
    timePeriod: 3,
    volunteeringDays: [0, 1, 2, 3, 4],
    attendanceType: 1,
    maxHours: 6,
    ...over,
  };
}

/** A demo user signed in on the app (the sign-in must succeed). */
export async function signedIn(app: FastifyInstance, user: string, password: string): Promise<Browser> {
  const b = new Browser(app);
  const res = await b.login(user, password);
  if (res.statusCode !== 200) throw new Error(`${user} could not sign in: ${res.statusCode} ${res.body}`);
  return b;
}

/** A visitor with a CSRF token, as the web app has before its first command. */
export async function visitorOn(app: FastifyInstance): Promise<Browser> {
  const b = new Browser(app);
  b.csrf = (await b.get('/api/session')).json().csrfToken;
  return b;
}
