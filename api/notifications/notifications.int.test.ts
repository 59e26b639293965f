import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition, START, type StoredEvent } from '../../commands/event-store/port.ts';
import { participationStream, requestJoin } from '../../commands/participation/handlers.ts';
import { processEvents } from '../../commands/workflow/process.ts';
import { opportunityStream } from '../../domain/opportunity/decide.ts';
import { notificationsStream } from '../../domain/participation/notifications.ts';
import { scheduleStream } from '../../domain/participation/schedule.ts';
import { notificationsProjection } from '../../projections/notifications/notifications.ts';
import { physicalTable } from '../../projections/runner/runner.ts';
import {
  Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';
import { EXTENSION_JOB, type ExtensionJob, offerExtensions } from '../../workers/extension-reactions.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const V1 = '00000000-0000-4000-8000-000000000004'; // volunteer1
const V2 = '00000000-0000-4000-8000-000000000005'; // volunteer2
const details = (over: object = {}) =>
  eventDetails({
    nameAr: 'حملة التوعية الصحية الممتدة في المدينة',
    nameEn: 'Health awareness campaign in the city',
    maxContributions: 2,
    ...over,
  });
const as = (user: string, password: string) => signedIn(portal.app, user, password);
async function put(b: Browser, url: string, body: unknown) {
  return portal.app.inject({
    method: 'PUT',
    url,
    headers: {
      cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': b.csrf,
      'content-type': 'application/json',
    },
    payload: JSON.stringify(body),
  });
}
async function events(stream: string): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const e of portal.runtime.store.readStream(stream)) out.push(e);
  return out;
}
/** The stream's events of a type, once at least `count` are there (the reactor's job runs after commit). */
async function eventually(stream: string, type: string, count = 1, timeoutMs = 20_000): Promise<StoredEvent[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await events(stream)).filter((e) => e.type === type);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
}
type Item = { id: string; type: number; eventId: string; extensionState: string | null; read: boolean };
async function notificationsOf(b: Browser, after: string): Promise<{ items: Item[]; unread: number }> {
  const res = await b.get(`/api/me/notifications?after=${after}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('opportunity extended (type 16) and in-app notifications', () => {
  let staff: Browser;
  let admin: Browser;
  let abdullah: Browser; // volunteer1
  let reem: Browser; // volunteer2
  let event1: string;
  let event2: string;
  const v3 = randomUUID();
  let offerToV1: StoredEvent;
  let offerToV2: StoredEvent;

  it('offers the extension to each volunteer holding a seat, exactly once, when staff move the end date later', async () => {
    staff = await as('staff', 'Staff@2026!');
    admin = await as('admin', 'Admin@2026!');
    abdullah = await as('volunteer1', 'Volunteer@2026!');
    reem = await as('volunteer2', 'Volunteer@2026!');
    const first = details();
    event1 = (await staff.post('/api/opportunities', first)).json().opportunityId;
    event2 = (await staff.post('/api/opportunities', details({ startDate: inDays(9), endDate: inDays(11) }))).json()
      .opportunityId;
    for (const id of [event1, event2])
      expect((await admin.post(`/api/opportunities/${id}/approve`)).statusCode).toBe(200);
    // Both volunteers take the two seats of event 1; volunteer2 is also accepted in event 2 (days 9–11, no overlap yet).
    for (const [b, v, id] of [
      [abdullah, V1, event1],
      [reem, V2, event1],
      [reem, V2, event2],
    ] as const) {
      expect((await b.post(`/api/opportunities/${id}/join`)).statusCode).toBe(200);
      expect((await staff.post(`/api/opportunities/${id}/participants/${v}/accept`, {})).statusCode).toBe(200);
    }
    // A third volunteer's join request waits: the event is full.
    await requestJoin(portal.runtime.store, event1, v3, {
      actorId: v3,
      actorRole: 1,
      correlationId: 'test',
      clientCode: 'MOH',
      commandId: randomUUID(),
      now: new Date(),
    });
    const full = await staff.post(`/api/opportunities/${event1}/participants/${v3}/accept`, {});
    expect(full.json().error.code).toBe('ExceededApprovalLimit');

    // An edit that does not move the end date offers nothing.
    expect((await put(staff, `/api/opportunities/${event1}`, { ...first, maxHours: 5 })).statusCode).toBe(200);
    const edited = await put(staff, `/api/opportunities/${event1}`, { ...first, maxHours: 5, endDate: inDays(10) });
    expect(edited.statusCode).toBe(200);

    const offers = [
      await eventually(participationStream(event1, V1), 'ExtensionOffered'),
      await eventually(participationStream(event1, V2), 'ExtensionOffered'),
    ];
    expect(offers.map((o) => o.length)).toEqual([1, 1]);
    [offerToV1, offerToV2] = [offers[0]![0]!, offers[1]![0]!];
    expect(offerToV1.data).toEqual({ previousEndDate: inDays(8), newEndDate: inDays(10) });
    expect(offerToV2.data).toEqual({ previousEndDate: inDays(8), newEndDate: inDays(10) });
    expect(offerToV1.metadata.commandId).toMatch(/^extension:/);
    // Not offered to the volunteer without a seat (her join's end, bookkeeping, travels in its request's append).
    const v3Events = (await events(participationStream(event1, v3))).filter((e) => !processEvents.has(e.type));
    expect(v3Events.map((e) => e.type)).toEqual(['JoinRequested']);

    // Replay: the reactor applied again enqueues no second job; the job run again appends nothing.
    const edit = (await events(opportunityStream(event1))).filter((e) => e.type === 'OpportunityEdited').at(-1)!;
    const reactor = portal.runtime.projections.find((p) => p.name === 'reactions-extension')!;
    await reactor.apply({ tx: portal.runtime.db, table: (n) => n }, [edit]);
    const { rows: jobs } = await sql<{ n: string }>`
      select count(*)::text as n from jobs.queue where id = ${`${EXTENSION_JOB}.${edit.id}`}`.execute(
      portal.runtime.db,
    );
    expect(jobs[0]?.n).toBe('1');
    const job: ExtensionJob = {
      opportunityId: event1,
      editEventId: edit.id,
      editRevision: edit.revision.toString(),
      correlationId: edit.metadata.correlationId,
      previousEndDate: inDays(8),
      newEndDate: inDays(10),
    };
    expect((await offerExtensions(portal.runtime.store, job, 'MOH')).sort()).toEqual([V1, V2]);
    expect(await offerExtensions(portal.runtime.store, job, 'MOH')).toHaveLength(2);
    for (const v of [V1, V2])
      expect((await events(participationStream(event1, v))).filter((e) => e.type === 'ExtensionOffered')).toHaveLength(
        1,
      );
  });

  it('lists the notifications newest first with the unread count; staff have none', async () => {
    const list = await notificationsOf(abdullah, formatPosition(offerToV1.position));
    const mine = list.items.filter((i) => i.eventId === event1);
    expect(mine.map((i) => i.type)).toEqual([16, 2]);
    expect(mine[0]).toMatchObject({
      extensionState: 'open',
      read: false,
      nameAr: 'حملة التوعية الصحية الممتدة في المدينة',
      nameEn: 'Health awareness campaign in the city',
      startDate: inDays(4),
      endDate: inDays(10),
      previousEndDate: inDays(8),
      invitationId: `${event1}_${V1}`,
    });
    expect(list.unread).toBe(list.items.filter((i) => !i.read).length);
    expect(list.unread).toBeGreaterThanOrEqual(2);
    expect((await staff.get('/api/me/notifications')).json().error.code).toBe('YouMustBeVolunteer');
    expect((await new Browser(portal.app).get('/api/me/notifications')).statusCode).toBe(401);
  });

  it('gives the same rows when the projection applies every event again (idempotent apply)', async () => {
    const { runtime } = portal;
    const types = notificationsProjection.types!;
    // Jobs of earlier tests (extension offers) may still append: wait until the log has been quiet for 300 ms and
    // the projection has everything, so that nothing but the replay below changes the table.
    let all = await runtime.store.readAll({ after: START, limit: 100_000, types });
    for (let i = 0; i < 50; i++) {
      await notificationsOf(abdullah, formatPosition(all.at(-1)!.position));
      await new Promise((r) => setTimeout(r, 300));
      const later = await runtime.store.readAll({ after: all.at(-1)!.position, limit: 100_000, types });
      if (later.length === 0) break;
      all = [...all, ...later];
    }
    await notificationsOf(abdullah, formatPosition(all.at(-1)!.position));
    const { rows } = await sql<{ generation: number }>`
      select generation from rm.projection_checkpoints where name = 'notifications' and state = 'live'`.execute(
      runtime.db,
    );
    const table = (n: string) => physicalTable(n, rows[0]!.generation);
    const snapshot = async () =>
      (await sql.raw(`select * from ${table('notifications')} order by notification_id`).execute(runtime.db)).rows;
    const before = await snapshot();
    expect(before.some((r) => (r as { state: string | null }).state === 'open')).toBe(true);
    await runtime.db.transaction().execute((tx) => notificationsProjection.apply({ tx, table }, all));
    expect(await snapshot()).toEqual(before);
  });

  it('continues: the offer is answered, the schedule takes the extended dates, status stays 4', async () => {
    const res = await abdullah.post(`/api/volunteers/invitation/${event1}/extension/continue`);
    expect(res.statusCode).toBe(200);
    const types = (await events(participationStream(event1, V1))).map((e) => e.type);
    expect(types.at(-1)).toBe('ExtensionAccepted');
    const schedule = await events(scheduleStream(V1));
    expect(schedule.at(-1)).toMatchObject({
      type: 'AcceptanceRescheduled',
      data: { opportunityId: event1, startDate: inDays(4), endDate: inDays(10) },
    });
    const list = await notificationsOf(abdullah, res.json().position);
    expect(list.items.find((i) => i.type === 16 && i.eventId === event1)).toMatchObject({
      extensionState: 'continued',
      read: true,
    });
    const mine = (await abdullah.get(`/api/me/participations?after=${res.json().position}`)).json();
    expect(mine).toContainEqual(expect.objectContaining({ opportunityId: event1, status: 4, endDate: inDays(10) }));
    // Answered: neither answer is possible again, and nothing is written.
    const again = await abdullah.post(`/api/volunteers/invitation/${event1}/extension/continue`);
    expect(again.json().error.code).toBe('Error_CheckEventStatus');
    const decline = await abdullah.post(`/api/volunteers/invitation/${event1}/extension/decline`);
    expect(decline.json().error.code).toBe('InvalidStatusChange');
    expect((await events(participationStream(event1, V1))).map((e) => e.type)).toEqual(types);
  });

  it('refuses to continue with ErrorMessageConflictEventDate when the new dates overlap another accepted event', async () => {
    const participation = (await events(participationStream(event1, V2))).length;
    const schedule = (await events(scheduleStream(V2))).length;
    const res = await reem.post(`/api/volunteers/invitation/${event1}/extension/continue`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('ErrorMessageConflictEventDate');
    expect(await events(participationStream(event1, V2))).toHaveLength(participation);
    expect(await events(scheduleStream(V2))).toHaveLength(schedule);
  });

  it('declines: 4 → 3, the seat is freed (a waiting volunteer can now be accepted) and the dates leave the schedule', async () => {
    const res = await reem.post(`/api/volunteers/invitation/${event1}/extension/decline`);
    expect(res.statusCode).toBe(200);
    const mine = (await reem.get(`/api/me/participations?after=${res.json().position}`)).json();
    expect(mine).toContainEqual(expect.objectContaining({ opportunityId: event1, status: 3 }));
    expect((await events(opportunityStream(event1))).at(-1)).toMatchObject({
      type: 'SeatFreed',
      data: { volunteerId: V2 },
    });
    expect((await events(scheduleStream(V2))).at(-1)).toMatchObject({
      type: 'AcceptanceReleased',
      data: { opportunityId: event1 },
    });
    const list = await notificationsOf(reem, res.json().position);
    expect(list.items.find((i) => i.type === 16 && i.eventId === event1)).toMatchObject({ extensionState: 'declined' });
    const accepted = await staff.post(`/api/opportunities/${event1}/participants/${v3}/accept`, {});
    expect(accepted.statusCode).toBe(200);
    // No open offer any more.
    const again = await reem.post(`/api/volunteers/invitation/${event1}/extension/decline`);
    expect(again.json().error.code).toBe('InvalidStatusChange');
  });

  it('marks some notifications read, then all; bad input is refused and writes nothing', async () => {
    const before = await notificationsOf(reem, formatPosition(offerToV2.position));
    const unread = before.items.filter((i) => !i.read);
    expect(unread.length).toBeGreaterThanOrEqual(1);
    const one = await reem.post('/api/me/notifications/read', { ids: [unread[0]!.id] });
    expect(one.statusCode).toBe(200);
    const after = await notificationsOf(reem, one.json().position);
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((i) => i.id === unread[0]!.id)?.read).toBe(true);

    const stream = notificationsStream(V2);
    const written = (await events(stream)).length;
    for (const body of [{ ids: [] }, { ids: ['nope'] }, {}, { all: false }]) {
      const bad = await reem.post('/api/me/notifications/read', body);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().error.code).toBe('ValidationFailed');
    }
    expect(await events(stream)).toHaveLength(written);

    // Another user's ids change nothing of theirs.
    const other = await notificationsOf(abdullah, one.json().position);
    const foreign = await reem.post('/api/me/notifications/read', {
      ids: other.items.filter((i) => !i.read).map((i) => i.id),
    });
    expect((await notificationsOf(abdullah, foreign.json().position)).unread).toBe(other.unread);

    const all = await reem.post('/api/me/notifications/read', { all: true });
    expect(all.statusCode).toBe(200);
    expect((await notificationsOf(reem, all.json().position)).unread).toBe(0);
  });

  it('lets only one of two concurrent actions on the schedule win: continuing, or staff accepting an overlapping event', async () => {
    const e3Body = details({ startDate: inDays(40), endDate: inDays(42) });
    const e3 = (await staff.post('/api/opportunities', e3Body)).json().opportunityId;
    const e4 = (await staff.post('/api/opportunities', details({ startDate: inDays(43), endDate: inDays(45) }))).json()
      .opportunityId;
    for (const id of [e3, e4]) await admin.post(`/api/opportunities/${id}/approve`);
    expect((await reem.post(`/api/opportunities/${e3}/join`)).statusCode).toBe(200);
    expect((await staff.post(`/api/opportunities/${e3}/participants/${V2}/accept`, {})).statusCode).toBe(200);
    expect((await reem.post(`/api/opportunities/${e4}/join`)).statusCode).toBe(200);
    expect((await put(staff, `/api/opportunities/${e3}`, { ...e3Body, endDate: inDays(44) })).statusCode).toBe(200);
    expect(await eventually(participationStream(e3, V2), 'ExtensionOffered')).toHaveLength(1);

    const [continued, accepted] = await Promise.all([
      reem.post(`/api/volunteers/invitation/${e3}/extension/continue`),
      staff.post(`/api/opportunities/${e4}/participants/${V2}/accept`, {}),
    ]);
    const outcomes = [continued, accepted].map((r) => (r.statusCode === 200 ? 'ok' : r.json().error.code)).sort();
    expect(outcomes).toEqual(['ErrorMessageConflictEventDate', 'ok']);
    // The schedule holds the winner's dates only: no two overlapping accepted events.
    const schedule = await events(scheduleStream(V2));
    const e4Held = schedule.some(
      (e) => e.type === 'AcceptanceReserved' && (e.data as { opportunityId: string }).opportunityId === e4,
    );
    const e3Moved = schedule.some(
      (e) => e.type === 'AcceptanceRescheduled' && (e.data as { opportunityId: string }).opportunityId === e3,
    );
    expect([e3Moved, e4Held]).toEqual(continued.statusCode === 200 ? [true, false] : [false, true]);
  });

  it('tells the volunteers still in an event that it was deleted', async () => {
    const code = `DEL-${Math.random().toString(36).slice(2, 7)}`;
    const id = (
      await staff.post('/api/opportunities', details({ code, startDate: inDays(30), endDate: inDays(31) }))
    ).json().opportunityId;
    await admin.post(`/api/opportunities/${id}/approve`);
    expect((await abdullah.post(`/api/opportunities/${id}/join`)).statusCode).toBe(200);
    const deleted = await admin.post(`/api/opportunities/${id}/delete`, { reason: 'Cancelled by the organiser' });
    expect(deleted.statusCode).toBe(200);
    const list = await notificationsOf(abdullah, deleted.json().position);
    expect(list.items[0]).toMatchObject({ type: 8, eventId: id, read: false });
  });
});
