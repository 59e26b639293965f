import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewEvent } from '../../commands/event-store/port.ts';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { testEvent } from '../../commands/event-store/test-events.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { LockKeeper } from './lock-keeper.ts';
import { ProjectionRunner } from './runner.ts';
import { projectionLag, waitForPosition } from './status.ts';
import { appliedLogProjection, totalsProjection } from './test-projections.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ev = (type: string, amount: number): NewEvent => testEvent(type, { amount });

describe('projection runner', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    t = await createTestDatabase('runner');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  async function rowsOf(table: string) {
    const { rows } = await sql<{ stream_id: string; events: number; total: string; last_revision: string }>`
      select stream_id, events, total::text as total, last_revision::text as last_revision
        from ${sql.raw(table)} order by stream_id`.execute(t.db);
    return rows;
  }

  it('ends equal to a fresh replay after being SIGKILLed at 25 random points while events keep arriving', async () => {
    const type = `Crash_${randomUUID().slice(0, 6)}`;
    let appended = 0;
    const appendSome = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const stream = `crash-${i % 37}`;
        await store.append(stream, [ev(type, (i % 13) + 1), ev(type, 2)], { expectedRevision: 'any' });
        appended += 2;
      }
    };
    await appendSome(600);

    const childArgs = ['tests/support/projection-child.ts', t.url, t.appRole ?? '-', 'crashy', type, '7'];
    let kills = 0;
    for (let round = 0; round < 25; round++) {
      const child: ChildProcess = spawn(process.execPath, childArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => child.stdout!.once('data', () => resolve()));
      const writes = appendSome(10); // more events arrive while it runs
      await sleep(20 + Math.random() * 180);
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      kills++;
      await writes;
    }
    expect(kills).toBe(25);
    // Some progress was made by the killed runners, but not necessarily all.
    const { rows: cp } = await sql<{ p: string }>`
      select prepare_pos::text as p from rm.projection_checkpoints where name = 'crashy' and state = 'live'`.execute(
      t.db,
    );
    expect(BigInt(cp[0]!.p)).toBeGreaterThan(0n);

    // Restart once more and let it finish; then replay everything from scratch into a second projection.
    // Started, as a process would be, so it retries: under load the server may not yet have ended the last killed
    // child's backends (its lock still held, or its last commit still landing, which the checkpoint guard refuses).
    const survivor = new ProjectionRunner(store, t.pool, t.db, totalsProjection('crashy', [type]), {
      batchSize: 7,
      lockRetryMs: 50,
    });
    survivor.start();
    expect(await waitForPosition(t.db, ['crashy'], await store.lastPosition(), 60_000)).toBe(true);
    await survivor.stop();
    const replay = new ProjectionRunner(store, t.pool, t.db, totalsProjection('replayed', [type]), { batchSize: 1000 });
    await replay.runUntilCaughtUp();

    const crashed = await rowsOf('rm.crashy_totals');
    const fresh = await rowsOf('rm.replayed_totals');
    const { rows: stored } = await t.pool.query('select count(*)::int as n from es.events where type = $1', [type]);
    expect(stored[0].n).toBe(appended);
    expect(fresh.reduce((s, r) => s + r.events, 0)).toBe(appended);
    expect(crashed).toEqual(fresh);
    // 25 children started and killed: seconds of imports each when the two cores are shared.
  }, 180_000);

  it('lets only one runner per projection work at a time across connections', async () => {
    const type = `Lock_${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 50; i++) await store.append(`lock-${i}`, [ev(type, 1)], { expectedRevision: 'no_stream' });
    const a = new ProjectionRunner(store, t.pool, t.db, appliedLogProjection('locked', [type]), {
      batchSize: 5,
      idlePollMs: 5,
      lockRetryMs: 20,
    });
    // Its own keeper: a second lock connection, as a runner in another process would have.
    const b = new ProjectionRunner(store, t.pool, t.db, appliedLogProjection('locked', [type]), {
      batchSize: 5,
      idlePollMs: 5,
      lockRetryMs: 20,
      locks: new LockKeeper(t.pool),
    });
    a.start();
    b.start();
    const deadline = Date.now() + 10_000;
    let count = 0;
    while (Date.now() < deadline) {
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from rm.locked_applied`
        .execute(t.db)
        .catch(() => ({ rows: [{ n: '0' }] }));
      count = Number(rows[0]!.n);
      if (count === 50) break;
      await sleep(20);
    }
    // With both running, a double apply would violate the unique event id and the count would not be exactly 50.
    expect(count).toBe(50);
    const { rows: holders } = await t.pool.query(
      `select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = (hashtext('projection:locked')::bigint & 4294967295)::oid`,
    );
    expect(holders[0].n).toBe(1);
    await a.stop();
    // The standby takes over when the first stops.
    await store.append('lock-after', [ev(type, 1)], { expectedRevision: 'no_stream' });
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from rm.locked_applied`.execute(t.db);
      count = Number(rows[0]!.n);
      if (count === 51) break;
      await sleep(20);
    }
    expect(count).toBe(51);
    await b.stop();
  });

  it('rebuilds a new version into fresh tables while the old one serves, then swaps the view', async () => {
    const type = `Rebuild_${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 30; i++) await store.append(`rb-${i % 3}`, [ev(type, 1)], { expectedRevision: 'any' });
    await new ProjectionRunner(store, t.pool, t.db, totalsProjection('rb', [type], 1)).runUntilCaughtUp();
    const before = await rowsOf('rm.rb_totals');
    expect(before.reduce((s, r) => s + r.events, 0)).toBe(30);

    // Version 2 counts amounts twice: a visible change of shape.
    const v2 = totalsProjection('rb', [type], 2);
    const apply1 = v2.apply;
    v2.apply = (ctx, events) =>
      apply1(
        ctx,
        events.flatMap((e) => [e, { ...e, data: { amount: 0 } }]),
      );
    const runner = new ProjectionRunner(store, t.pool, t.db, v2, { batchSize: 4 });
    // While generation 2 builds, readers still get generation 1 through the view.
    let sawOldDuringBuild = false;
    const origApply = v2.apply;
    v2.apply = async (ctx, events) => {
      if (!sawOldDuringBuild)
        sawOldDuringBuild = (await rowsOf('rm.rb_totals')).reduce((s, r) => s + r.events, 0) === 30;
      return origApply(ctx, events);
    };
    await runner.runUntilCaughtUp();
    expect(sawOldDuringBuild).toBe(true);
    const after = await rowsOf('rm.rb_totals');
    expect(after.reduce((s, r) => s + r.events, 0)).toBe(60);
    const { rows: gens } = await sql<{ generation: number; state: string }>`
      select generation, state from rm.projection_checkpoints where name = 'rb' order by generation`.execute(t.db);
    expect(gens).toEqual([
      { generation: 1, state: 'retired' },
      { generation: 2, state: 'live' },
    ]);
    const { rows: old } = await t.pool.query(`select to_regclass('rm.rb_totals_g1') as t`);
    expect(old[0].t).toBeNull();
  });

  it('waits for a position so a reader sees its own write, and reports lag', async () => {
    const type = `Ryw_${randomUUID().slice(0, 6)}`;
    const p = appliedLogProjection('ryw', [type]);
    const runner = new ProjectionRunner(store, t.pool, t.db, p, { idlePollMs: 1000 });
    await runner.runUntilCaughtUp();
    const r = await store.append('ryw-1', [ev(type, 1)], { expectedRevision: 'no_stream' });
    // Readable once transactions elsewhere on the server (other test files) have ended.
    let lagBefore = await projectionLag(t.db, store, [p]);
    for (let i = 0; i < 500 && lagBefore[0]?.lagEvents !== 1; i++) {
      await sleep(20);
      lagBefore = await projectionLag(t.db, store, [p]);
    }
    expect(lagBefore[0]).toMatchObject({ name: 'ryw', lagEvents: 1 });
    expect(await waitForPosition(t.db, ['ryw'], r.position, 100)).toBe(false);
    runner.start();
    expect(await waitForPosition(t.db, ['ryw'], r.position, 2000)).toBe(true);
    const { rows } = await sql<{ n: string }>`select count(*)::text as n from rm.ryw_applied`.execute(t.db);
    expect(rows[0]!.n).toBe('1');
    expect((await projectionLag(t.db, store, [p]))[0]).toMatchObject({ lagEvents: 0, lagSeconds: 0 });
    await runner.stop();
  });

  it("analyses a growing generation's tables each time the events it applied double, so plans follow the rows", async () => {
    const type = `Grow_${randomUUID().slice(0, 6)}`;
    const tuples = async () => {
      const { rows } = await t.pool.query(
        `select reltuples::int as n from pg_class where oid = 'rm.grow_applied_g1'::regclass`,
      );
      return rows[0].n as number;
    };
    const runner = new ProjectionRunner(store, t.pool, t.db, appliedLogProjection('grow', [type]), { batchSize: 50 });
    await runner.runUntilCaughtUp();
    expect(await tuples()).toBe(-1); // created, never analysed
    for (let i = 0; i < 30; i++)
      await store.append(
        `grow-${i}`,
        Array.from({ length: 10 }, () => ev(type, 1)),
        { expectedRevision: 'no_stream' },
      );
    await runner.runUntilCaughtUp();
    // 300 events in batches of 50: analysed at 100 (the first batch end past 64) and at 200, not at 300.
    expect(await tuples()).toBe(200);
  });
});
