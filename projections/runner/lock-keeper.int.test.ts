import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, createPool } from '../../commands/db/pool.ts';
import type { NewEvent } from '../../commands/event-store/port.ts';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { testEvent } from '../../commands/event-store/test-events.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { LOCK_APPLICATION_NAME, LockKeeper, lockKeeperFor } from './lock-keeper.ts';
import { ProjectionRunner } from './runner.ts';
import { appliedLogProjection } from './test-projections.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ev = (type: string): NewEvent => testEvent(type, { amount: 1 });
const N = 6;

describe('lock keeper: one lock connection per process', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  /** A second "process": a pool of its own, so a keeper (and a lock connection) of its own. */
  let otherPool: pg.Pool;

  beforeAll(async () => {
    t = await createTestDatabase('locks');
    store = new PostgresEventStore(t.pool);
    otherPool = createPool(t.url, { max: 6, role: t.appRole });
  });
  afterAll(async () => {
    await otherPool.end();
    await t.drop();
  });

  const lockConnections = async () => {
    const { rows } = await t.ownerPool.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`,
      [LOCK_APPLICATION_NAME],
    );
    return rows[0]!.n;
  };
  /** The pid holding each projection's advisory lock, by projection name. */
  const holders = async (names: readonly string[]) => {
    const { rows } = await t.ownerPool.query<{ name: string; pid: number }>(
      `select n.name, l.pid from unnest($1::text[]) as n(name)
         join pg_locks l on l.locktype = 'advisory' and l.granted
          and l.objid = (hashtext('projection:' || n.name)::bigint & 4294967295)::oid
        order by n.name`,
      [names],
    );
    return rows;
  };
  const appliedCounts = async (names: readonly string[]) => {
    const counts: number[] = [];
    for (const n of names) {
      const { rows } = await t.pool
        .query<{ n: number }>(`select count(*)::int as n from rm.${n}_applied`)
        .catch(() => ({ rows: [{ n: -1 }] }));
      counts.push(rows[0]!.n);
    }
    return counts;
  };
  const until = async (what: string, ok: () => Promise<boolean>, ms = 15_000) => {
    const deadline = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sleep(25);
    }
  };

  it('refuses a name already held in the process, and gives the connection back when nothing is held', async () => {
    const keeper = new LockKeeper(t.pool);
    expect(await keeper.tryLock('same', () => {})).toBe(true);
    expect(await keeper.tryLock('same', () => {})).toBe(false);
    // Another keeper (another connection) is refused by PostgreSQL.
    const other = new LockKeeper(t.pool);
    expect(await other.tryLock('same', () => {})).toBe(false);
    expect(other.pid).toBeNull();
    // The refused keeper's connection closes (the server may list it a moment longer).
    await until('one lock connection', async () => (await lockConnections()) === 1);
    await keeper.unlock('same');
    expect(keeper.pid).toBeNull();
    await until('the lock connection to close', async () => (await lockConnections()) === 0);
    expect(await other.tryLock('same', () => {})).toBe(true);
    await other.unlock('same');
  });

  it('holds the locks of N runners on one connection; a second process takes every one when it is killed', async () => {
    const type = `Keeper_${randomUUID().slice(0, 6)}`;
    const names = Array.from({ length: N }, (_, i) => `keeper${i}`);
    for (let i = 0; i < 20; i++) await store.append(`keeper-${i}`, [ev(type)], { expectedRevision: 'no_stream' });
    const opts = { batchSize: 5, idlePollMs: 10, lockRetryMs: 50, onError: () => {} };
    const first = names.map((n) => new ProjectionRunner(store, t.pool, t.db, appliedLogProjection(n, [type]), opts));
    const second: ProjectionRunner[] = [];
    for (const r of first) r.start();
    try {
      await until('the first process to apply every event', async () =>
        (await appliedCounts(names)).every((c) => c === 20),
      );
      const keeperA = lockKeeperFor(t.pool);
      expect(keeperA.pid).not.toBeNull();
      // Every lock held by one backend, the keeper's; and one lock connection in the server's list.
      expect((await holders(names)).map((h) => h.pid)).toEqual(names.map(() => keeperA.pid));
      await until('one lock connection', async () => (await lockConnections()) === 1);

      // The second process: its runners wait as standbys, on one connection of their own.
      const otherStore = new PostgresEventStore(otherPool);
      const otherDb = createKysely(otherPool);
      for (const n of names)
        second.push(new ProjectionRunner(otherStore, otherPool, otherDb, appliedLogProjection(n, [type]), opts));
      for (const r of second) r.start();
      const keeperB = lockKeeperFor(otherPool);
      await until('the standby keeper to connect', async () => (await lockConnections()) === 2);
      expect((await holders(names)).map((h) => h.pid)).toEqual(names.map(() => keeperA.pid));

      const killed = keeperA.pid;
      await t.ownerPool.query('select pg_terminate_backend($1)', [killed]);
      let seen: unknown = null;
      await until('the second process to hold every lock', async () => {
        const h = await holders(names);
        seen = { h, a: keeperA.pid, b: keeperB.pid };
        return h.length === N && h.every((x) => x.pid === keeperB.pid);
      }).catch((e) => {
        throw new Error(`${e.message}: ${JSON.stringify(seen)}`);
      });
      for (let i = 0; i < 10; i++)
        await store.append(`keeper-after-${i}`, [ev(type)], { expectedRevision: 'no_stream' });
      // A double apply would break the unique event id; a missed one would leave a count short.
      await until('every projection to apply the later events', async () =>
        (await appliedCounts(names)).every((c) => c === 30),
      );
      // The first process reconnected and now waits as a standby, still on one connection.
      await until('the first keeper to reconnect', async () => (await lockConnections()) === 2);
      expect(keeperA.pid).not.toBe(killed);
      expect(keeperA.pid).not.toBeNull();
      expect((await holders(names)).every((h) => h.pid === keeperB.pid)).toBe(true);
    } finally {
      await Promise.all([...first, ...second].map((r) => r.stop()));
    }
    const keeperA = lockKeeperFor(t.pool);
    const keeperB = lockKeeperFor(otherPool);
    expect([keeperA.pid, keeperB.pid]).toEqual([null, null]);
    await until('the lock connections to close', async () => (await lockConnections()) === 0);
  }, 60_000);
});
