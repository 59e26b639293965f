import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { testEvent } from '../../commands/event-store/test-events.ts';
import type { JobQueue } from '../../commands/jobs/port.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { PostgresJobQueue } from '../../workers/jobs/postgres-queue.ts';
import { reactor } from '../../workers/jobs/reactor.ts';
import type { Projection } from './projection.ts';
import { type ParkedEvent, ProjectionRunner } from './runner.ts';
import { projectionLag, waitForPosition } from './status.ts';
import { amountsProjection } from './test-projections.ts';

const BIG = 2 ** 40;

describe('parked events: an event a projection cannot apply never stops it', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const parkedLog: ParkedEvent[] = [];
  const quiet = { onParked: (p: ParkedEvent) => parkedLog.push(p), onError: () => {} };

  beforeAll(async () => {
    t = await createTestDatabase('parking');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await t.drop();
  });

  async function amounts(name: string) {
    const { rows } = await sql<{ event_id: string; amount: number }>`
      select event_id::text, amount from ${sql.raw(`rm.${name}_amounts`)} order by amount`.execute(t.db);
    return rows;
  }
  async function parkedRows(name: string) {
    const { rows } = await sql<{ event_id: string; error: string; attempts: number; resolved: boolean }>`
      select event_id, error, attempts, resolved_at is not null as resolved from rm.parked_events where name = ${name}
       order by commit_pos, prepare_pos`.execute(t.db);
    return rows;
  }

  it('parks the bad event of a batch written as one statement, applies the rest, ends waits, and retries after a fix', async () => {
    const type = `Amount_${randomUUID().slice(0, 6)}`;
    const good1 = testEvent(type, { amount: 1 });
    const bad = testEvent(type, { amount: BIG });
    const good2 = testEvent(type, { amount: 2 });
    await store.append(`amount-${randomUUID()}`, [good1], { expectedRevision: 'no_stream' });
    const badAt = await store.append(`amount-${randomUUID()}`, [bad], { expectedRevision: 'no_stream' });
    await store.append(`amount-${randomUUID()}`, [good2], { expectedRevision: 'no_stream' });

    const p = amountsProjection('amounts', [type]);
    // One batch holds all three: the whole multi-row insert fails, and the runner finds the one event that fails.
    await new ProjectionRunner(store, t.pool, t.db, p, { batchSize: 100, ...quiet }).runUntilCaughtUp();
    expect((await amounts('amounts')).map((r) => r.event_id)).toEqual([good1.id, good2.id]);
    const parked = await parkedRows('amounts');
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ event_id: bad.id, attempts: 1, resolved: false });
    expect(parked[0]!.error).toMatch(/^22003: /);
    expect(parkedLog.map((x) => x.event.id)).toContain(bad.id);

    // A read that waits for the bad event's position returns: the checkpoint is past it.
    expect(await waitForPosition(t.db, ['amounts'], badAt.position, 2000)).toBe(true);
    expect((await projectionLag(t.db, store, [p]))[0]).toMatchObject({ parked: 1, lagEvents: 0 });

    // Retried with the code unchanged: it fails again and stays parked, one attempt more.
    const again = new ProjectionRunner(store, t.pool, t.db, p, quiet);
    expect(await again.retryParked()).toEqual({ resolved: 0, failed: 1 });
    expect((await parkedRows('amounts'))[0]).toMatchObject({ attempts: 2, resolved: false });

    // The same version with its code fixed: the retry applies it and marks it resolved.
    const fixed = amountsProjection('amounts', [type], 1, true);
    expect(await new ProjectionRunner(store, t.pool, t.db, fixed, quiet).retryParked()).toEqual({
      resolved: 1,
      failed: 0,
    });
    expect((await amounts('amounts')).map((r) => r.amount)).toEqual([1, 2, 2147483647]);
    expect((await parkedRows('amounts'))[0]).toMatchObject({ attempts: 3, resolved: true });
    expect((await projectionLag(t.db, store, [p]))[0]).toMatchObject({ parked: 0 });
  });

  it('retries a transient failure (serialization, a lost connection, a queue that is down) and parks nothing', async () => {
    const type = `Flaky_${randomUUID().slice(0, 6)}`;
    const events = [testEvent(type, { amount: 1 }), testEvent(type, { amount: 2 })];
    await store.append(`flaky-${randomUUID()}`, events, { expectedRevision: 'no_stream' });
    const failures: unknown[] = [
      Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    ];
    const errors: unknown[] = [];
    const base = amountsProjection('flaky', [type]);
    const p: Projection = {
      ...base,
      async apply(ctx, evs) {
        const f = failures.shift();
        if (f) throw f;
        return base.apply(ctx, evs);
      },
    };
    const runner = new ProjectionRunner(store, t.pool, t.db, p, {
      lockRetryMs: 10,
      idlePollMs: 10,
      onError: (e) => errors.push(e),
      onParked: (x) => parkedLog.push(x),
    });
    runner.start();
    try {
      for (let i = 0; i < 500 && (await countOf('flaky')) < 2; i++) await new Promise((r) => setTimeout(r, 20));
    } finally {
      await runner.stop();
    }
    expect(await countOf('flaky')).toBe(2);
    expect(errors.map((e) => (e as { code?: string }).code)).toEqual(['40001', '57P01', 'ECONNRESET']);
    expect(await parkedRows('flaky')).toEqual([]);
  });

  it('gives an error of unclear origin a second try on its own before parking (a plain Error once)', async () => {
    const type = `Once_${randomUUID().slice(0, 6)}`;
    await store.append(`once-${randomUUID()}`, [testEvent(type, { amount: 5 })], { expectedRevision: 'no_stream' });
    const base = amountsProjection('once', [type]);
    let calls = 0;
    const p: Projection = {
      ...base,
      async apply(ctx, evs) {
        if (calls++ === 0) throw new Error('Connection terminated unexpectedly');
        return base.apply(ctx, evs);
      },
    };
    await new ProjectionRunner(store, t.pool, t.db, p, quiet).runUntilCaughtUp();
    expect(await countOf('once')).toBe(1);
    expect(await parkedRows('once')).toEqual([]);
  });

  it('sends a reactor through the same path: a bad event is parked, the others enqueue; a queue down is retried', async () => {
    const type = `React_${randomUUID().slice(0, 6)}`;
    const ok1 = testEvent(type, { to: 'a' });
    const bad = testEvent(type, {});
    const ok2 = testEvent(type, { to: 'b' });
    await store.append(`react-${randomUUID()}`, [ok1, bad, ok2], { expectedRevision: 'no_stream' });
    const pgQueue = new PostgresJobQueue(t.db);
    let down = true;
    const queue: JobQueue = {
      kind: 'postgres',
      handle: (n, h) => pgQueue.handle(n, h),
      start: () => pgQueue.start(),
      counts: () => pgQueue.counts(),
      close: () => pgQueue.close(),
      async enqueue(name, payload, opts) {
        if (down) {
          down = false;
          throw new Error('Connection is closed.');
        }
        return pgQueue.enqueue(name, payload, opts);
      },
    };
    const errors: unknown[] = [];
    const r = reactor('reactions-test', [type], queue, (e) => ({
      job: 'test.job',
      payload: { to: (e.data as { to: string }).to.toUpperCase() },
    }));
    const runner = new ProjectionRunner(store, t.pool, t.db, r, {
      lockRetryMs: 10,
      idlePollMs: 10,
      onError: (e) => errors.push(e),
      onParked: (x) => parkedLog.push(x),
    });
    runner.start();
    try {
      for (let i = 0; i < 500 && (await parkedRows('reactions-test')).length === 0; i++)
        await new Promise((res) => setTimeout(res, 20));
    } finally {
      await runner.stop();
    }
    expect(errors).toHaveLength(1);
    const parked = await parkedRows('reactions-test');
    expect(parked.map((x) => x.event_id)).toEqual([bad.id]);
    expect(parked[0]!.error).toMatch(/toUpperCase/);
    const { rows } = await sql<{ id: string }>`select id from jobs.queue where name = 'test.job' order by id`.execute(
      t.db,
    );
    expect(rows.map((x) => x.id).sort()).toEqual([`test.job.${ok1.id}`, `test.job.${ok2.id}`].sort());
  });

  it('drops the parked events of a generation that a new version replaces (it replays them with the fixed code)', async () => {
    const type = `Gen_${randomUUID().slice(0, 6)}`;
    const bad = testEvent(type, { amount: BIG });
    await store.append(`gen-${randomUUID()}`, [testEvent(type, { amount: 3 }), bad], { expectedRevision: 'no_stream' });
    await new ProjectionRunner(store, t.pool, t.db, amountsProjection('gen', [type], 1), quiet).runUntilCaughtUp();
    expect((await parkedRows('gen')).map((x) => x.event_id)).toEqual([bad.id]);

    await new ProjectionRunner(
      store,
      t.pool,
      t.db,
      amountsProjection('gen', [type], 2, true),
      quiet,
    ).runUntilCaughtUp();
    expect(await parkedRows('gen')).toEqual([]);
    expect((await amounts('gen')).map((r) => r.amount)).toEqual([3, 2147483647]);
  });

  it('retries on request while running: requestRetry is answered by the runner that holds the lock', async () => {
    const { requestRetry } = await import('./status.ts');
    const type = `Req_${randomUUID().slice(0, 6)}`;
    const bad = testEvent(type, { amount: BIG });
    await store.append(`req-${randomUUID()}`, [bad], { expectedRevision: 'no_stream' });
    let clamp = false;
    const broken = amountsProjection('req', [type]);
    const p: Projection = {
      ...broken,
      apply: (ctx, evs) => (clamp ? amountsProjection('req', [type], 1, true) : broken).apply(ctx, evs),
    };
    const runner = new ProjectionRunner(store, t.pool, t.db, p, { idlePollMs: 10, retryCheckMs: 10, ...quiet });
    runner.start();
    try {
      for (let i = 0; i < 500 && (await parkedRows('req')).length === 0; i++)
        await new Promise((res) => setTimeout(res, 20));
      expect(await requestRetry(t.db, 'req', 5000)).toEqual({ requested: 1, resolved: 0, parked: 1, pending: false });
      clamp = true;
      expect(await requestRetry(t.db, 'req', 5000)).toEqual({ requested: 1, resolved: 1, parked: 0, pending: false });
    } finally {
      await runner.stop();
    }
    expect((await amounts('req')).map((r) => r.amount)).toEqual([2147483647]);
  });

  async function countOf(name: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.raw(`rm.${name}_amounts`)}`
      .execute(t.db)
      .catch(() => ({ rows: [{ n: 0 }] }));
    return rows[0]!.n;
  }
});
