import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAP_MARKERS } from '../../api/contracts/opportunity.ts';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { opportunityDetails } from '../../tests/support/command-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { type GivenEvent, on, projectionSpec } from '../../tests/support/projection-spec.ts';
import { opportunitiesProjection } from './opportunities.ts';
import { mapMarkers, type OpportunityDB } from './queries.ts';

// The map's rules (spec): at most 100 markers, none for closed events (3) nor remote ones (attendance 3), only
// located, approved, public events; the list filters (region here) narrow it.
describe('the map markers', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const ids = {
    riyadh: randomUUID(),
    makkah: randomUUID(),
    closed: randomUUID(),
    remote: randomUUID(),
    unlocated: randomUUID(),
    pending: randomUUID(),
  };
  const given: GivenEvent[] = [];
  const event = (id: string, over: Partial<OpportunityDetails>, approved = true) => {
    const stream = `opportunity-${id}`;
    given.push(on(stream, 'OpportunityCreated', { details: opportunityDetails(over) }));
    if (approved) given.push(on(stream, 'OpportunityApproved', { previous: 'pending' }));
  };

  beforeAll(async () => {
    t = await createTestDatabase('opportunity_map');
    store = new PostgresEventStore(t.pool);
    const at = { latitude: 24.7, longitude: 46.6 };
    event(ids.riyadh, { ...at, regionId: 1, startDate: '2026-12-01', endDate: '2026-12-02' });
    event(ids.makkah, { latitude: 21.4, longitude: 39.8, regionId: 2, startDate: '2026-12-01', endDate: '2026-12-02' });
    event(ids.closed, { ...at, regionId: 1 });
    given.push(on(`opportunity-${ids.closed}`, 'OpportunityStatusChanged', { from: 0, to: 3 }));
    event(ids.remote, { ...at, regionId: 1, attendanceType: 3 });
    event(ids.unlocated, { regionId: 1 });
    event(ids.pending, { ...at, regionId: 1 }, false);
    // 100 more located events, later: 102 would be on the map without the cap.
    for (let i = 0; i < MAP_MARKERS; i++)
      event(randomUUID(), {
        latitude: 20 + i / 100,
        longitude: 45,
        regionId: 3,
        startDate: '2027-01-10',
        endDate: '2027-01-11',
      });
    // Appends the events and runs the projection; the rows checked here are only the one Riyadh event.
    await projectionSpec(t, store, opportunitiesProjection)
      .given(...given)
      .thenRows('opportunities', { columns: ['region_id'], where: { opportunity_id: ids.riyadh } }, [{ region_id: 1 }]);
  }, 120_000);
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const db = () => t.db as unknown as Kysely<OpportunityDB>;

  it('sends at most 100 markers, the soonest first, none closed, remote, unlocated or unapproved', async () => {
    const all = await mapMarkers(db(), MAP_MARKERS);
    expect(all).toHaveLength(100);
    const got = all.map((m) => m.id);
    expect(got.slice(0, 2).sort()).toEqual([ids.riyadh, ids.makkah].sort());
    for (const id of [ids.closed, ids.remote, ids.unlocated, ids.pending]) expect(got).not.toContain(id);
    expect(all.find((m) => m.id === ids.riyadh)).toEqual({
      id: ids.riyadh,
      nameAr: 'فعالية',
      nameEn: 'Event',
      latitude: 24.7,
      longitude: 46.6,
      status: 0,
    });
  });

  it('narrows by region; a filter never brings back a closed or remote event', async () => {
    expect((await mapMarkers(db(), MAP_MARKERS, { regionId: 1 })).map((m) => m.id)).toEqual([ids.riyadh]);
    expect((await mapMarkers(db(), MAP_MARKERS, { regionId: 2 })).map((m) => m.id)).toEqual([ids.makkah]);
    expect(await mapMarkers(db(), MAP_MARKERS, { regionId: 1, status: 3 })).toEqual([]);
    expect(await mapMarkers(db(), MAP_MARKERS, { regionId: 1, attendanceType: 3 })).toEqual([]);
    expect(await mapMarkers(db(), MAP_MARKERS, { regionId: 3 })).toHaveLength(100);
  });
});
