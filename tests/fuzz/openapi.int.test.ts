import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID, USER_AGENT_MAX } from '../../api/http/headers.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { ErrorCodes } from '../../domain/shared/errors.ts';
import { projectionLag, waitForPosition } from '../../projections/runner/status.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
  visitorOn,
} from '../support/portal.ts';

// Walks the OpenAPI document and sends malformed input to every operation, as a visitor, a volunteer and an admin:
// no answer may be a 5xx, no refused request may write an event, and no projection may be left stuck behind the log.

// biome-ignore lint/suspicious/noExplicitAny: JSON schemas from the OpenAPI document are walked generically.
type Schema = any;
type Role = 'anonymous' | 'volunteer' | 'admin';
interface Operation {
  method: string;
  path: string;
  params: { name: string; in: string; required: boolean; schema: Schema }[];
  body: Schema | null;
}
interface Probe {
  op: Operation;
  what: string;
  url: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

const CATALOGUE: ReadonlySet<string> = new Set(ErrorCodes);
const LOGINS: Record<Exclude<Role, 'anonymous'>, [string, string]> = {
  volunteer: ['volunteer1', 'Volunteer@2026!'],
  admin: ['admin', 'Admin@2026!'],
};

/** Strings that broke, or could break, the log or a read model: NUL, lone surrogates, huge, impossible days, times. */
const BAD_STRINGS = [
  'a\u0000b',
  'x\ud800y',
  '\udc00',
  'x'.repeat(100_000),
  'tab\u001bescape',
  '2023-02-30',
  '1900-01-01',
  '9999-12-31',
  '08:00',
  '2023-02-30T08:00:00Z',
];
const BAD_NUMBERS = [2 ** 31, 2 ** 53, -1, 1.5, 1e308, '7', null];
/** Query and path values, as they arrive: already percent-encoded. */
const BAD_QUERY = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%E0%A4%A',
  '2147483648',
  '9007199254740993',
  '-1',
  '1.5',
  '1e999',
  '2023-02-30',
  '9999-12-31',
  '08:00',
  'x'.repeat(5_000),
];
const BAD_PATH = ['%00', '%E0%A4%A', '..%2F..%2Fetc%2Fpasswd', 'x'.repeat(3_000), '2147483648', '%F0%9F%98%80', '%20'];

let portal: TestPortal;
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document.
let doc: any;
const browsers = new Map<Role, Browser>();
let eventId = '';
let volunteerId = '';
let adminId = '';
let startPosition = '0';
const statuses = new Map<number, number>();
const failures: string[] = [];
let sent = 0;

const deref = (s: Schema): Schema => {
  let out = s;
  while (out?.$ref) out = doc.components.schemas[String(out.$ref).split('/').pop()!];
  return out;
};

/** A plausible value for a schema: the starting point each probe breaks one piece of. */
function sample(s0: Schema, depth = 0): unknown {
  const s = deref(s0);
  if (!s) return 'x';
  if ('const' in s) return s.const;
  if (s.default !== undefined) return s.default;
  if (s.enum) return s.enum[0];
  if (s.anyOf ?? s.oneOf) return sample((s.anyOf ?? s.oneOf)[0], depth);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth > 4) return out;
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(v, depth + 1);
      return out;
    }
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sample(s.items, depth + 1)) : [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return false;
    case 'string':
      if (s.format === 'uuid') return volunteerId;
      if (s.pattern?.includes('\\.')) return '0.0';
      if (s.pattern?.includes('\\d')) return '1';
      return 'x';
    default:
      return 'x';
  }
}

/** Valid bodies where the document's shapes alone cannot make one: the probes then break one field of a good request. */
function goodBody(op: Operation): unknown {
  const key = `${op.method} ${op.path}`;
  const good: Record<string, () => unknown> = {
    'POST /api/opportunities': () => eventDetails(),
    'PUT /api/opportunities/{id}': () => eventDetails(),
    'POST /api/opportunities/{id}/participants/{volunteerId}/hours': () => ({
      hours: 2,
      casesHandled: 1,
      checkIn: `${inDays(5)}T08:00:00Z`,
      checkOut: `${inDays(5)}T10:00:00Z`,
      rating: 4,
      review: 'ok',
    }),
    'POST /api/opportunities/{id}/contribution': () => ({
      incident: {
        incidentId: 'i-1',
        fullName: 'x',
        genderType: 1,
        age: 30,
        nationalityId: 44,
        startTime: `${inDays(5)}T08:00:00Z`,
      },
      mode: 'draft',
    }),
    'POST /api/registrations': () => ({
      form: completeForm({ userName: `fz_${sent}`, email: `fz${sent}@example.org` }),
      submit: false,
    }),
    'PUT /api/registrations/me': () => ({ form: completeForm(), submit: false }),
    'POST /api/registrations/{id}/initial-accept': () => ({
      appointmentAt: `${inDays(3)}T09:00:00.000Z`,
      location: 'Clinic',
      reviewerId: adminId,
    }),
    'POST /api/session/login': () => ({ userName: 'nobody_here', password: 'Wrong@2026!', language: 1 }),
  };
  return good[key]?.() ?? sample(op.body);
}

/** Leaves of a value, as paths of keys and indexes, with the schema that describes each. */
function leaves(
  value: unknown,
  s0: Schema,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: Schema }[] {
  const s = deref(s0);
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([k, v]) =>
      leaves(v, s?.properties?.[k] ?? s?.anyOf?.[0]?.properties?.[k], [...path, k]),
    );
  }
  if (Array.isArray(value)) {
    return value.length ? leaves(value[0], s?.items, [...path, 0]) : [{ path, schema: s }];
  }
  return [{ path, schema: s }];
}

function setAt(value: unknown, path: (string | number)[], v: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  if (path.length === 0) return v;
  let at = copy;
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = v;
  return copy;
}

let turn = 0;
/** Rotating through a list, so that every kind of bad value reaches some field without trying them all everywhere. */
const pick = <T>(list: readonly T[], n: number): T[] => Array.from({ length: n }, () => list[turn++ % list.length]!);
const ROLES: readonly Role[] = ['anonymous', 'volunteer', 'admin'];

function pathParam(op: Operation, name: string): string {
  if (name === 'volunteerId') return volunteerId;
  if (name === 'hoursId' || name === 'noteId') return 'h1';
  if (name === 'id') {
    if (op.path.startsWith('/api/opportunities') || op.path.startsWith('/api/volunteers')) return eventId;
    // An account administered is the admin's own: a plausible deactivation is then refused (CannotDeactivateSelf)
    // instead of locking out volunteer1, whom the probes sign in as.
    if (op.path.startsWith('/api/users/{id}')) return adminId;
    return volunteerId;
  }
  return 'x';
}

function urlOf(op: Operation, pathOver: Record<string, string> = {}, query = ''): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => pathOver[name] ?? pathParam(op, name));
  return query ? `${path}?${query}` : path;
}

function probesOf(op: Operation): { probe: Probe; roles: readonly Role[] }[] {
  const out: { probe: Probe; roles: readonly Role[] }[] = [];
  const all = (probe: Probe) => out.push({ probe, roles: ROLES });
  const one = (probe: Probe) => out.push({ probe, roles: [ROLES[turn++ % ROLES.length]!] });
  const body = op.body ? goodBody(op) : undefined;
  const base: Probe = { op, what: 'plausible', url: urlOf(op), ...(body !== undefined ? { body } : {}) };

  // Path parameters: garbage of every kind in each.
  for (const p of op.params.filter((x) => x.in === 'path')) {
    for (const bad of BAD_PATH)
      one({ ...base, what: `path ${p.name}=${bad.slice(0, 20)}`, url: urlOf(op, { [p.name]: bad }) });
  }
  // Query parameters: a few bad values each, plus unknown and repeated ones.
  const query = op.params.filter((x) => x.in === 'query');
  for (const p of query) {
    for (const bad of pick(BAD_QUERY, 4))
      one({ ...base, what: `query ${p.name}=${bad.slice(0, 20)}`, url: urlOf(op, {}, `${p.name}=${bad}`) });
  }
  if (query.length) {
    all({ ...base, what: 'query repeated', url: urlOf(op, {}, query.map((p) => `${p.name}=1&${p.name}=2`).join('&')) });
  }
  one({ ...base, what: 'query unknown', url: urlOf(op, {}, 'zzz=%00&after=1e999') });
  // Bodies: the wrong type, nothing, extra fields, broken JSON; then one broken field at a time.
  if (op.body) {
    all({ ...base, what: 'body wrong type', body: 'a string' });
    one({ ...base, what: 'body array', body: [body] });
    one({ ...base, what: 'body empty object', body: {} });
    one({ ...base, what: 'body null', rawBody: 'null' });
    one({ ...base, what: 'body broken json', rawBody: '{"a":' });
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      one({ ...base, what: 'body extra field', body: { ...body, zzz: 'a\u0000' } });
    }
    const fields = leaves(body, op.body).slice(0, 40);
    for (const leaf of fields) {
      const t = deref(leaf.schema)?.type;
      const bads =
        t === 'integer' || t === 'number' ? pick(BAD_NUMBERS, 2) : t === 'boolean' ? ['true'] : pick(BAD_STRINGS, 2);
      for (const bad of bads) {
        one({
          ...base,
          what: `body ${leaf.path.join('.')}=${String(bad).slice(0, 20)}`,
          body: setAt(body, leaf.path, bad),
        });
      }
    }
  } else if (op.method !== 'GET') {
    one({ ...base, what: 'unexpected body', body: { zzz: 'x\ud800' } });
  }
  // Headers: request ids and idempotency keys the portal must not take as they are.
  one({
    ...base,
    what: 'bad request id',
    headers: { 'x-request-id': `a b ${'x'.repeat(300)}`, 'idempotency-key': 'é'.repeat(200) },
  });
  // The plausible request last: one that succeeds (hours recorded, say) must not shield the probes behind it.
  all(base);
  return out;
}

async function browserFor(role: Role): Promise<Browser> {
  const b = browsers.get(role);
  // A 403 (or a probe of the logout) ends a session: sign in again so the next probes still run as this role.
  if (b && (role === 'anonymous' || b.cookies.has('sid'))) return b;
  const fresh = role === 'anonymous' ? await visitorOn(portal.app) : await signedIn(portal.app, ...LOGINS[role]);
  browsers.set(role, fresh);
  return fresh;
}

async function send(role: Role, probe: Probe): Promise<LightMyRequestResponse> {
  const b = await browserFor(role);
  const requestId = `fz-${++sent}`;
  const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const payload = probe.rawBody ?? (probe.body !== undefined ? JSON.stringify(probe.body) : undefined);
  const res = await portal.app.inject({
    method: probe.op.method as 'GET',
    url: probe.url,
    headers: {
      cookie,
      'x-csrf-token': b.csrf,
      'x-request-id': requestId,
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...probe.headers,
    },
    ...(payload !== undefined ? { payload } : {}),
  });
  for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
    if (c.value === '' || c.maxAge === 0 || (c.expires && c.expires.getTime() < Date.now())) b.cookies.delete(c.name);
    else b.cookies.set(c.name, c.value);
  }
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const label = `${role} ${probe.op.method} ${probe.op.path} [${probe.what}] → ${res.statusCode}`;
  if (res.statusCode >= 500) failures.push(`${label} ${res.body.slice(0, 200)}`);
  if (res.statusCode >= 400 && res.statusCode < 500) {
    const code = (() => {
      try {
        return res.json().error?.code;
      } catch {
        return undefined;
      }
    })();
    if (!CATALOGUE.has(code)) failures.push(`${label}: no catalogue code (${res.body.slice(0, 120)})`);
    // A refused sign-in records the attempt (the login log, by design); every other refusal writes nothing.
    const loginAttempt = probe.op.path === '/api/session/login' && res.statusCode === 401;
    const correlation = probe.headers?.['x-request-id'] ? null : requestId;
    if (!loginAttempt && correlation) {
      const { rows } = await sql<{ n: string }>`
        select count(*)::text as n from es.events
         where global_position > ${startPosition}::bigint and metadata->>'correlationId' = ${correlation}`.execute(
        portal.runtime.db,
      );
      if (rows[0]!.n !== '0') failures.push(`${label}: refused, yet wrote ${rows[0]!.n} event(s)`);
    }
  }
  return res;
}

beforeAll(async () => {
  portal = await startTestPortal();
  await portal.app.ready();
  doc = portal.app.swagger();
  const admin = await signedIn(portal.app, ...LOGINS.admin);
  const volunteer = await signedIn(portal.app, ...LOGINS.volunteer);
  browsers.set('admin', admin);
  browsers.set('volunteer', volunteer);
  browsers.set('anonymous', await visitorOn(portal.app));
  adminId = (await admin.get('/api/session')).json().user.id;
  volunteerId = (await volunteer.get('/api/session')).json().user.id;
  const created = await admin.post('/api/opportunities', eventDetails());
  expect(created.statusCode).toBe(201);
  eventId = created.json().opportunityId;
  expect((await admin.post(`/api/opportunities/${eventId}/approve`)).statusCode).toBe(200);
  // The volunteer holds a seat, so the probes of hours, check-in and contributions reach the domain and the log.
  expect((await volunteer.post(`/api/opportunities/${eventId}/join`)).statusCode).toBe(200);
  const accepted = await admin.post(`/api/opportunities/${eventId}/participants/${volunteerId}/accept`, {});
  expect(accepted.statusCode).toBe(200);
  const { rows } = await sql<{ p: string }>`select coalesce(max(global_position), 0)::text as p from es.events`.execute(
    portal.runtime.db,
  );
  startPosition = rows[0]!.p;
});

afterAll(async () => {
  await portal?.close();
});

describe('every operation of the OpenAPI document, fed malformed input', () => {
  it('never answers 5xx, refuses with catalogue codes, writes no event when refusing, leaves no projection behind', async () => {
    const operations: Operation[] = [];
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
      // The live stream never ends (server-sent events); the docs are the swagger UI's own routes.
      if (path.endsWith('/stream') || path.startsWith('/api/docs') || !path.startsWith('/api/')) continue;
      for (const [method, o] of Object.entries(item)) {
        operations.push({
          method: method.toUpperCase(),
          path,
          params: o.parameters ?? [],
          body: o.requestBody?.content?.['application/json']?.schema ?? null,
        });
      }
    }
    expect(operations.length).toBeGreaterThan(50);
    for (const op of operations) {
      for (const { probe, roles } of probesOf(op)) {
        for (const role of roles) await send(role, probe);
      }
    }
    const summary = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    process.stdout.write(`[fuzz] ${operations.length} operations, ${sent} requests; ${summary.join(', ')}\n`);
    expect(failures).toEqual([]);

    // Whatever was accepted, the read models take it: every projection reaches the head, none parks anything.
    const head = await portal.runtime.store.lastPosition();
    const names = portal.runtime.projections.map((p) => p.name);
    expect(await waitForPosition(portal.runtime.db, names, head, 30_000)).toBe(true);
    const lag = await projectionLag(portal.runtime.db, portal.runtime.store, portal.runtime.projections);
    expect(lag.filter((p) => p.lagEvents > 0 || p.state !== 'live')).toEqual([]);
    // The detailed health is for admins.
    const health = (await browsers.get('admin')!.get('/api/health')).json();
    expect(health.projections.filter((p: { lagEvents: number }) => p.lagEvents > 0)).toEqual([]);
    // The parking table comes with the runner that parks unapplicable events; count only where it exists.
    const { rows: table } = await sql<{ t: string | null }>`select to_regclass('rm.parked_events')::text as t`.execute(
      portal.runtime.db,
    );
    if (table[0]!.t !== null) {
      const { rows: parked } = await sql<{ n: string }>`
        select count(*)::text as n from rm.parked_events where resolved_at is null`.execute(portal.runtime.db);
      expect(parked[0]!.n).toBe('0');
    }
  });
});

describe("the issue's examples, one by one", () => {
  it.each<[string, Role, string, string, unknown, string]>([
    [
      'a time of day where a timestamp is expected (hours)',
      'admin',
      'POST',
      '/api/opportunities/{id}/participants/{volunteerId}/hours',
      { hours: 2, casesHandled: 1, checkIn: '08:00', checkOut: '10:00', rating: 4, review: '' },
      'InvalidDate',
    ],
    [
      'an impossible calendar day',
      'admin',
      'POST',
      '/api/opportunities',
      { ...eventDetails(), endDate: '2027-02-30' },
      'InvalidDate',
    ],
    [
      'a region id beyond int4',
      'admin',
      'POST',
      '/api/opportunities',
      { ...eventDetails(), visibility: 1, regionIds: [2 ** 31] },
      'InvalidNumber',
    ],
    [
      'a capacity beyond int4',
      'admin',
      'PUT',
      '/api/opportunities/{id}',
      { ...eventDetails(), maxContributions: 2 ** 31 },
      'InvalidNumber',
    ],
    ['a list filter beyond 2^31', 'admin', 'GET', '/api/opportunities?regionId=2147483648', undefined, 'InvalidNumber'],
    ['NUL in a list filter', 'admin', 'GET', '/api/registrations?mobile=a%00b', undefined, 'InvalidText'],
    [
      'a control character in the user name at login',
      'anonymous',
      'POST',
      '/api/session/login',
      { userName: 'ad\u0000min', password: 'x' },
      'InvalidText',
    ],
  ])('refuses %s with 422 and writes nothing', async (_name, role, method, path, body, code) => {
    const seen = failures.length;
    const url = path.replace('{id}', eventId).replace('{volunteerId}', volunteerId);
    const res = await send(role, {
      op: { method, path, params: [], body: null },
      what: _name,
      url,
      ...(body !== undefined ? { body } : {}),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(code);
    // send() looks for events carrying this request's correlation id: none.
    expect(failures.slice(seen)).toEqual([]);
  });
});

describe('headers the portal stores', () => {
  it('takes a safe client request id as the correlation id, and replaces any other', async () => {
    const ok = await portal.app.inject({
      method: 'GET',
      url: '/api/config',
      headers: { 'x-request-id': 'trace-1.a_B' },
    });
    expect(ok.headers['x-request-id']).toBe('trace-1.a_B');
    for (const bad of ['x'.repeat(65), 'a b', 'a/b', '<script>', '']) {
      const res = await portal.app.inject({ method: 'GET', url: '/api/config', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id']).not.toBe(bad);
      expect(String(res.headers['x-request-id'])).toMatch(REQUEST_ID);
    }
  });

  it('keeps at most USER_AGENT_MAX characters of a user agent in the login log', async () => {
    const b = await visitorOn(portal.app);
    const res = await b.post(
      '/api/session/login',
      { userName: 'ua_probe_nobody', password: 'Wrong@2026!' },
      { 'user-agent': `Mozilla/5.0 ${'x'.repeat(10_000)}` },
    );
    expect(res.statusCode).toBe(401);
    const head = await portal.runtime.store.lastPosition();
    expect(await waitForPosition(portal.runtime.db, ['login-log'], head, 10_000)).toBe(true);
    const { rows } = await sql<{ n: number }>`
      select length(user_agent) as n from rm.login_log where user_name = 'ua_probe_nobody'`.execute(portal.runtime.db);
    expect(rows).toEqual([{ n: USER_AGENT_MAX }]);
  });
});
