import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPosition } from '../../projections/runner/status.ts';
import { startTestPortal, type TestPortal } from '../../tests/support/portal.ts';
import { type DemoYearSummary, loadDemoYear } from './year.ts';

// A reduced year (the same code as npm start's full one, tests/e2e/portal.e2e.test.ts runs that): every status
// still appears, since the generator plays one of each first.
const SIZE = { volunteers: 60, events: 16, end: new Date('2026-11-20T12:00:00Z') };

let portal: TestPortal;
let summary: DemoYearSummary;
const db = () => portal.runtime.db;
const rows = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(db())).rows;

beforeAll(async () => {
  portal = await startTestPortal();
  summary = await loadDemoYear(portal.runtime.store, portal.runtime.client, SIZE);
  const head = await portal.runtime.store.headPosition();
  const names = portal.runtime.projections.map((p) => p.name);
  expect(await waitForPosition(db(), names, head, 60_000)).toBe(true);
}, 120_000);
afterAll(() => portal?.close());

const counts = async (table: string, column: string) =>
  Object.fromEntries(
    (
      await rows(
        sql<{
          k: string;
          n: number;
        }>`select ${sql.ref(column)}::text as k, count(*)::int as n from ${sql.table(table)} group by 1`,
      )
    ).map((r) => [r.k, r.n]),
  );

describe('the demo year', () => {
  it('runs through the commands with few refusals', () => {
    expect(summary.loaded).toBe(true);
    expect(summary.volunteers).toBe(60);
    expect(summary.events).toBe(16);
    expect(summary.commands).toBeGreaterThan(400);
    const refusals = Object.values(summary.refused).reduce((s, n) => s + n, 0);
    expect(refusals, JSON.stringify(summary.refused)).toBeLessThan(summary.commands / 50);
  });

  it('leaves registrations in every status, across regions and both genders', async () => {
    const byStatus = await counts('rm.registrations', 'status');
    for (const s of ['1', '2', '3', '5', '6']) expect(byStatus[s], `registration status ${s}`).toBeGreaterThan(0);
    const [r] = await rows(
      sql<{ regions: number; cities: number; genders: number }>`select count(distinct region_id)::int as regions,
        count(distinct city_id)::int as cities, count(distinct gender)::int as genders from rm.registrations`,
    );
    expect(r!.regions).toBeGreaterThanOrEqual(13);
    expect(r!.cities).toBeGreaterThanOrEqual(23);
    expect(r!.genders).toBe(2);
  });

  it('leaves events in every status and approval, of every visibility', async () => {
    const byStatus = await counts('rm.opportunities', 'status');
    for (const s of ['0', '2', '3', '4']) expect(byStatus[s], `event status ${s}`).toBeGreaterThan(0);
    const byApproval = await counts('rm.opportunities', 'approval');
    for (const a of ['pending', 'approved', 'rejected', 'pendingDelete'])
      expect(byApproval[a], `approval ${a}`).toBeGreaterThan(0);
    const byVisibility = await counts('rm.opportunities', 'visibility');
    for (const v of ['0', '1', '2', '3']) expect(byVisibility[v], `visibility ${v}`).toBeGreaterThan(0);
    // Each event names its own region, city and type (the statistics break them down by these).
    const [placed] = await rows(
      sql<{ unplaced: number; types: number }>`select count(*) filter (where region_id is null or city_id is null
        or event_type_id is null)::int as unplaced, count(distinct event_type_id)::int as types from rm.opportunities`,
    );
    expect(placed!.unplaced).toBe(0);
    expect(placed!.types).toBeGreaterThan(1);
  });

  it('leaves invitations in every status, hours in every state with ratings, and incidents', async () => {
    const byStatus = await counts('rm.participations', 'status');
    for (let s = 1; s <= 10; s++)
      expect(byStatus[String(s)], `participation status ${s} in ${JSON.stringify(byStatus)}`).toBeGreaterThan(0);
    const hours = await counts('rm.participation_hours', 'state');
    for (const s of ['pending', 'approved', 'rejected']) expect(hours[s], `hours ${s}`).toBeGreaterThan(0);
    const ratings = await counts('rm.participation_hours', 'rating');
    expect(Object.keys(ratings).length).toBeGreaterThanOrEqual(4);
    const [i] = await rows(
      sql<{ n: number }>`select count(*)::int as n from es.events where type = 'IncidentRecorded'`,
    );
    expect(i!.n).toBeGreaterThan(0);
  });

  it('dates the events over the simulated year (occurredAt), not at the moment of loading', async () => {
    const [r] = await rows(
      sql<{
        first: string;
        last: string;
      }>`select min(metadata->>'occurredAt') as first, max(metadata->>'occurredAt') as last
        from es.events where metadata->>'correlationId' = 'demo-year'`,
    );
    expect(r!.first < '2025-12-31').toBe(true);
    expect(r!.last <= SIZE.end.toISOString()).toBe(true);
  });

  it('parks nothing', async () => {
    expect(await rows(sql`select name, event_type, error from rm.parked_events`)).toEqual([]);
  });

  it('adds nothing on a second run, with or without its marker', async () => {
    const count = async () => (await rows(sql<{ n: number }>`select count(*)::int as n from es.events`))[0]!.n;
    const before = await count();
    expect((await loadDemoYear(portal.runtime.store, portal.runtime.client, SIZE)).loaded).toBe(false);
    expect(await count()).toBe(before);
    await loadDemoYear(portal.runtime.store, portal.runtime.client, { ...SIZE, force: true });
    expect(await count()).toBe(before);
  }, 60_000);
});
