import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore, StoredEvent } from '../commands/event-store/port.ts';
import { PostgresEventStore } from '../commands/event-store/postgres.ts';
import { testEvent } from '../commands/event-store/test-events.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/db.ts';
import { auditLogProjection } from './audit/audit-log.ts';
import { notificationsProjection } from './notifications/notifications.ts';
import { opportunitiesProjection } from './opportunity/opportunities.ts';
import { participationsProjection } from './opportunity/participations.ts';
import { registrationsProjection } from './registration/registrations.ts';
import type { Projection } from './runner/projection.ts';
import { ProjectionRunner } from './runner/runner.ts';

const BIG = 2 ** 40;

/**
 * Events older API versions let through, appended straight to the store: each projection applies them with the
 * value made safe (emptied, clamped, NUL taken out) instead of failing, and parks nothing.
 */
describe('projections coerce values that older versions stored', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('coercion');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  async function run(p: Projection, from: EventStore = store) {
    await new ProjectionRunner(from, t.pool, t.db, p, { onParked: () => {} }).runUntilCaughtUp();
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from rm.parked_events where name = ${p.name} and resolved_at is null`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
  }

  const details = (over: object = {}) => ({
    code: `EV-${randomUUID().slice(0, 6)}`,
    nameAr: 'حملة',
    nameEn: 'Campaign',
    leadName: 'x',
    leadMobile: '0551234567',
    leadEmail: 'lead@example.org',
    visibility: 0,
    regionIds: [1],
    cityIds: [2],
    maxInvitations: 20,
    maxContributions: 5,
    startDate: '2026-03-01',
    endDate: '2026-03-02',
    gender: 3,
    timePeriod: 3,
    volunteeringDays: [0],
    attendanceType: 1,
    maxHours: 6,
    ...over,
  });

  it('a time of day where an hours entry needs a timestamp: the check-in and check-out are empty', async () => {
    const stream = `participation-${randomUUID()}_${randomUUID()}`;
    const hoursId = randomUUID();
    await store.append(
      stream,
      [
        testEvent('HoursRecorded', {
          hoursId,
          hours: 3,
          casesHandled: BIG,
          checkIn: '08:30',
          checkOut: '2026-03-01T11:30:00Z',
          rating: 4,
          review: 'ok',
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    await run(participationsProjection);
    const { rows } = await sql<{ check_in: Date | null; check_out: Date | null; cases_handled: number | null }>`
      select check_in, check_out, cases_handled from rm.participation_hours where hours_id = ${hoursId}`.execute(t.db);
    expect(rows).toEqual([{ check_in: null, check_out: new Date('2026-03-01T11:30:00Z'), cases_handled: null }]);
  });

  it('an impossible calendar date and a capacity past int4: the date is clamped to the month, the capacity too', async () => {
    const id = randomUUID();
    await store.append(
      `opportunity-${id}`,
      [
        testEvent('OpportunityCreated', {
          details: details({
            startDate: '2023-02-30',
            endDate: '2023-03-02',
            maxContributions: BIG,
            regionIds: [BIG, 3],
          }),
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    await run(opportunitiesProjection);
    await run(notificationsProjection);
    const { rows } = await sql<{ start_date: string; max_contributions: number; region_ids: number[] }>`
      select start_date::text, max_contributions, region_ids from rm.opportunities where opportunity_id = ${id}`.execute(
      t.db,
    );
    expect(rows).toEqual([{ start_date: '2023-02-28', max_contributions: 2147483647, region_ids: [3] }]);
    const { rows: named } = await sql<{ start_date: string }>`
      select start_date::text from rm.notification_events where opportunity_id = ${id}`.execute(t.db);
    expect(named).toEqual([{ start_date: '2023-02-28' }]);
  });

  it('a region id past int4 in a registration: the region is empty', async () => {
    const id = randomUUID();
    await store.append(
      `registration-${id}`,
      [
        testEvent('RegistrationDraftSaved', {
          previousStatus: null,
          form: {
            personal: { firstNameAr: 'سارة', birthDate: { calendar: 'gregorian', value: '2000-02-30' } },
            address: { regionId: BIG, cityId: 7 },
          },
        }),
      ],
      { expectedRevision: 'no_stream' },
    );
    await run(registrationsProjection);
    const { rows } = await sql<{ region_id: number | null; city_id: number; birth_date: string | null }>`
      select region_id, city_id, birth_date::text from rm.registrations where volunteer_id = ${id}`.execute(t.db);
    expect(rows).toEqual([{ region_id: null, city_id: 7, birth_date: null }]);
  });

  it('NUL in a text (a log only EventStoreDB can hold: jsonb refuses it) is taken out before any projection sees it', async () => {
    const id = randomUUID();
    const created = testEvent('OpportunityCreated', { details: details({ nameAr: 'حملة' }) });
    await store.append(`opportunity-${id}`, [created], { expectedRevision: 'no_stream' });
    // The event as such a log returns it.
    const withNul = (e: StoredEvent): StoredEvent =>
      e.id === created.id
        ? { ...e, data: { details: { ...(e.data as { details: object }).details, nameAr: 'حم\u0000لة' } } }
        : e;
    const nulStore: EventStore = {
      kind: store.kind,
      append: (s, evs, o) => store.append(s, evs, o),
      readStream: (s, o) => store.readStream(s, o),
      readAll: async (o) => (await store.readAll(o)).map(withNul),
      headPosition: () => store.headPosition(),
      lastPosition: () => store.lastPosition(),
      onAppended: (l) => store.onAppended(l),
      close: async () => {},
    };
    const names = ['opportunities-nul', 'notifications-nul', 'audit-log-nul'];
    const [o, n, a] = [opportunitiesProjection, notificationsProjection, auditLogProjection].map(
      (p, i): Projection => ({
        ...p,
        name: names[i]!,
        tables: p.tables.map((x) => `${x}_nul`),
        setup: (ctx) => p.setup({ ...ctx, table: (x) => ctx.table(`${x}_nul`) }),
        apply: (ctx, evs) => p.apply({ ...ctx, table: (x) => ctx.table(`${x}_nul`) }, evs),
      }),
    );
    for (const p of [o!, n!, a!]) await run(p, nulStore);
    const { rows } = await sql<{ name_ar: string; details_name: string }>`
      select name_ar, details->>'nameAr' as details_name from rm.opportunities_nul where opportunity_id = ${id}`.execute(
      t.db,
    );
    expect(rows).toEqual([{ name_ar: 'حملة', details_name: 'حملة' }]);
    const { rows: audit } = await sql<{ n: number }>`
      select count(*)::int as n from rm.audit_log_nul where event_id = ${created.id}`.execute(t.db);
    expect(audit[0]!.n).toBe(1);
  });
});
