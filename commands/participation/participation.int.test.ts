import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { participationDecider } from '../../domain/participation/decide.ts';
import { scheduleDecider, scheduleStream } from '../../domain/participation/schedule.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { inDays, opportunityDetails, testContext } from '../../tests/support/command-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { formatPosition } from '../event-store/port.ts';
import { PostgresEventStore } from '../event-store/postgres.ts';
import { handleCommand, loadFolded } from '../handle.ts';
import { loadProcessOf, processStream } from '../workflow/process.ts';
import {
  loadOpportunity,
  participationAction,
  participationStream,
  requestJoin,
  staffAccept,
  staffAcceptProcess,
} from './handlers.ts';

const ctx = () => testContext({ actorId: 'staff', actorRole: 2 });

describe('participation under concurrent requests (real PostgreSQL)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('participation', 40);
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  async function newOpportunity(over: Partial<OpportunityDetails> = {}): Promise<string> {
    const id = randomUUID();
    const details = opportunityDetails({ code: `EV-${id.slice(0, 4)}`, ...over });
    await handleCommand(
      store,
      opportunityStream(id),
      opportunityDecider,
      { type: 'Create', details, client: CLIENTS.MOH, lookups: seedSnapshot() },
      ctx(),
    );
    await handleCommand(store, opportunityStream(id), opportunityDecider, { type: 'Approve' }, ctx());
    return id;
  }
  const outcome = (r: PromiseSettledResult<unknown>) =>
    r.status === 'fulfilled' ? 'accepted' : r.reason instanceof DomainError ? r.reason.code : String(r.reason);

  it('accepts exactly 10 of 50 simultaneous acceptances for an event with room for 10; the other 40 get ExceededApprovalLimit', async () => {
    const opportunityId = await newOpportunity({ maxContributions: 10 });
    const volunteers = Array.from({ length: 50 }, () => randomUUID());
    for (const v of volunteers)
      await handleCommand(
        store,
        participationStream(opportunityId, v),
        participationDecider,
        { type: 'RequestJoin' },
        ctx(),
      );
    const results = await Promise.allSettled(
      volunteers.map((v) => staffAccept(store, opportunityId, v, { byAdmin: false, confirmRaise: false }, ctx())),
    );
    const counts: Record<string, number> = {};
    for (const o of results.map(outcome)) counts[o] = (counts[o] ?? 0) + 1;
    expect(counts).toEqual({ accepted: 10, ExceededApprovalLimit: 40 });
    const o = await loadOpportunity(store, opportunityId);
    expect(o.seats).toHaveLength(10);
    // The seats and the participations agree: exactly the accepted volunteers hold a seat.
    const acceptedIds = volunteers.filter((_, i) => results[i]!.status === 'fulfilled');
    expect([...o.seats].sort()).toEqual([...acceptedIds].sort());
  });

  it('records an accept inline (no process stream: its start with the reservation, its end with the participation); a refused one compensates in its own', async () => {
    const opportunityId = await newOpportunity({ maxContributions: 1 });
    const [v1, v2] = [randomUUID(), randomUUID()];
    for (const v of [v1, v2]) await requestJoin(store, opportunityId, v, ctx());
    const events = async () => (await t.pool.query('select count(*)::int as n from es.events')).rows[0].n as number;
    const hasStream = async (s: string) =>
      (await t.pool.query('select 1 from es.streams where stream_id = $1', [s])).rowCount === 1;
    const input = (volunteerId: string) => ({ opportunityId, volunteerId, byAdmin: false, confirmRaise: false });
    const opts = { byAdmin: false, confirmRaise: false };

    const c1 = ctx();
    const before = await events();
    const position = formatPosition(await staffAccept(store, opportunityId, v1, opts, c1));
    // Reserved + start, seat, accepted + end: three appends, five events, and no process stream.
    expect(await events()).toBe(before + 5);
    expect(await hasStream(processStream(c1.commandId))).toBe(false);
    const started = await t.pool.query(
      `select stream_id from es.events where type = 'ProcessStarted' and metadata->>'commandId' = $1`,
      [`${c1.commandId}:schedule`],
    );
    expect(started.rows).toEqual([{ stream_id: scheduleStream(v1) }]);
    const done = await loadProcessOf(store, staffAcceptProcess, input(v1), c1.commandId);
    expect([done.started?.kind, done.completed]).toEqual(['participation.staff-accept', { result: position }]);
    // Sent again: answered from the record, nothing written.
    expect(formatPosition(await staffAccept(store, opportunityId, v1, opts, { ...c1, now: new Date() }))).toBe(
      position,
    );
    expect(await events()).toBe(before + 5);

    // No seat left: the reservation is given back, and the refusal recorded in the process's own stream.
    const c2 = ctx();
    await expect(staffAccept(store, opportunityId, v2, opts, c2)).rejects.toMatchObject({
      code: 'ExceededApprovalLimit',
    });
    expect(await hasStream(processStream(c2.commandId))).toBe(true);
    const refused = await loadProcessOf(store, staffAcceptProcess, input(v2), c2.commandId);
    expect([refused.started?.kind, refused.compensating?.step, refused.failed?.code]).toEqual([
      'participation.staff-accept',
      'seat',
      'ExceededApprovalLimit',
    ]);
    const schedule = (await loadFolded(store, scheduleStream(v2), scheduleDecider)).state;
    expect([schedule.accepted[opportunityId], schedule.pending]).toEqual([undefined, [opportunityId]]);
  });

  it("keeps one volunteer's three simultaneous join requests to at most two pending", async () => {
    const events = await Promise.all(
      [0, 1, 2].map((i) => newOpportunity({ startDate: inDays(10 + i * 10), endDate: inDays(12 + i * 10) })),
    );
    const volunteer = randomUUID();
    const results = await Promise.allSettled(events.map((e) => requestJoin(store, e, volunteer, ctx())));
    const outcomes = results.map(outcome).sort();
    expect(outcomes).toEqual(['VolunteerJoinedAnotherEvent', 'accepted', 'accepted']);
  });

  it('lets only one of two simultaneous acceptances of one volunteer into events with overlapping dates through', async () => {
    const a = await newOpportunity({ startDate: inDays(40), endDate: inDays(45) });
    const b = await newOpportunity({ startDate: inDays(44), endDate: inDays(48) });
    const volunteer = randomUUID();
    for (const e of [a, b])
      await handleCommand(
        store,
        participationStream(e, volunteer),
        participationDecider,
        { type: 'RequestJoin' },
        ctx(),
      );
    const results = await Promise.allSettled(
      [a, b].map((e) => staffAccept(store, e, volunteer, { byAdmin: false, confirmRaise: false }, ctx())),
    );
    expect(results.map(outcome).sort()).toEqual(['ErrorMessageConflictEventDate', 'accepted']);
    // The loser gave its seat back.
    const seats = (await loadOpportunity(store, a)).seats.length + (await loadOpportunity(store, b)).seats.length;
    expect(seats).toBe(1);
  });

  const pendingHolds = async (volunteer: string) =>
    (await loadFolded(store, scheduleStream(volunteer), scheduleDecider as never)).state as { pending: string[] };
  const twoEvents = () =>
    Promise.all([0, 1, 2].map((i) => newOpportunity({ startDate: inDays(60 + i * 10), endDate: inDays(62 + i * 10) })));

  it('gives a hold back when a request is cancelled or rejected, so two ended requests never block a third', async () => {
    const [a, b, c] = await twoEvents();
    const volunteer = randomUUID();
    await requestJoin(store, a!, volunteer, ctx());
    await requestJoin(store, b!, volunteer, ctx());
    await participationAction(store, a!, volunteer, (opportunity) => ({ type: 'Cancel', opportunity }), ctx());
    await participationAction(store, b!, volunteer, (opportunity) => ({ type: 'StaffReject', opportunity }), ctx());
    expect((await pendingHolds(volunteer)).pending).toEqual([]);
    await requestJoin(store, c!, volunteer, ctx());
    expect((await pendingHolds(volunteer)).pending).toEqual([c]);
    // An acceptance ends the request too: the hold becomes the accepted dates.
    await staffAccept(store, c!, volunteer, { byAdmin: false, confirmRaise: false }, ctx());
    expect((await pendingHolds(volunteer)).pending).toEqual([]);
  });

  it('keeps the hold of a request whose duplicate is refused, so the two-pending limit still holds', async () => {
    const [a, b, c] = await twoEvents();
    const volunteer = randomUUID();
    await requestJoin(store, a!, volunteer, ctx());
    const before = await t.pool.query('select count(*)::int as n from es.events');
    await expect(requestJoin(store, a!, volunteer, ctx())).rejects.toMatchObject({ code: 'NotAllowToJoinEvent' });
    const after = await t.pool.query('select count(*)::int as n from es.events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect((await pendingHolds(volunteer)).pending).toEqual([a]);
    await requestJoin(store, b!, volunteer, ctx());
    await expect(requestJoin(store, c!, volunteer, ctx())).rejects.toMatchObject({
      code: 'VolunteerJoinedAnotherEvent',
    });
    // Two concurrent duplicates of a fresh request: one request, one hold, whatever the refusals.
    const d = await newOpportunity({ startDate: inDays(120), endDate: inDays(122) });
    const other = randomUUID();
    await Promise.allSettled([1, 2, 3].map(() => requestJoin(store, d, other, ctx())));
    expect((await pendingHolds(other)).pending).toEqual([d]);
  });

  it('lets a new request through when a held one belongs to an event that was deleted or has ended', async () => {
    const [a, b, c] = await twoEvents();
    const volunteer = randomUUID();
    await requestJoin(store, a!, volunteer, ctx());
    await requestJoin(store, b!, volunteer, ctx());
    await handleCommand(store, opportunityStream(a!), opportunityDecider, { type: 'Delete', reason: 'gone' }, ctx());
    await requestJoin(store, c!, volunteer, ctx());
    expect((await pendingHolds(volunteer)).pending.sort()).toEqual([b, c].sort());
    // An event whose invitations were stopped no longer takes its request either.
    const d = await newOpportunity({ startDate: inDays(130), endDate: inDays(132) });
    await handleCommand(store, opportunityStream(b!), opportunityDecider, { type: 'StopInvitations' }, ctx());
    await requestJoin(store, d, volunteer, ctx());
    expect((await pendingHolds(volunteer)).pending.sort()).toEqual([c, d].sort());
  });
});
