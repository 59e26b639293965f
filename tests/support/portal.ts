import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../api/app.ts';
import type { MapTiles } from '../../api/http/map-tiles.ts';
import { dropDatabase, withDatabase } from '../../commands/db/pool.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import type { SsoSettings } from '../../commands/identity/single-sign-on.ts';
import { LocalLicenceRegistry } from '../../commands/practitioner/licence-registry.ts';
import { clientConfig } from '../../domain/shared/clients.ts';
import type { Projection } from '../../projections/runner/projection.ts';
import { loadDemoData } from '../../scripts/demo-data.ts';
import { startLocalNicServer } from '../../workers/identity/local-nic-server.ts';
import { startLocalCfhsServer } from '../../workers/practitioner/local-cfhs-server.ts';
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
    courseUrl?: string;
    mapTiles?: MapTiles;
    extraProjections?: readonly Projection[];
    /** Turn the captcha on (a test environment has it off, as the spec's local one), with a cheap proof of work. */
    captcha?: boolean;
    /** The least time of a forgot answer (production: 300 ms); 0 by default, as the fuzz test sends hundreds. */
    forgotAnswerMs?: number;
    /**
     * The national identity service, single sign-on and admin site (workers/identity starts local ones). Without a
     * nicUrl the portal asks a local identity service in its SANDBOX mode (any id of the client's pattern verified),
     * as `npm start` does: the tests of the identity check itself pass a STRICT one.
     */
    nicUrl?: string;
    /**
     * The licensing register (CFHS numbers). Without one the portal asks a local register of the same HTTP shape that
     * answers from <dataDir>/licences.json, else the fixture licences, as `npm start` does: the HTTP adapter runs.
     */
    cfhsUrl?: string;
    sso?: SsoSettings;
    adminSiteUrl?: string;
  } = {},
): Promise<TestPortal> {
  const url = withDatabase(inject('pgServerUrl'), `portal_${randomBytes(6).toString('hex')}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-'));
  const sandbox = opts.nicUrl
    ? null
    : await startLocalNicServer({
        mode: 'sandbox',
        idPattern: clientConfig(opts.clientCode ?? 'MOH').idNumberPattern,
      });
  const cfhs = opts.cfhsUrl
    ? null
    : await startLocalCfhsServer({ source: new LocalLicenceRegistry(join(dataDir, 'licences.json')) });
  const runtime = await createRuntime({
    databaseUrl: url,
    dataDir,
    clientCode: opts.clientCode ?? 'MOH',
    idlePollMs: 20,
    // Working connections; the runtime adds the ones held for projection locks and the append hints.
    poolSize: 10,
    schedules: false,
    environment: 'test',
    captcha: opts.captcha ?? false,
    captchaCost: 50,
    employeeDirectoryUrl: opts.employeeDirectoryUrl,
    courseUrl: opts.courseUrl,
    mapTiles: opts.mapTiles ?? null,
    nicUrl: opts.nicUrl ?? sandbox?.url,
    cfhsUrl: opts.cfhsUrl ?? cfhs?.url,
    sso: opts.sso ?? null,
    adminSiteUrl: opts.adminSiteUrl,
    ...(opts.extraProjections ? { extraProjections: opts.extraProjections } : {}),
  });
  await loadDemoData(runtime.store, opts.clientCode ?? 'MOH');
  await runtime.startWorkers();
  const app = await buildTestApp(runtime, dataDir, opts.loginRateLimit, opts.forgotAnswerMs);
  return {
    runtime,
    app,
    dataDir,
    url,
    async close() {
      await app.close();
      await runtime.close();
      await sandbox?.close();
      await cfhs?.close();
      await dropDatabase(url);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function buildTestApp(
  runtime: Runtime,
  dataDir: string,
  loginRateLimit = 1000,
  forgotAnswerMs = 0,
): Promise<FastifyInstance> {
  return buildApp(depsFrom(runtime, 5000), {
    forgotAnswerMs,
    logLevel: 'silent',
    webDist: null,
    loginRateLimit,
    registrationRateLimit: 1000,
    filesDir: join(dataDir, 'files'),
  });
}

/**
 * Registers the set-up an integration test file shares (as `journey()` does for the browser journeys): one test portal
 * started before the file's tests with `opts`, closed after them. Read `.portal` inside a test or hook.
 */
export function portalForFile(opts: Parameters<typeof startTestPortal>[0] = {}): { readonly portal: TestPortal } {
  let portal: TestPortal | undefined;
  beforeAll(async () => {
    portal = await startTestPortal(opts);
  });
  afterAll(async () => {
    await portal?.close();
  });
  return {
    get portal() {
      if (!portal) throw new Error("the file's portal is not started (use it inside a test or hook)");
      return portal;
    },
  };
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
    environment: 'test',
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
  async delete(url: string, headers: Record<string, string> = {}) {
    return this.send('DELETE', url, undefined, headers);
  }
  private async send(
    method: 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
    raw?: Buffer,
  ) {
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
        ...(raw ? { payload: raw } : {}),
        ...(this.remoteAddress ? { remoteAddress: this.remoteAddress } : {}),
      }),
    );
  }
  /** POST /api/files as a multipart upload of one file of a kind, as the web app's upload does. */
  async upload(kind: string, name: string, bytes: Buffer) {
    const boundary = '----portal-upload';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.send(
      'POST',
      '/api/files',
      undefined,
      { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
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

/** Every event of a stream, in order. */
export async function streamEvents(portal: TestPortal, stream: string): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const e of portal.runtime.store.readStream(stream)) out.push(e);
  return out;
}

/** A date n days from today, as the API takes it (YYYY-MM-DD). */
export { eventDetails, inDays } from './event-form.ts';

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
