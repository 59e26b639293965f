import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { type StoredEvent, WrongExpectedRevisionError } from './port.ts';
import { PostgresEventStore } from './postgres.ts';
import { testEvent } from './test-events.ts';

const ev = testEvent;

async function readAllOf(store: PostgresEventStore, stream: string): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for await (const e of store.readStream(stream)) out.push(e);
  return out;
}

const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

// Appends and stream reads made while others are on the wire share one statement (commands/db/coalesce.ts). These
// tests fire many at once so that batches form, and check each caller gets exactly what it would have alone.
describe('PostgreSQL event store: coalesced appends and stream reads', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('esbatch', 10);
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('answers each of many simultaneous appends with its own revision and position, in shared statements', async () => {
    const before = { ...store.appends.stats };
    const streams = Array.from({ length: 60 }, (_, i) => `batch-${i}-${randomUUID()}`);
    const written = streams.map((s, i) => ({
      s,
      events: Array.from({ length: 1 + (i % 3) }, (_, j) => ev('B', { i, j })),
    }));
    const results = await Promise.all(
      written.map((w) => store.append(w.s, w.events, { expectedRevision: 'no_stream' })),
    );
    const batches = store.appends.stats.batches - before.batches;
    expect(batches).toBeLessThan(written.length); // some appends shared a statement
    for (const [k, w] of written.entries()) {
      expect(results[k]!.nextRevision).toBe(BigInt(w.events.length - 1));
      const read = await readAllOf(store, w.s);
      expect(read.map((e) => e.id)).toEqual(w.events.map((e) => e.id));
      expect(read.map((e) => e.data)).toEqual(w.events.map((e) => e.data));
      expect(read.at(-1)!.position).toEqual(results[k]!.position);
      // Within a stream, global order follows revision order.
      const prepares = read.map((e) => e.position.prepare);
      expect([...prepares].sort((a, b) => (a < b ? -1 : 1))).toEqual(prepares);
    }
  });

  it('fails only the appends whose expected revision is wrong; the others in the same batch go through', async () => {
    const streams = Array.from({ length: 30 }, () => `mix-${randomUUID()}`);
    for (const s of streams) await store.append(s, [ev('First')], { expectedRevision: 'no_stream' });
    // Even streams: right revision (0); odd: wrong (5); plus 'no_stream' on a stream that exists, and 'any'.
    const outcomes = await Promise.all([
      ...streams.map((s, i) => settle(store.append(s, [ev('Second')], { expectedRevision: i % 2 ? 5n : 0n }))),
      settle(store.append(streams[0]!, [ev('Third')], { expectedRevision: 'no_stream' })),
      settle(store.append(streams[2]!, [ev('Any')], { expectedRevision: 'any' })),
    ]);
    for (const [i, s] of streams.entries()) {
      const o = outcomes[i]!;
      if (i % 2) {
        expect(o.ok).toBe(false);
        expect(!o.ok && o.error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(!o.ok && (o.error as WrongExpectedRevisionError).actual).toBe(0n);
        expect((await readAllOf(store, s)).map((e) => e.type)).toEqual(['First']);
      } else {
        expect(o.ok && o.value.nextRevision).toBeGreaterThanOrEqual(1n);
      }
    }
    const noStream = outcomes[streams.length]!;
    expect(!noStream.ok && noStream.error).toBeInstanceOf(WrongExpectedRevisionError);
    expect(outcomes[streams.length + 1]!.ok).toBe(true);
    expect((await readAllOf(store, streams[2]!)).map((e) => e.type).sort()).toEqual(['Any', 'First', 'Second']);
  });

  it('lets exactly one of many simultaneous appends at the same revision of one stream win', async () => {
    const s = `race-${randomUUID()}`;
    await store.append(s, [ev('Start')], { expectedRevision: 'no_stream' });
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => settle(store.append(s, [ev('Try', { i })], { expectedRevision: 0n }))),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok && o.error instanceof WrongExpectedRevisionError)).toHaveLength(19);
    expect(await readAllOf(store, s)).toHaveLength(2);
  });

  it('answers a retried append (same event ids) with the stored result, even when it shares a batch', async () => {
    const s = `retry-${randomUUID()}`;
    const events = [ev('Once'), ev('Twice')];
    const first = await store.append(s, events, { expectedRevision: 'no_stream' });
    const others = Array.from({ length: 10 }, () => `other-${randomUUID()}`);
    const [again, ...rest] = await Promise.all([
      store.append(s, events, { expectedRevision: 'no_stream' }),
      ...others.map((o) => store.append(o, [ev('Other')], { expectedRevision: 'no_stream' })),
    ]);
    expect(again).toEqual(first);
    expect(rest.every((r) => r.nextRevision === 0n)).toBe(true);
    expect(await readAllOf(store, s)).toHaveLength(2);
  });

  it('reads many streams at once, each from its own revision', async () => {
    const streams = Array.from({ length: 40 }, () => `read-${randomUUID()}`);
    await Promise.all(
      streams.map((s, i) =>
        store.append(
          s,
          Array.from({ length: 1 + (i % 5) }, (_, j) => ev('R', { j })),
          { expectedRevision: 'no_stream' },
        ),
      ),
    );
    const before = { ...store.streamReads.stats };
    const reads = await Promise.all(
      streams.map(async (s, i) => {
        const out: unknown[] = [];
        for await (const e of store.readStream(s, { fromRevision: BigInt(i % 2) })) out.push(e.data);
        return out;
      }),
    );
    expect(store.streamReads.stats.batches - before.batches).toBeLessThan(streams.length);
    for (const [i, r] of reads.entries()) {
      const all = Array.from({ length: 1 + (i % 5) }, (_, j) => ({ j }));
      expect(r).toEqual(all.slice(i % 2));
    }
  });
});
