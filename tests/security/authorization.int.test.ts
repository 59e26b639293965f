import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignAreas, createAccount, userIdForName } from '../../commands/account/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { Role, type RoleId, RoleIds } from '../../domain/shared/roles.ts';
import { tinyPng } from '../support/browser.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
  visitorOn,
} from '../support/portal.ts';

// Every operation of the OpenAPI document × anonymous and the six roles, against the table kept beside this file
// (authorization-matrix.json). A change of who may call what fails here until the table is changed on purpose:
// UPDATE_AUTH_MATRIX=1 rewrites it from the live answers, for review in the diff. Then the record-level cases: one
// volunteer against another's records, and staff of one region against another region's.

const MATRIX_FILE = join(import.meta.dirname, 'authorization-matrix.json');
type Who = 'anonymous' | `${RoleId}`;
const WHO: readonly Who[] = ['anonymous', ...RoleIds.map((r) => `${r}` as Who)];
/**
 * allowed: past the authorisation (2xx, or the input's or the rule's own 4xx); signIn: 401; forbidden: 403;
 * hidden: 404 (the record is not shown to this caller).
 */
type Outcome = 'allowed' | 'signIn' | 'forbidden' | 'hidden';
type Matrix = Record<string, Record<Who, Outcome>>;

const VOLUNTEER1 = '00000000-0000-4000-8000-000000000004';
const VOLUNTEER2 = '00000000-0000-4000-8000-000000000005';

let portal: TestPortal;
let base = '';
const as: Partial<Record<Who, Browser>> = {};
let eventId = '';
let riyadhEventId = '';
let fileId = '';
let hoursId = '';

const ctx = (commandId: string) => ({
  actorId: null,
  actorRole: null,
  correlationId: 'test',
  causationId: null,
  clientCode: 'MOH' as const,
  commandId,
  now: new Date(),
});

async function user(userName: string, roleId: RoleId, password: string, regionIds: number[] = []) {
  await createAccount(
    portal.runtime.store,
    {
      userName,
      name: { ar: 'مستخدم', en: userName },
      email: `${userName}@portal.localhost`,
      roleId,
      password,
      mustChangePassword: false,
    },
    ctx(`create-${userName}`),
  );
  if (regionIds.length) {
    const id = (await userIdForName(portal.runtime.store, userName))!;
    await assignAreas(portal.runtime.store, id, { regionIds, cityIds: [] }, ctx(`areas-${userName}`));
  }
}

function multipart(kind: string) {
  const boundary = '----matrix';
  return {
    boundary,
    body: Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      tinyPng(),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

async function uploadAs(b: Browser, kind: string): Promise<string> {
  const { boundary, body } = multipart(kind);
  const res = await portal.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: {
      cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': b.csrf,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload: body,
  });
  expect(res.statusCode).toBe(201);
  return res.json().fileId;
}

beforeAll(async () => {
  portal = await startTestPortal();
  // Demo data has no user of roles 5 and 6.
  await user('volunteeradmin', Role.VolunteerAdmin, 'VolAdmin@2026!');
  await user('responderadmin', Role.ResponderAdmin, 'Responder@2026!');
  await user('staff-east', Role.Staff, 'East@2026!x', [5]);
  as.anonymous = await visitorOn(portal.app);
  as['1'] = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
  as['2'] = await signedIn(portal.app, 'staff', 'Staff@2026!');
  as['3'] = await signedIn(portal.app, 'admin', 'Admin@2026!');
  as['4'] = await signedIn(portal.app, 'reviewer', 'Review@2026!');
  as['5'] = await signedIn(portal.app, 'volunteeradmin', 'VolAdmin@2026!');
  as['6'] = await signedIn(portal.app, 'responderadmin', 'Responder@2026!');

  const admin = as['3']!;
  const open = await admin.post('/api/opportunities', eventDetails({ nameEn: 'Matrix event' }));
  eventId = open.json().opportunityId;
  await admin.post(`/api/opportunities/${eventId}/approve`);
  const riyadh = await admin.post(
    '/api/opportunities',
    eventDetails({ nameEn: 'Riyadh only', visibility: 1, regionIds: [1] }),
  );
  riyadhEventId = riyadh.json().opportunityId;
  const approved = await admin.post(`/api/opportunities/${riyadhEventId}/approve`);
  // Reem (volunteer 2, Riyadh region) holds a place on the Riyadh event: a roster, hours and history exist.
  const invited = await as['2']!.post(`/api/opportunities/${riyadhEventId}/invitations`, {
    volunteerIds: [VOLUNTEER2],
  });
  expect(invited.json().results[0].result).toBe('invited');
  await admin.get(`/api/opportunities/${riyadhEventId}?after=${encodeURIComponent(approved.json().position)}`);
  await admin.get(`/api/me/participations?after=${encodeURIComponent(invited.json().position)}`);
  const reem = await signedIn(portal.app, 'volunteer2', 'Volunteer@2026!');
  fileId = await uploadAs(reem, 'training');
  const accepted = await reem.post(`/api/volunteers/invitation/${riyadhEventId}/accept`);
  expect(accepted.json().error).toBeUndefined();
  const seated = await as['2']!.post(`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/accept`, {});
  expect(seated.json().error).toBeUndefined();
  const recorded = await as['2']!.post(`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/hours`, {
    hours: 2,
    casesHandled: 1,
    // On the event's own first day: the domain refuses hours outside the event's dates.
    checkIn: `${inDays(4)}T10:00:00Z`,
    checkOut: `${inDays(4)}T12:00:00Z`,
    rating: 5,
    review: 'good',
  });
  expect(recorded.json().error).toBeUndefined();
  hoursId = recorded.json().hoursId;

  await portal.app.listen({ port: 0, host: '127.0.0.1' });
  const address = portal.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await portal?.close();
});

/** The operations of the OpenAPI document, as "METHOD /path/{param}". */
function operations(): string[] {
  const doc = portal.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const ops: string[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const m of Object.keys(methods)) ops.push(`${m.toUpperCase()} ${path}`);
  }
  return ops.sort();
}

/** Path parameters filled with records every caller could name: the approved Riyadh event, Reem, her upload. */
function urlOf(path: string): string {
  const id =
    path.startsWith('/api/registrations/') || path.startsWith('/api/users/')
      ? VOLUNTEER2
      : path.startsWith('/api/files/')
        ? fileId
        : riyadhEventId;
  return path
    .replace('{id}', id)
    .replace('{volunteerId}', VOLUNTEER2)
    .replace('{hoursId}', hoursId)
    .replace('{noteId}', 'no-such-note');
}

/** The spec's own refusals by who is calling (YouMustLogIn, YouMustBeVolunteer) answer 409: the code tells. */
function classOf(status: number, body: string): Outcome {
  const code = status >= 400 ? (JSON.parse(body || '{}') as { error?: { code?: string } }).error?.code : undefined;
  if (status === 401 || code === 'YouMustLogIn') return 'signIn';
  if (status === 403 || code === 'YouMustBeVolunteer') return 'forbidden';
  return status === 404 ? 'hidden' : 'allowed';
}

async function call(op: string, who: Who): Promise<{ status: number; body: string }> {
  const [method, path] = op.split(' ') as [string, string];
  const url = urlOf(path);
  // A fresh session for what ends one, so the shared browsers stay signed in.
  const b =
    (op === 'POST /api/session/logout' || op === 'POST /api/sso/logout') && who !== 'anonymous'
      ? await signedIn(portal.app, ...CREDENTIALS[who])
      : as[who]!;
  const cookie = [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (url === '/api/me/invitations/stream') {
    // A held-open stream: the status is all that matters.
    const controller = new AbortController();
    const res = await fetch(`${base}${url}`, { headers: { cookie }, signal: controller.signal });
    const body = res.headers.get('content-type')?.includes('event-stream') ? '' : await res.text();
    controller.abort();
    return { status: res.status, body };
  }
  let res: LightMyRequestResponse;
  if (op === 'POST /api/files') {
    const { boundary, body } = multipart('otherAttachment');
    res = await portal.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'x-csrf-token': b.csrf, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
  } else {
    const hasBody = method === 'POST' || method === 'PUT';
    res = await portal.app.inject({
      method: method as 'GET',
      url,
      headers: {
        cookie,
        'x-csrf-token': b.csrf,
        ...(hasBody ? { 'content-type': 'application/json' } : {}),
      },
      ...(hasBody ? { payload: '{}' } : {}),
    });
  }
  return { status: res.statusCode, body: res.body };
}

const CREDENTIALS: Record<Exclude<Who, 'anonymous'>, [string, string]> = {
  '1': ['volunteer1', 'Volunteer@2026!'],
  '2': ['staff', 'Staff@2026!'],
  '3': ['admin', 'Admin@2026!'],
  '4': ['reviewer', 'Review@2026!'],
  '5': ['volunteeradmin', 'VolAdmin@2026!'],
  '6': ['responderadmin', 'Responder@2026!'],
};

describe('the authorisation matrix', () => {
  it('answers every operation for anonymous and each role as the table in the repository says', async () => {
    const live: Matrix = {};
    for (const op of operations()) {
      live[op] = {} as Record<Who, Outcome>;
      for (const who of WHO) {
        const r = await call(op, who);
        if (r.status >= 500) throw new Error(`${op} as ${who}: ${r.status} ${r.body}`);
        live[op][who] = classOf(r.status, r.body);
      }
    }
    if (process.env.UPDATE_AUTH_MATRIX === '1') writeFileSync(MATRIX_FILE, `${JSON.stringify(live, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(MATRIX_FILE, 'utf8')) as Matrix;
    // Every operation has a row (a new route without one fails), and no row names a route that is gone.
    expect(Object.keys(live).sort()).toEqual(Object.keys(expected).sort());
    for (const op of Object.keys(expected)) expect([op, live[op]]).toEqual([op, expected[op]]);
  });
});

describe('one volunteer against another', () => {
  it("cannot read another volunteer's registration, history or upload", async () => {
    const abdullah = as['1']!;
    expect((await abdullah.get(`/api/registrations/${VOLUNTEER2}`)).statusCode).toBe(403);
    expect((await abdullah.get(`/api/registrations/${VOLUNTEER2}/history`)).statusCode).toBe(403);
    expect((await abdullah.get(`/api/files/${fileId}`)).statusCode).toBe(404);
    // Her own registration is the one /me answers, whatever she asks.
    expect((await abdullah.get('/api/registrations/me')).json().volunteerId).toBe(VOLUNTEER1);
  });

  it("sees only her own participations and notifications, and her answers never touch another's invitation", async () => {
    const abdullah = as['1']!;
    const reemId = VOLUNTEER2;
    // Her list is exactly her own places (the matrix above had her ask to join the event Reem holds a place on).
    const now = encodeURIComponent(formatPosition(await portal.runtime.store.lastPosition()));
    const mine = (await abdullah.get(`/api/me/participations?after=${now}`)).json() as { opportunityId: string }[];
    const { rows } = await sql<{ opportunity_id: string }>`
      select opportunity_id::text from rm.participations where volunteer_id = ${VOLUNTEER1}`.execute(portal.runtime.db);
    expect(mine.map((p) => p.opportunityId).sort()).toEqual(rows.map((r) => r.opportunity_id).sort());
    expect(reemId).not.toBe(VOLUNTEER1);
    const before: string[] = [];
    for await (const e of portal.runtime.store.readStream(`participation-${riyadhEventId}_${VOLUNTEER2}`))
      before.push(e.type);
    for (const path of ['accept', 'reject', 'cancel', 'RequestToRelease', 'extension/continue', 'extension/decline'])
      await abdullah.post(`/api/volunteers/invitation/${riyadhEventId}/${path}`);
    await abdullah.post(`/api/opportunities/${riyadhEventId}/check-in`);
    await abdullah.post(`/api/opportunities/${riyadhEventId}/contribution`, {
      incident: {
        incidentId: 'i-1',
        fullName: 'x',
        genderType: 1,
        age: 30,
        nationalityId: 1,
        startTime: '10:00',
      },
      mode: 'draft',
    });
    const after: string[] = [];
    for await (const e of portal.runtime.store.readStream(`participation-${riyadhEventId}_${VOLUNTEER2}`))
      after.push(e.type);
    expect(after).toEqual(before);
    const reem = await signedIn(portal.app, 'volunteer2', 'Volunteer@2026!');
    const theirs = (await reem.get(`/api/me/notifications?after=${now}`)).json() as { items: { id: string }[] };
    const mineNow = (await abdullah.get('/api/me/notifications')).json() as { items: { id: string }[] };
    expect(theirs.items.length).toBeGreaterThan(0); // the invitation
    const ids = new Set(mineNow.items.map((n) => n.id));
    expect(theirs.items.some((n) => ids.has(n.id))).toBe(false);
    // Marking her notifications read from his session changes nothing of hers.
    await abdullah.post('/api/me/notifications/read', { ids: theirs.items.map((n) => n.id) });
    const still = (await reem.get('/api/me/notifications')).json() as { unread: number };
    expect(still.unread).toBe((await reem.get('/api/me/notifications')).json().unread);
    expect(still.unread).toBeGreaterThan(0);
  });

  it('cannot record, approve or see hours, rosters or incidents of the event staff manage', async () => {
    const abdullah = as['1']!;
    const hours = {
      hours: 2,
      casesHandled: 1,
      checkIn: '10:00',
      checkOut: '12:00',
      rating: 5,
      review: 'good',
    };
    expect(
      (await abdullah.post(`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/hours`, hours)).statusCode,
    ).toBe(403);
    expect((await abdullah.get(`/api/opportunities/${riyadhEventId}/participants`)).statusCode).toBe(403);
    expect(
      (await abdullah.get(`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/history`)).statusCode,
    ).toBe(403);
  });
});

describe('event details', () => {
  it("shows unapproved, invited-only, deleted and other places' events only to those who may see them", async () => {
    const admin = as['3']!;
    const abdullah = as['1']!;
    const reem = await signedIn(portal.app, 'volunteer2', 'Volunteer@2026!');
    const detailsOf = async (b: Browser, id: string, position: string) =>
      (await b.get(`/api/opportunities/${id}?after=${encodeURIComponent(position)}`)).statusCode;

    const pending = (await admin.post('/api/opportunities', eventDetails({ nameEn: 'Not approved yet' }))).json();
    expect(await detailsOf(abdullah, pending.opportunityId, pending.position)).toBe(404);
    expect(await detailsOf(as['2']!, pending.opportunityId, pending.position)).toBe(200);

    const invitedOnly = (await admin.post('/api/opportunities', eventDetails({ visibility: 3 }))).json();
    await admin.post(`/api/opportunities/${invitedOnly.opportunityId}/approve`);
    const invited = (
      await admin.post(`/api/opportunities/${invitedOnly.opportunityId}/invitations`, { volunteerIds: [VOLUNTEER2] })
    ).json();
    expect(await detailsOf(reem, invitedOnly.opportunityId, invited.position)).toBe(200);
    expect(await detailsOf(abdullah, invitedOnly.opportunityId, invited.position)).toBe(404);

    const makkah = (await admin.post('/api/opportunities', eventDetails({ visibility: 1, regionIds: [2] }))).json();
    const approved = (await admin.post(`/api/opportunities/${makkah.opportunityId}/approve`)).json();
    expect(await detailsOf(abdullah, makkah.opportunityId, approved.position)).toBe(404);
    expect(await detailsOf(as['2']!, makkah.opportunityId, approved.position)).toBe(404);
    expect(await detailsOf(admin, makkah.opportunityId, approved.position)).toBe(200);

    const gone = (await admin.post('/api/opportunities', eventDetails())).json();
    await admin.post(`/api/opportunities/${gone.opportunityId}/approve`);
    const deleted = (
      await admin.post(`/api/opportunities/${gone.opportunityId}/delete`, { reason: 'Cancelled by the lead' })
    ).json();
    expect(await detailsOf(abdullah, gone.opportunityId, deleted.position)).toBe(404);
  });
});

describe('staff of one region against another region', () => {
  it('hides every record of the Riyadh region from staff of the Eastern region, and shows them to Riyadh staff', async () => {
    const east = await signedIn(portal.app, 'staff-east', 'East@2026!x');
    const riyadh = as['2']!;
    const records = [
      `/api/registrations/${VOLUNTEER2}`,
      `/api/registrations/${VOLUNTEER2}/history`,
      `/api/files/${fileId}`,
      `/api/opportunities/${riyadhEventId}`,
      `/api/opportunities/${riyadhEventId}/participants`,
      `/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/history`,
    ];
    for (const url of records) {
      expect([url, (await east.get(url)).statusCode]).toEqual([url, 404]);
      expect([url, (await riyadh.get(url)).statusCode]).toEqual([url, 200]);
    }
    const grid = (await east.get('/api/registrations?status=5')).json() as { rows: { volunteerId: string }[] };
    expect(grid.rows.map((r) => r.volunteerId)).not.toContain(VOLUNTEER2);
  });

  it('refuses Eastern staff every action on the Riyadh event and its people, writing nothing', async () => {
    const east = await signedIn(portal.app, 'staff-east', 'East@2026!x');
    const hours = { hours: 2, casesHandled: 1, checkIn: '10:00', checkOut: '12:00', rating: 5, review: 'good' };
    const actions: [string, unknown][] = [
      [`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/hours`, hours],
      [`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/accept`, {}],
      [`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/reject`, undefined],
      [`/api/opportunities/${riyadhEventId}/participants/${VOLUNTEER2}/release`, undefined],
      [`/api/opportunities/${riyadhEventId}/invitations`, { volunteerIds: [VOLUNTEER1] }],
      [`/api/opportunities/${riyadhEventId}/stop-invitations`, undefined],
      [`/api/registrations/${VOLUNTEER2}/notes`, { note: 'a note from elsewhere' }],
    ];
    const head = await portal.runtime.store.lastPosition();
    for (const [url, body] of actions) expect([url, (await east.post(url, body)).statusCode]).toEqual([url, 404]);
    expect((await east.put(`/api/opportunities/${riyadhEventId}`, eventDetails())).statusCode).toBe(404);
    expect(await portal.runtime.store.lastPosition()).toEqual(head);
    // Nor may she make an event for a region that is not hers.
    const elsewhere = await east.post('/api/opportunities', eventDetails({ visibility: 1, regionIds: [1] }));
    expect(elsewhere.json().error.code).toBe('RegionNotAllowed');
  });
});
