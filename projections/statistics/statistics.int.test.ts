import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { opportunityDetails } from '../../tests/support/command-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { lookupsProjection } from '../lookups/lookups.ts';
import { opportunitiesProjection } from '../opportunity/opportunities.ts';
import { ProjectionRunner } from '../runner/runner.ts';
import { breakdowns, dashboardStatistics, kpiComparison, targets } from './queries.ts';
import { statisticsProjection } from './statistics.ts';

/**
 * A small fixture whose every figure is counted by hand below: 5 volunteers in 2 regions, 3 events, 5 participations,
 * 4 hours entries, recorded in January to March 2025 (each event's metadata.occurredAt). City groups: cities 10 and
 * 20 are in group 1, city 11 in group 2, city 21 in none.
 */
describe('statistics read model and queries (real PostgreSQL, figures computed by hand)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const v = Array.from({ length: 5 }, () => randomUUID());
  const [e1, e2, e3] = [randomUUID(), randomUUID(), randomUUID()];

  const append = async (stream: string, type: string, data: unknown, at: string) =>
    store.append(
      stream,
      [
        {
          id: randomUUID(),
          type,
          data,
          metadata: {
            actorId: null,
            actorRole: null,
            correlationId: randomUUID(),
            causationId: null,
            occurredAt: at,
            clientCode: 'MOH',
          },
        },
      ],
      { expectedRevision: 'any' },
    );
  const form = (regionId: number, cityId: number, gender: 1 | 2, practitioner = false) => {
    const f = completeForm();
    return {
      ...f,
      personal: { ...f.personal, gender },
      address: { ...f.address, regionId, cityId },
      specialities: { categoryId: 7, experienceLevelId: gender },
      ...(practitioner ? { practitioner: { cfhsNumber: '12345' } } : {}),
    };
  };
  const submitted = (i: number, f: object, day: string) =>
    append(
      `registration-${v[i]}`,
      'RegistrationSubmitted',
      {
        form: f,
        changes: [],
        previousStatus: null,
        referenceNumber: `R-${i}`,
      },
      `2025-01-${day}T09:00:00.000Z`,
    );
  const participation = (o: string, i: number) => `participation-${o}_${v[i]}`;
  const catchUp = async () => {
    for (const p of [lookupsProjection, opportunitiesProjection, statisticsProjection])
      await new ProjectionRunner(store, t.pool, t.db, p, { onParked: () => {} }).runUntilCaughtUp();
  };

  beforeAll(async () => {
    t = await createTestDatabase('statistics');
    store = new PostgresEventStore(t.pool);
    const lookup = (kind: string, id: number, extra: object = {}) =>
      append(
        `lookup-${kind}`,
        'LookupItemAdded',
        { kind, id, nameAr: `${kind} ${id}`, nameEn: `${kind} ${id}`, parentId: null, flags: {}, ...extra },
        '2025-01-01T09:00:00.000Z',
      );
    await lookup('cityGroup', 1);
    await lookup('cityGroup', 2);
    await lookup('city', 10, { parentId: 1, groupId: 1 });
    await lookup('city', 11, { parentId: 1, groupId: 2 });
    await lookup('city', 20, { parentId: 2, groupId: 1 });
    await lookup('city', 21, { parentId: 2 });
    // Volunteers: v0 approved (region 1, practitioner), v1 submitted (1), v2 rejected in February (1),
    // v3 initially accepted (2), v4 a draft (2).
    await submitted(0, form(1, 10, 1, true), '05');
    await submitted(1, form(1, 10, 2), '06');
    await submitted(2, form(1, 11, 1), '07');
    await submitted(3, form(2, 20, 2), '08');
    await append(
      `registration-${v[4]}`,
      'RegistrationDraftSaved',
      {
        form: form(2, 20, 1),
        changes: [],
        previousStatus: null,
      },
      '2025-01-09T09:00:00.000Z',
    );
    await append(`registration-${v[0]}`, 'RegistrationApproved', { previousStatus: 2 }, '2025-01-20T09:00:00.000Z');
    await append(
      `registration-${v[3]}`,
      'RegistrationInitiallyAccepted',
      {
        appointmentAt: '2025-02-01T09:00:00.000Z',
        location: 'x',
        reviewerId: 'r',
        reviewerName: 'r',
        previousStatus: 2,
      },
      '2025-01-25T09:00:00.000Z',
    );
    await append(
      `registration-${v[2]}`,
      'RegistrationRejected',
      { reason: 'x', previousStatus: 2 },
      '2025-02-10T09:00:00.000Z',
    );
    // Events: e1 region 1 type 1 (Q1, approved, closed, targets 2–5); e2 region 1 type 2 (Q2, approved, region-only);
    // e3 an older event naming region 2 only through regionIds, no type (Q2, pending).
    const created = (id: string, details: object, at: string) =>
      append(`opportunity-${id}`, 'OpportunityCreated', { details }, at);
    await created(
      e1,
      {
        ...opportunityDetails({ startDate: '2025-02-10', endDate: '2025-02-12', minTarget: 2, maxTarget: 5 }),
        regionId: 1,
        cityId: 10,
        eventTypeId: 1,
      },
      '2025-01-10T09:00:00.000Z',
    );
    await created(
      e2,
      {
        ...opportunityDetails({ startDate: '2025-05-10', endDate: '2025-05-12', visibility: 1, regionIds: [1] }),
        regionId: 1,
        eventTypeId: 2,
      },
      '2025-01-11T09:00:00.000Z',
    );
    await created(
      e3,
      opportunityDetails({ startDate: '2025-04-15', endDate: '2025-04-16', regionIds: [2] }),
      '2025-01-12T09:00:00.000Z',
    );
    await append(`opportunity-${e1}`, 'OpportunityApproved', { previous: 'pending' }, '2025-01-13T09:00:00.000Z');
    await append(`opportunity-${e2}`, 'OpportunityApproved', { previous: 'pending' }, '2025-02-13T09:00:00.000Z');
    await append(`opportunity-${e1}`, 'OpportunityStatusChanged', { from: 0, to: 3 }, '2025-02-20T09:00:00.000Z');
    // Participations: e1 v0 and v1 accepted, v2 rejected; e2 v0 accepted; e3 v3 asked to join.
    for (const [o, i] of [
      [e1, 0],
      [e1, 1],
      [e1, 2],
      [e2, 0],
    ] as const)
      await append(
        participation(o, i),
        'JoinRequested',
        { at: '2025-01-15', previousStatus: null },
        '2025-01-15T09:00:00.000Z',
      );
    await append(
      participation(e3, 3),
      'JoinRequested',
      { at: '2025-01-15', previousStatus: null },
      '2025-01-15T09:00:00.000Z',
    );
    for (const [o, i] of [
      [e1, 0],
      [e1, 1],
      [e2, 0],
    ] as const)
      await append(
        participation(o, i),
        'ParticipantAccepted',
        { previousStatus: 7, reversal: false },
        '2025-01-16T09:00:00.000Z',
      );
    await append(participation(e1, 2), 'ParticipantRejected', { previousStatus: 7 }, '2025-01-16T09:00:00.000Z');
    // Hours: 6 approved (e1 v0), 4 pending (e1 v1), 3 rejected (e2 v0), 2 recorded then deleted (e1 v1).
    const hours = (o: string, i: number, hoursId: string, h: number) =>
      append(
        participation(o, i),
        'HoursRecorded',
        { hoursId, hours: h, casesHandled: 1, rating: 5, review: '', checkIn: null, checkOut: null },
        '2025-02-12T09:00:00.000Z',
      );
    await hours(e1, 0, 'h1', 6);
    await hours(e1, 1, 'h2', 4);
    await hours(e2, 0, 'h3', 3);
    await hours(e1, 1, 'h4', 2);
    await append(participation(e1, 0), 'HoursApproved', { hoursId: 'h1' }, '2025-02-14T09:00:00.000Z');
    await append(participation(e2, 0), 'HoursRejected', { hoursId: 'h3' }, '2025-03-01T09:00:00.000Z');
    await append(participation(e1, 1), 'HoursDeleted', { hoursId: 'h4' }, '2025-03-02T09:00:00.000Z');
    await catchUp();
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const counter = (d: { counters: { label: string; value: number; percentage: number }[] }, label: string) =>
    d.counters.find((c) => c.label === label);

  it('keeps one open version per fact, the closed ones ending where the next begins', async () => {
    const { rows } = await sql<{ status: number; from: string; to: string | null }>`
      select status, valid_from::text as from, valid_to::text as to from rm.stat_volunteers
      where volunteer_id = ${v[2]} order by valid_from`.execute(t.db);
    expect(rows).toEqual([
      { status: 2, from: '2025-01-07 09:00:00+00', to: '2025-02-10 09:00:00+00' },
      { status: 6, from: '2025-02-10 09:00:00+00', to: null },
    ]);
    const open = await sql<{ n: string }>`select count(*) as n from rm.stat_hours where valid_to is null`.execute(t.db);
    expect(Number(open.rows[0]!.n)).toBe(3);
  });

  it('counts the dashboard: volunteers by status, events, participants and hours', async () => {
    const d = await dashboardStatistics(t.db, {}, null, null);
    expect(counter(d, 'volunteers')).toEqual({ label: 'volunteers', value: 5, percentage: 100 });
    for (const label of ['draft', 'submitted', 'initiallyAccepted', 'approved', 'rejected'])
      expect(counter(d, label)).toEqual({ label, value: 1, percentage: 20 });
    expect(counter(d, 'events')?.value).toBe(3);
    expect(counter(d, 'eventsApproved')).toEqual({ label: 'eventsApproved', value: 2, percentage: 66.67 });
    expect(counter(d, 'events.upcoming')).toEqual({ label: 'events.upcoming', value: 2, percentage: 66.67 });
    expect(counter(d, 'events.closed')).toEqual({ label: 'events.closed', value: 1, percentage: 33.33 });
    expect(counter(d, 'participants')?.value).toBe(3);
    // 6 approved of 13 hours still counted (4 pending + 3 rejected are not approved; the deleted 2 are gone).
    expect(counter(d, 'approvedHours')).toEqual({ label: 'approvedHours', value: 6, percentage: 46.15 });
    expect(counter(d, 'notApprovedHours')).toEqual({ label: 'notApprovedHours', value: 7, percentage: 53.85 });
  });

  it('breaks the figures down by region and by event type', async () => {
    const d = await dashboardStatistics(t.db, {}, null, null);
    const region = (id: number) => d.regions.find((r) => r.id === id);
    expect(region(1)).toMatchObject({
      registered: 3,
      registeredPercentage: 60,
      events: 2,
      eventsPercentage: 66.67,
      approvedHours: 6,
      notApprovedHours: 7,
    });
    expect(region(2)).toMatchObject({
      registered: 2,
      registeredPercentage: 40,
      events: 1,
      eventsPercentage: 33.33,
      approvedHours: 0,
      notApprovedHours: 0,
    });
    const type = (id: number) => d.eventTypes.find((r) => r.id === id);
    expect(type(1)).toMatchObject({
      registered: 2,
      registeredPercentage: 66.67,
      events: 1,
      approvedHours: 6,
      notApprovedHours: 4,
    });
    expect(type(2)).toMatchObject({
      registered: 1,
      registeredPercentage: 33.33,
      events: 1,
      approvedHours: 0,
      notApprovedHours: 3,
    });
  });

  it('breaks the figures down by city group and filters by it (cities 10 and 20 in group 1, city 11 in group 2)', async () => {
    const d = await dashboardStatistics(t.db, {}, null, null);
    // Volunteers: v0, v1 (city 10), v3, v4 (city 20) in group 1; v2 (city 11) in group 2. Events: e1 (city 10) in
    // group 1 with its 6 approved and 4 pending hours; e2 and e3 name no city.
    expect(d.cityGroups.map((g) => [g.id, g.registered, g.registeredPercentage, g.events, g.eventsPercentage])).toEqual(
      [
        [1, 4, 80, 1, 33.33],
        [2, 1, 20, 0, 0],
      ],
    );
    expect(d.cityGroups[0]).toMatchObject({ nameEn: 'cityGroup 1', approvedHours: 6, notApprovedHours: 4 });
    const g1 = await dashboardStatistics(t.db, { cityGroupId: 1 }, null, null);
    expect(counter(g1, 'volunteers')?.value).toBe(4);
    expect(counter(g1, 'events')?.value).toBe(1);
    expect(counter(g1, 'approvedHours')?.value).toBe(6);
    const g2 = await dashboardStatistics(t.db, { cityGroupId: 2 }, null, null);
    expect(counter(g2, 'volunteers')?.value).toBe(1);
    expect(counter(g2, 'rejected')?.value).toBe(1);
    expect(counter(g2, 'events')?.value).toBe(0);
    const [gender] = await breakdowns(t.db, 'volunteers', { cityGroupId: 1 }, null, null);
    expect(gender!.rows.map((r) => [r.key, r.value])).toEqual([
      [1, 2],
      [2, 2],
    ]);
    // As of 31 January: v2 was still submitted, in group 2.
    const jan = await dashboardStatistics(t.db, { cityGroupId: 2 }, null, '2025-01-31T23:59:59.999Z');
    expect(counter(jan, 'submitted')?.value).toBe(1);
  });

  it('counts the open volunteer versions per combination of their filter fields, as the versions say', async () => {
    const { rows } = await sql<{ status: number; city: number | null; n: number }>`
      select status, city_id as city, n from rm.stat_volunteer_counts where n <> 0 order by status, city_id`.execute(
      t.db,
    );
    // v4 draft (20), v1 submitted (10), v3 initially accepted (20), v0 approved (10), v2 rejected (11).
    expect(rows).toEqual([
      { status: 1, city: 20, n: 1 },
      { status: 2, city: 10, n: 1 },
      { status: 3, city: 20, n: 1 },
      { status: 5, city: 10, n: 1 },
      { status: 6, city: 11, n: 1 },
    ]);
    // The counts (now, no date range) and the versions (as of a later moment) answer alike, for every filter.
    const later = '2100-01-01T00:00:00.000Z';
    for (const f of [
      {},
      { gender: 1 },
      { practitioner: true },
      { cityGroupId: 1 },
      { statusId: 2 },
      { categoryId: 7 },
    ]) {
      expect(await dashboardStatistics(t.db, f, null, null)).toEqual(await dashboardStatistics(t.db, f, null, later));
      for (const view of ['registrations', 'volunteers'] as const)
        expect(await breakdowns(t.db, view, f, null, null)).toEqual(await breakdowns(t.db, view, f, null, later));
    }
    const scope = { regions: [2], cities: [20] };
    expect(await breakdowns(t.db, 'volunteers', {}, scope, null)).toEqual(
      await breakdowns(t.db, 'volunteers', {}, scope, later),
    );
  });

  it('applies the filters: region, gender, practitioner, public, event status', async () => {
    const r2 = await dashboardStatistics(t.db, { regionId: 2 }, null, null);
    expect(counter(r2, 'volunteers')?.value).toBe(2);
    expect(counter(r2, 'events')?.value).toBe(1);
    expect(counter(r2, 'approvedHours')?.value).toBe(0);
    expect(counter(await dashboardStatistics(t.db, { gender: 2 }, null, null), 'volunteers')?.value).toBe(2);
    expect(counter(await dashboardStatistics(t.db, { practitioner: true }, null, null), 'volunteers')?.value).toBe(1);
    expect(counter(await dashboardStatistics(t.db, { isPublic: false }, null, null), 'events')?.value).toBe(1);
    expect(counter(await dashboardStatistics(t.db, { eventStatus: 3 }, null, null), 'approvedHours')?.value).toBe(6);
    expect(counter(await dashboardStatistics(t.db, { typeId: 2 }, null, null), 'notApprovedHours')?.value).toBe(3);
    expect(
      counter(
        await dashboardStatistics(t.db, { startDate: '2025-01-07', endDate: '2025-01-08' }, null, null),
        'volunteers',
      )?.value,
    ).toBe(2);
  });

  it("scopes staff to their areas: region 2's volunteers, its event and the events that name no place", async () => {
    const d = await dashboardStatistics(t.db, {}, { regions: [2], cities: [20] }, null);
    expect(counter(d, 'volunteers')?.value).toBe(2);
    expect(counter(d, 'events')?.value).toBe(2); // e1 (open to all) and e3; not e2 (region 1 only)
  });

  it('answers as of a past moment what was true then', async () => {
    const jan = await dashboardStatistics(t.db, {}, null, '2025-01-31T23:59:59.999Z');
    expect(counter(jan, 'submitted')?.value).toBe(2); // v1 and v2 (rejected only on 10 February)
    expect(counter(jan, 'rejected')?.value).toBe(0);
    expect(counter(jan, 'eventsApproved')?.value).toBe(1); // e2 approved on 13 February
    expect(counter(jan, 'events.closed')?.value).toBe(0);
    expect(counter(jan, 'approvedHours')?.value).toBe(0); // no hours before 12 February
    const feb = await dashboardStatistics(t.db, {}, null, '2025-02-28T23:59:59.999Z');
    expect(counter(feb, 'approvedHours')?.value).toBe(6);
    expect(counter(feb, 'notApprovedHours')?.value).toBe(9); // 4 + 3 + 2: h3 not yet rejected, h4 not yet deleted
    const before = await dashboardStatistics(t.db, {}, null, '2024-12-31T00:00:00.000Z');
    expect(counter(before, 'volunteers')?.value).toBe(0);
  });

  it('breaks volunteers and events down for the other statistics pages', async () => {
    const [gender, practitioner] = await breakdowns(t.db, 'volunteers', {}, null, null);
    expect(gender).toMatchObject({ dimension: 'gender', total: 5 });
    expect(gender!.rows.map((r) => [r.key, r.value, r.percentage])).toEqual([
      [1, 3, 60],
      [2, 2, 40],
    ]);
    expect(practitioner!.rows.map((r) => [r.key, r.value])).toEqual([
      [0, 4],
      [1, 1],
    ]);
    const [status, approval] = await breakdowns(t.db, 'events', {}, null, null);
    expect(status!.rows.map((r) => [r.key, r.value])).toEqual([
      [0, 2],
      [3, 1],
    ]);
    expect(approval!.rows.map((r) => [r.key, r.value])).toEqual([
      [0, 1],
      [1, 2],
    ]);
    const [regions] = await breakdowns(t.db, 'eventsAllRegions', {}, null, null);
    expect(regions!.rows.map((r) => [r.key, r.byStatus])).toEqual([
      [1, { upcoming: 1, active: 0, closed: 1, deleted: 0 }],
      [2, { upcoming: 1, active: 0, closed: 0, deleted: 0 }],
    ]);
  });

  it("sets each event's participants against its targets", async () => {
    const rows = await targets(t.db, 'events', {}, null, null);
    const of = (id: string) => rows.find((r) => r.id === id);
    expect(of(e1)).toMatchObject({ participants: 2, minTarget: 2, maxTarget: 5, standing: 'within', nameEn: 'Event' });
    expect(of(e2)).toMatchObject({ participants: 1, minTarget: null, standing: null });
    expect(of(e3)).toMatchObject({ participants: 0 });
  });

  it("keeps each event's current totals equal to the sum of its open versions (now and as of a later moment agree)", async () => {
    const later = '2100-01-01T00:00:00.000Z';
    const q = [
      { kind: 'quarter', year: 2025, index: 2 },
      { kind: 'quarter', year: 2025, index: 1 },
    ] as const;
    for (const f of [{}, { regionId: 1 }, { typeId: 1 }]) {
      expect(await dashboardStatistics(t.db, f, null, null)).toEqual(await dashboardStatistics(t.db, f, null, later));
      expect(await kpiComparison(t.db, q[0], q[1], f, null, null)).toEqual(
        await kpiComparison(t.db, q[0], q[1], f, null, later),
      );
      expect(await targets(t.db, 'eventTypes', f, null, null)).toEqual(
        await targets(t.db, 'eventTypes', f, null, later),
      );
    }
    const { rows } = await sql<{
      id: string;
      invitations: number;
      participants: number;
      approved: string;
      other: string;
    }>`
      select opportunity_id::text as id, invitations, participants, approved_hours::text as approved, other_hours::text as other
      from rm.stat_event_totals order by invitations desc`.execute(t.db);
    expect(rows.find((r) => r.id === e1)).toEqual({
      id: e1,
      invitations: 3,
      participants: 2,
      approved: '6',
      other: '4',
    });
    expect(rows.find((r) => r.id === e2)).toEqual({
      id: e2,
      invitations: 1,
      participants: 1,
      approved: '0',
      other: '3',
    });
    expect(rows.find((r) => r.id === e3)).toEqual({
      id: e3,
      invitations: 1,
      participants: 0,
      approved: '0',
      other: '0',
    });
  });

  it('compares Q2 with Q1 2025: both side by side with the change', async () => {
    const rows = await kpiComparison(
      t.db,
      { kind: 'quarter', year: 2025, index: 2 },
      { kind: 'quarter', year: 2025, index: 1 },
      {},
      null,
      null,
    );
    const row = (f: string) => rows.find((r) => r.figure === f);
    expect(row('events')).toEqual({ figure: 'events', selection: 2, base: 1, change: 1, changePercent: 100 });
    expect(row('approvedEvents')).toEqual({
      figure: 'approvedEvents',
      selection: 1,
      base: 1,
      change: 0,
      changePercent: 0,
    });
    expect(row('closedEvents')).toEqual({
      figure: 'closedEvents',
      selection: 0,
      base: 1,
      change: -1,
      changePercent: -100,
    });
    expect(row('invitations')).toEqual({
      figure: 'invitations',
      selection: 2,
      base: 3,
      change: -1,
      changePercent: -33.33,
    });
    expect(row('participants')).toEqual({
      figure: 'participants',
      selection: 1,
      base: 2,
      change: -1,
      changePercent: -50,
    });
    expect(row('approvedHours')).toEqual({
      figure: 'approvedHours',
      selection: 0,
      base: 6,
      change: -6,
      changePercent: -100,
    });
    expect(row('notApprovedHours')).toEqual({
      figure: 'notApprovedHours',
      selection: 3,
      base: 4,
      change: -1,
      changePercent: -25,
    });
  });

  it('reads a city group as the master data groups it now, for every date (city 11 moved to group 1)', async () => {
    await append(
      'lookup-city',
      'LookupItemRegrouped',
      { kind: 'city', id: 11, from: 2, to: 1 },
      '2025-06-01T09:00:00.000Z',
    );
    await catchUp();
    const d = await dashboardStatistics(t.db, {}, null, null);
    expect(d.cityGroups.map((g) => [g.id, g.registered])).toEqual([
      [1, 5],
      [2, 0],
    ]);
    const jan = await dashboardStatistics(t.db, { cityGroupId: 1 }, null, '2025-01-31T23:59:59.999Z');
    expect(counter(jan, 'volunteers')?.value).toBe(5);
  });
});
