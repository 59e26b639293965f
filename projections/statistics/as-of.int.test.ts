import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { handleCommand } from '../../commands/handle.ts';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { registrationDecider } from '../../domain/registration/decide.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { opportunityDetails, testContext, uniqueRegistrationForm } from '../../tests/support/command-fixtures.ts';
import { commandStore } from '../../tests/support/command-store.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { lookupsProjection } from '../lookups/lookups.ts';
import { ProjectionRunner } from '../runner/runner.ts';
import { type Dashboard, dashboardStatistics, kpiComparison } from './queries.ts';
import { statisticsProjection } from './statistics.ts';

/**
 * The as-of proof (issue 10): activity recorded through the commands over simulated months (each command's `now`
 * injected), a figure captured as the screen showed it at the end of January and of February, then — after later
 * activity and corrections — the same figure read "as of" those dates equals what was captured, and differs from now.
 */
describe('every figure as of a past date equals what the screen showed then (commands over simulated months)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const lookups = seedSnapshot();
  const staff = (iso: string) => testContext({ actorId: 'staff', actorRole: 3, now: new Date(iso) });
  const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
  const [e1, e2] = [randomUUID(), randomUUID()];

  const registration = (id: string, command: Parameters<typeof registrationDecider.decide>[0], at: string) =>
    handleCommand(store, registrationStream(id), registrationDecider, command, staff(at));
  const submit = (id: string, at: string) =>
    registration(
      id,
      { type: 'Submit', volunteerId: id, form: uniqueRegistrationForm('asof'), client: CLIENTS.MOH, lookups },
      at,
    );
  const initiallyAccept = (id: string, at: string) =>
    registration(
      id,
      {
        type: 'InitiallyAccept',
        appointmentAt: new Date(Date.parse(at) + 86_400_000).toISOString(),
        location: 'الرياض',
        reviewerId: 'staff',
        reviewerName: 'Staff',
      },
      at,
    );
  const event = (id: string, command: Parameters<typeof opportunityDecider.decide>[0], at: string) =>
    handleCommand(store, opportunityStream(id), opportunityDecider, command, staff(at));
  const create = (id: string, startDate: string, endDate: string, at: string) =>
    event(
      id,
      {
        type: 'Create',
        details: opportunityDetails({ code: `EV-${id.slice(0, 4)}`, startDate, endDate }),
        client: CLIENTS.MOH,
        lookups,
      },
      at,
    );
  const screen = async (asOf: string | null) => {
    await new ProjectionRunner(store, t.pool, t.db, statisticsProjection, { onParked: () => {} }).runUntilCaughtUp();
    return dashboardStatistics(t.db, {}, null, asOf);
  };
  const figures = (d: Dashboard) => Object.fromEntries(d.counters.map((x) => [x.label, [x.value, x.percentage]]));

  beforeAll(async () => {
    t = await createTestDatabase('statistics_asof');
    store = commandStore(t.pool);
    await new ProjectionRunner(store, t.pool, t.db, lookupsProjection, { onParked: () => {} }).runUntilCaughtUp();
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  it('captures January and February, corrects in March, and reads both months back unchanged', async () => {
    // January: three applications, one accepted through to approval; an event created and approved.
    await submit(a, '2026-01-05T08:00:00.000Z');
    await submit(b, '2026-01-06T08:00:00.000Z');
    await submit(c, '2026-01-07T08:00:00.000Z');
    await create(e1, '2026-01-20', '2026-01-22', '2026-01-10T08:00:00.000Z');
    await event(e1, { type: 'Approve' }, '2026-01-11T08:00:00.000Z');
    await initiallyAccept(a, '2026-01-15T08:00:00.000Z');
    await registration(a, { type: 'Approve' }, '2026-01-20T08:00:00.000Z');
    const january = await screen(null); // what the dashboard showed at the end of January
    expect(figures(january)).toMatchObject({
      volunteers: [3, 100],
      submitted: [2, 66.67],
      approved: [1, 33.33],
      rejected: [0, 0],
      events: [1, 100],
      eventsApproved: [1, 100],
    });

    // February: B rejected, C initially accepted, a second event created (not approved).
    await registration(b, { type: 'Reject', reason: 'ناقص' }, '2026-02-03T08:00:00.000Z');
    await initiallyAccept(c, '2026-02-10T08:00:00.000Z');
    await create(e2, '2026-03-20', '2026-03-22', '2026-02-12T08:00:00.000Z');
    const february = await screen(null);
    expect(figures(february)).toMatchObject({
      submitted: [0, 0],
      initiallyAccepted: [1, 33.33],
      rejected: [1, 33.33],
      events: [2, 100],
      eventsApproved: [1, 50],
    });

    // March: corrections. B's rejection is undone (back to submitted), C is rejected after all, e2 approved, and a
    // fourth application arrives.
    await registration(b, { type: 'ReturnToSubmitted' }, '2026-03-02T08:00:00.000Z');
    await registration(c, { type: 'Reject', reason: 'لم يحضر' }, '2026-03-03T08:00:00.000Z');
    await event(e2, { type: 'Approve' }, '2026-03-04T08:00:00.000Z');
    await submit(randomUUID(), '2026-03-05T08:00:00.000Z');
    const now = await screen(null);
    expect(figures(now)).toMatchObject({
      volunteers: [4, 100],
      submitted: [2, 50],
      initiallyAccepted: [0, 0],
      rejected: [1, 25],
      eventsApproved: [2, 100],
    });

    // As of the end of each month: exactly what was captured then (every counter and breakdown), not what is now.
    const asOfJanuary = await screen('2026-01-31T23:59:59.999Z');
    const asOfFebruary = await screen('2026-02-28T23:59:59.999Z');
    expect(asOfJanuary).toEqual(january);
    expect(asOfFebruary).toEqual(february);
    expect(asOfJanuary).not.toEqual(now);
    expect(asOfFebruary).not.toEqual(now);
  });

  it('reads a KPI comparison as of a past date too', async () => {
    const q1 = { kind: 'month' as const, year: 2026, index: 3 };
    const base = { kind: 'month' as const, year: 2026, index: 1 };
    const row = async (asOf: string | null) =>
      (await kpiComparison(t.db, q1, base, {}, null, asOf)).find((r) => r.figure === 'approvedEvents');
    // e2 (March) was approved on 4 March: as of February it was not yet.
    expect(await row('2026-02-28T23:59:59.999Z')).toEqual({
      figure: 'approvedEvents',
      selection: 0,
      base: 1,
      change: -1,
      changePercent: -100,
    });
    expect(await row(null)).toEqual({ figure: 'approvedEvents', selection: 1, base: 1, change: 0, changePercent: 0 });
  });
});
