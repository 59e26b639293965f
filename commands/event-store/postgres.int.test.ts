import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { appliedLogProjection } from '../../projections/runner/test-projections.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { appendWith, PostgresEventStore } from './postgres.ts';
import { testEvent } from './test-events.ts';

const ev = testEvent;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('PostgreSQL event store', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('espg', 30);
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  it('refuses UPDATE, DELETE and TRUNCATE of events to the application role', async () => {
    expect(t.appRole).toBe('portal_app');
    await store.append('audit-1', [ev('Something')], { expectedRevision: 'no_stream' });
    const { rows } = await t.pool.query('select current_user as u');
    expect(rows[0].u).toBe('portal_app');
    await expect(t.pool.query(`update es.events set type = 'Forged'`)).rejects.toMatchObject({ code: '42501' });
    await expect(t.pool.query('delete from es.events')).rejects.toMatchObject({ code: '42501' });
    await expect(t.pool.query('truncate es.events cascade')).rejects.toMatchObject({ code: '42501' });
  });

  it('refuses UPDATE and DELETE of events even to the owner (append-only trigger)', async () => {
    await expect(t.ownerPool.query(`update es.events set type = 'Forged'`)).rejects.toMatchObject({ code: '42501' });
    await expect(t.ownerPool.query('delete from es.events')).rejects.toMatchObject({ code: '42501' });
  });

  it('appends many events in order with their data intact, as VALUES rows (≤ 20) and as arrays (more)', async () => {
    for (const n of [12, 25]) {
      const stream = `bulk${n}-${randomUUID()}`;
      const events = Array.from({ length: n }, (_, i) => ev('Bulk', { i, text: `it's "quoted" {${i}} \\ مرحبا` }));
      const r = await store.append(stream, events, { expectedRevision: 'no_stream' });
      expect(r.nextRevision).toBe(BigInt(n - 1));
      const read = [];
      for await (const e of store.readStream(stream)) read.push(e);
      expect(read.map((e) => e.id)).toEqual(events.map((e) => e.id));
      expect(read.map((e) => e.data)).toEqual(events.map((e) => e.data));
      expect((await store.append(stream, [ev('Bulk')], { expectedRevision: BigInt(n - 1) })).nextRevision).toBe(
        BigInt(n),
      );
    }
  });

  it('orders by the transaction id as a number, not as text, across a change in its number of digits', async () => {
    const type = `Digits_${randomUUID().slice(0, 6)}`;
    // Rows as if written by transactions 99 and 100 (long finished): as text, '100' would sort before '99'.
    await t.ownerPool.query(
      `insert into es.streams (stream_id, stream_type, version) values ('digits-a', 'digits', 0), ('digits-b', 'digits', 0)`,
    );
    await t.ownerPool.query(
      `insert into es.events (stream_id, stream_position, event_id, type, data, metadata, transaction_id)
       values ('digits-a', 0, $1, $3, '{}', '{}', '99'::xid8), ('digits-b', 0, $2, $3, '{}', '{}', '100'::xid8)`,
      [randomUUID(), randomUUID(), type],
    );
    const first = await store.readAll({ after: { commit: -1n, prepare: -1n }, limit: 1, types: [type] });
    expect(first.map((e) => e.position.commit)).toEqual([99n]);
    const second = await store.readAll({ after: first[0]!.position, limit: 1, types: [type] });
    expect(second.map((e) => e.position.commit)).toEqual([100n]);
    expect(await store.readAll({ after: second[0]!.position, limit: 1, types: [type] })).toEqual([]);
  });

  it('lets a live projection see every committed event exactly once, in order, with slow and rolled-back writers', async () => {
    const type = `Skip_${randomUUID().slice(0, 6)}`;
    const projection = appliedLogProjection('skipcheck', [type]);
    const runner = new ProjectionRunner(store, t.pool, t.db, projection, { batchSize: 50, idlePollMs: 5 });
    runner.start();

    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    let checkpointMovesDuringWrites = 0;
    let writing = true;
    const watcher = (async () => {
      let last = '';
      while (writing) {
        const { rows } = await t.pool.query(
          `select commit_pos::text || '.' || prepare_pos::text as c from rm.projection_checkpoints where name = 'skipcheck'`,
        );
        if (rows[0] && rows[0].c !== last) {
          checkpointMovesDuringWrites++;
          last = rows[0].c;
        }
        await sleep(10);
      }
    })();

    // 10 writers x 20 transactions. Each takes its sequence numbers, then some hold the transaction open for a while
    // (so later numbers commit first) and about one in five rolls back.
    const writer = async (w: number) => {
      for (let i = 0; i < 20; i++) {
        const events = Array.from({ length: 1 + (i % 3) }, () => ev(type, { w, i }));
        const client = await t.pool.connect();
        try {
          await client.query('begin');
          await appendWith(client, `skip-${w}-${i % 4}`, events, 'any');
          const r = Math.random();
          await sleep(r < 0.2 ? 80 + Math.random() * 120 : Math.random() * 8);
          if (r > 0.8) {
            await client.query('rollback');
            for (const e of events) rolledBack.add(e.id);
          } else {
            await client.query('commit');
            for (const e of events) committed.add(e.id);
          }
        } finally {
          client.release();
        }
      }
    };
    await Promise.all(Array.from({ length: 10 }, (_, w) => writer(w)));
    writing = false;
    await watcher;
    // Nudge once more in case the last commit landed between polls.
    await store.append('skip-final', [ev(type)], { expectedRevision: 'any' }).then(() => {});
    const deadline = Date.now() + 10_000;
    let rows: { event_id: string; c: string; p: string }[] = [];
    while (Date.now() < deadline) {
      ({ rows } = await sql<{ event_id: string; c: string; p: string }>`
        select event_id, commit_pos::text as c, prepare_pos::text as p from rm.skipcheck_applied order by seq`.execute(
        t.db,
      ));
      if (rows.length === committed.size + 1) break;
      await sleep(20);
    }
    await runner.stop();

    const seen = rows.map((r) => r.event_id);
    const expected = [...committed];
    expect(rolledBack.size).toBeGreaterThan(0);
    expect(seen).toHaveLength(committed.size + 1); // the table's unique event id already refuses a double apply
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of expected) expect(seen).toContain(id);
    for (const id of rolledBack) expect(seen).not.toContain(id);
    // Applied in the log's order: (transaction id, global position) strictly increasing.
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1]!;
      const b = rows[i]!;
      const inOrder = BigInt(a.c) < BigInt(b.c) || (BigInt(a.c) === BigInt(b.c) && BigInt(a.p) < BigInt(b.p));
      expect(inOrder).toBe(true);
    }
    // It followed live rather than reading everything at the end.
    expect(checkpointMovesDuringWrites).toBeGreaterThan(3);
  });

  it("has its tables analysed, through the owner's function, once a process has appended 64 events", async () => {
    const fresh = new PostgresEventStore(t.pool); // a process of its own: its schedule starts at nothing
    const n = async () => {
      const { rows } =
        await t.ownerPool.query(`select (select reltuples::int from pg_class where oid = 'es.streams'::regclass) as analysed,
          (select count(*)::int from es.streams) as rows`);
      return rows[0] as { analysed: number; rows: number };
    };
    for (let i = 0; i < 63; i++)
      await fresh.append(`grow-${randomUUID()}`, [ev('Grown')], { expectedRevision: 'no_stream' });
    await sleep(300);
    const before = await n();
    expect(before.analysed).not.toBe(before.rows); // 63 new streams since any analyse
    await fresh.append(`grow-${randomUUID()}`, [ev('Grown')], { expectedRevision: 'no_stream' });
    let after = await n();
    for (let i = 0; i < 100 && after.analysed !== after.rows; i++) {
      await sleep(50);
      after = await n();
    }
    expect(after.analysed).toBe(after.rows);
  });
});
