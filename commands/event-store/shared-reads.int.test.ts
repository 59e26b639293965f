import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { appliedLogProjection } from '../../projections/runner/test-projections.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { type NewEvent, START } from './port.ts';
import { PostgresEventStore } from './postgres.ts';
import { SharedReads } from './shared-reads.ts';

const lateEvent = (): NewEvent => ({
  id: randomUUID(),
  type: 'SharedLate',
  data: {},
  metadata: {
    actorId: null,
    actorRole: null,
    correlationId: 'c',
    causationId: null,
    occurredAt: new Date().toISOString(),
    clientCode: 'MOH',
  },
});

let t: TestDatabase;
let store: PostgresEventStore;
const TYPES = ['SharedA', 'SharedB', 'SharedC'] as const;

beforeAll(async () => {
  t = await createTestDatabase('shared');
  store = new PostgresEventStore(t.pool);
  // 120 events over 12 streams; type by i % 7 so each type's events are spread unevenly through the log.
  for (let s = 0; s < 12; s++) {
    const events: NewEvent[] = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      type: TYPES[(s * 10 + i) % 7 < 4 ? 0 : (s * 10 + i) % 7 < 6 ? 1 : 2]!,
      data: { s, i },
      metadata: {
        actorId: null,
        actorRole: null,
        correlationId: 'c',
        causationId: null,
        occurredAt: new Date().toISOString(),
        clientCode: 'MOH',
      },
    }));
    await store.append(`shared-${s}`, events, { expectedRevision: 'no_stream' });
  }
  // readAll returns only what lies below the server-wide horizon: other test files' open transactions can hold it
  // back for a moment. Start once everything appended is readable.
  await readable(120);
});

/** Waits (bounded) until the store itself reads at least n events. */
async function readable(n: number): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if ((await store.readAll({ after: START, limit: 100_000 })).length >= n) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`fewer than ${n} events became readable`);
}
afterAll(async () => {
  await store?.close();
  await t?.drop();
});

describe('shared reads for the projection runners of one process', () => {
  it('serves readers woken together with one query, each filtered to its own types as the store would', async () => {
    const shared = new SharedReads(store);
    const asks = [[TYPES[0]], [TYPES[1], TYPES[2]], undefined] as const;
    const got = await Promise.all(
      asks.map((types) => shared.readAllWithHead({ after: START, limit: 500, ...(types ? { types } : {}) })),
    );
    expect(shared.queries).toBe(1);
    for (const [i, types] of asks.entries()) {
      const direct = await store.readAllWithHead({ after: START, limit: 500, ...(types ? { types } : {}) });
      expect(got[i]!.events.map((e) => e.id)).toEqual(direct.events.map((e) => e.id));
      expect(got[i]!.head).toEqual(direct.head);
      expect(got[i]!.more).toBe(false);
    }
  });

  it('with a limit, covers up to the last event read and says more may follow; paging on finds every event', async () => {
    const shared = new SharedReads(store);
    const all = await store.readAll({ after: START, limit: 1000, types: [TYPES[2]] });
    const seen: string[] = [];
    let after = START;
    for (let page = 0; page < 100; page++) {
      const r = await shared.readAllWithHead({ after, limit: 9, types: [TYPES[2]] });
      seen.push(...r.events.map((e) => e.id));
      if (!r.more) break;
      expect(r.head).not.toEqual(after);
      after = r.head;
    }
    expect(seen).toEqual(all.map((e) => e.id));
    // The pages after the first come from the tail the reads built up, not from a query each.
    expect(shared.queries).toBeLessThanOrEqual(3);
  });

  it('answers runners at different positions inside the tail it has read without reading again', async () => {
    const shared = new SharedReads(store);
    const first = await shared.readAllWithHead({ after: START, limit: 1000 });
    const middle = first.events[Math.floor(first.events.length / 2)]!.position;
    const queries = shared.queries;
    const [a, b] = await Promise.all([
      shared.readAllWithHead({ after: middle, limit: 1000, types: [TYPES[1]] }),
      shared.readAllWithHead({ after: START, limit: 1000, types: [TYPES[0]] }),
    ]);
    // None; one at most if the machine stalled past the 50 ms a tail answers polls for (each alone would read).
    expect(shared.queries).toBeLessThanOrEqual(queries + 1);
    expect(a.events.map((e) => e.id)).toEqual(
      (await store.readAll({ after: middle, limit: 1000, types: [TYPES[1]] })).map((e) => e.id),
    );
    expect(b.events.map((e) => e.id)).toEqual(
      (await store.readAll({ after: START, limit: 1000, types: [TYPES[0]] })).map((e) => e.id),
    );
    expect(a.head).toEqual(first.head);
  });

  it('reads again for a poll once its tail is older than 50 ms, though no append was hinted', async () => {
    const shared = new SharedReads(store);
    const first = await shared.readAllWithHead({ after: START, limit: 1000 });
    await new Promise((r) => setTimeout(r, 60));
    const queries = shared.queries;
    const again = await shared.readAllWithHead({ after: first.head, limit: 1000 });
    expect(shared.queries).toBe(queries + 1);
    expect(again.events).toEqual([]);
  });

  it('reads again for a reader that asks after the shared read came back (a newer append woke it)', async () => {
    const shared = new SharedReads(store);
    const first = await shared.readAllWithHead({ after: START, limit: 500 });
    const stream = `shared-late-${randomUUID()}`;
    await store.append(stream, [{ ...lateEvent(), type: TYPES[0] }], { expectedRevision: 'no_stream' });
    await readable(121);
    const second = await shared.readAllWithHead({ after: START, limit: 500 });
    expect(shared.queries).toBe(2);
    expect(second.events.map((e) => e.streamId)).toContain(stream);
    expect(first.events.map((e) => e.streamId)).not.toContain(stream);
  });

  it('lets runners with small batches build the same read models as direct reads would', async () => {
    const shared = new SharedReads(store);
    const ids = async (name: string) =>
      (
        await sql<{
          id: string;
        }>`select event_id::text as id from ${sql.raw(`rm.${name}_applied`)} order by seq`.execute(t.db)
      ).rows.map((r) => r.id);
    for (const [name, types] of [
      ['shared_a', [TYPES[0]]],
      ['shared_bc', [TYPES[1], TYPES[2]]],
    ] as const) {
      const runner = new ProjectionRunner(shared, t.pool, t.db, appliedLogProjection(name, types), { batchSize: 7 });
      await runner.runUntilCaughtUp();
      const direct = await store.readAll({ after: START, limit: 1000, types });
      expect(await ids(name)).toEqual(direct.map((e) => e.id));
    }
  });
});
