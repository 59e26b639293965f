// Projection catch-up: pre-fill the log through our append, then time runUntilCaughtUp() of appliedLogProjection
// (one multi-row insert per batch) at two batch sizes, with the time split between reading, applying and the rest.
import type pg from 'pg';
import { createPool } from '../commands/db/pool.ts';
import { PostgresEventStore } from '../commands/event-store/postgres.ts';
import type { Projection } from '../projections/runner/projection.ts';
import { ProjectionRunner } from '../projections/runner/runner.ts';
import { appliedLogProjection } from '../projections/runner/test-projections.ts';
import { EVENT_TYPES, type Evidence, EvidenceProbe, ourDatabase, StreamWriter, warmPool } from './support.ts';

export interface CatchupSettings {
  events: number;
  /** Batch sizes in the order they run; each run is a new projection (its own table) over the same log. */
  runs: readonly number[];
  /** A run that takes longer is stopped here (its rate is then over the part it did); bounds the whole benchmark. */
  runCapMs: number;
  /** All runs together get this much time: the last ones get less than runCapMs, or are skipped. */
  budgetMs: number;
  fillClients: number;
  fillBatch: number;
}

export const FULL_CATCHUP: CatchupSettings = {
  events: 300_000,
  runs: [500, 2000, 2000, 500],
  runCapMs: 45_000,
  budgetMs: 90_000,
  fillClients: 16,
  fillBatch: 10,
};
export const QUICK_CATCHUP: CatchupSettings = {
  ...FULL_CATCHUP,
  events: 20_000,
  runs: [500, 2000],
  runCapMs: 3000,
  budgetMs: 5000,
};

export interface CatchupRun {
  batchSize: number;
  /** Events applied; fewer than the log holds when the run hit its time cap. */
  events: number;
  capped: boolean;
  /** The time this run was allowed. */
  capMs: number;
  seconds: number;
  eventsPerSec: number;
  batches: number;
  /** Wall-time split (ms): headPosition + readAll (query, transfer, row decoding), apply (the insert), rest. */
  split: { read: number; apply: number; rest: number };
  evidence: Evidence;
}

export interface CatchupResult {
  settings: CatchupSettings;
  fill: { events: number; seconds: number; eventsPerSec: number; how: string };
  runs: CatchupRun[];
  /** Batch sizes not run because the time budget was spent. */
  skipped: number[];
  /** EXPLAIN ANALYZE of the adapter's readAll statement, with the parameters it had halfway through the log. */
  readAllPlan: { batchSize: number; afterEvents: number; sql: string; plan: string[] } | null;
}

class TimeUp extends Error {}

/** The SQL and parameters of one readAll call, as the adapter sent them. */
export interface CapturedQuery {
  text: string;
  values: unknown[];
}

/**
 * A store of its own for one run, whose reads add up the time they take, and which keeps the statement of the
 * `captureCall`-th readAll (to EXPLAIN it afterwards). Wraps the real adapter: the port may grow, nothing is copied.
 */
function timedStore(
  pool: pg.Pool,
  captureCall: number,
): { store: PostgresEventStore; timing: { readMs: number }; captured: { query: CapturedQuery | null } } {
  const captured: { query: CapturedQuery | null } = { query: null };
  let inReadAll = false;
  const spy = new Proxy(pool, {
    get(target, prop) {
      if (prop === 'query') {
        return (text: unknown, values?: unknown[]) => {
          if (inReadAll && typeof text === 'string' && Array.isArray(values)) captured.query = { text, values };
          return (target.query as (t: unknown, v?: unknown[]) => Promise<unknown>)(text, values);
        };
      }
      const v = Reflect.get(target, prop, target);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const store = new PostgresEventStore(spy);
  const timing = { readMs: 0 };
  const time = <A extends unknown[], R>(f: (...a: A) => Promise<R>) => {
    return async (...args: A): Promise<R> => {
      const t = performance.now();
      try {
        return await f(...args);
      } finally {
        timing.readMs += performance.now() - t;
      }
    };
  };
  let calls = 0;
  const readAll = time(store.readAll.bind(store));
  store.readAll = (opts) => {
    inReadAll = ++calls <= captureCall;
    const p = readAll(opts);
    inReadAll = false; // the query was issued synchronously inside readAll's first step
    return p;
  };
  store.headPosition = time(store.headPosition.bind(store));
  // The runner reads events and head in one statement where the adapter offers it: time and capture that too.
  const withHead = time(store.readAllWithHead.bind(store));
  store.readAllWithHead = (opts) => {
    inReadAll = ++calls <= captureCall;
    const p = withHead(opts);
    inReadAll = false;
    return p;
  };
  return { store, timing, captured };
}

/** Adds up the time of apply; past `deadline`, fails the batch (rolled back with its checkpoint) to stop the run. */
function timedProjection(
  p: Projection,
  deadline: number,
): { projection: Projection; stats: { applyMs: number; batches: number } } {
  const stats = { applyMs: 0, batches: 0 };
  return {
    stats,
    projection: {
      ...p,
      async apply(ctx, events) {
        if (performance.now() > deadline) throw new TimeUp();
        const t = performance.now();
        try {
          await p.apply(ctx, events);
        } finally {
          stats.applyMs += performance.now() - t;
          stats.batches++;
        }
      },
    },
  };
}

export async function runCatchupBench(s: CatchupSettings, log: (line: string) => void): Promise<CatchupResult> {
  const { db, pool, kysely } = await ourDatabase('catchup', Math.max(16, s.fillClients));
  const store = new PostgresEventStore(pool);
  try {
    // Fill through our own append: every append is its own transaction, as in production (the reader's order by
    // transaction id then depends on many transactions, not one bulk load).
    const appends = Math.ceil(s.events / s.fillBatch);
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: s.fillClients }, async () => {
        const writer = new StreamWriter(store, s.fillBatch);
        while (next < appends) {
          next++;
          await writer.append();
        }
      }),
    );
    const fillSeconds = (performance.now() - t0) / 1000;
    const total = appends * s.fillBatch;
    log(
      `  catch-up fill: ${total} events in ${fillSeconds.toFixed(1)} s (${Math.round(total / fillSeconds)} events/s)`,
    );

    // As after autovacuum: hint bits set and statistics fresh, so the first run does not pay for the bulk load.
    const owner = createPool(db.url, { max: 1 });
    await owner.query('vacuum (analyze) es.events, es.streams');
    await owner.end();

    const runs: CatchupRun[] = [];
    const skipped: number[] = [];
    const budgetEnd = performance.now() + s.budgetMs;
    // The statement of the readAll halfway through the log, from the first run of the largest batch size.
    const explainBatch = Math.max(...s.runs);
    let midRead: { batchSize: number; afterEvents: number; query: CapturedQuery } | null = null;
    for (const [i, batchSize] of s.runs.entries()) {
      // Each run gets the time cap or what is left of the budget; one left with less than 5 s is skipped.
      const capMs = Math.min(s.runCapMs, budgetEnd - performance.now());
      if (capMs < Math.min(5000, s.runCapMs)) {
        skipped.push(batchSize);
        continue;
      }
      const captureCall = Math.max(1, Math.floor(total / batchSize / 2));
      const timed = timedStore(pool, midRead || batchSize !== explainBatch ? 0 : captureCall);
      const { projection, stats } = timedProjection(
        appliedLogProjection(`catchup_${i + 1}_b${batchSize}`, EVENT_TYPES),
        performance.now() + capMs,
      );
      const runner = new ProjectionRunner(timed.store, pool, kysely, projection, { batchSize });
      await warmPool(pool, 4);
      const probe = new EvidenceProbe(db.url);
      await probe.open();
      await probe.start();
      const t = performance.now();
      let capped = false;
      try {
        await runner.runUntilCaughtUp();
      } catch (e) {
        if (!(e instanceof TimeUp)) throw e;
        capped = true;
      }
      const ms = performance.now() - t;
      const evidence = await probe.stop();
      await probe.close();
      const { rows } = await pool.query<{ n: string }>(`select count(*)::text as n from rm.${projection.name}_applied`);
      const applied = Number(rows[0]!.n);
      if (!capped && applied !== total) throw new Error(`catch-up applied ${applied} of ${total} events`);
      const run: CatchupRun = {
        batchSize,
        events: applied,
        capped,
        capMs,
        seconds: ms / 1000,
        eventsPerSec: applied / (ms / 1000),
        batches: stats.batches,
        split: { read: timed.timing.readMs, apply: stats.applyMs, rest: ms - timed.timing.readMs - stats.applyMs },
        evidence,
      };
      runs.push(run);
      if (!midRead && timed.captured.query) {
        const calls = Math.min(captureCall, stats.batches + 1);
        midRead = { batchSize, afterEvents: (calls - 1) * batchSize, query: timed.captured.query };
      }
      log(
        `  catch-up batch ${String(batchSize).padStart(4)}: ${Math.round(run.eventsPerSec)} events/s ` +
          (capped ? `(STOPPED at its ${Math.round(capMs / 1000)} s cap after ${applied} of ${total} events) ` : '') +
          `(${run.seconds.toFixed(2)} s; read ${Math.round((100 * run.split.read) / ms)}%, ` +
          `apply ${Math.round((100 * run.split.apply) / ms)}%, rest ${Math.round((100 * run.split.rest) / ms)}%)`,
      );
    }
    let readAllPlan: CatchupResult['readAllPlan'] = null;
    if (midRead) {
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, buffers) ${midRead.query.text}`,
        midRead.query.values,
      );
      readAllPlan = {
        batchSize: midRead.batchSize,
        afterEvents: midRead.afterEvents,
        sql: midRead.query.text.replace(/\s+/g, ' ').trim(),
        plan: rows.map((r) => r['QUERY PLAN']),
      };
    }
    return {
      settings: s,
      readAllPlan,
      fill: {
        events: total,
        seconds: fillSeconds,
        eventsPerSec: total / fillSeconds,
        how: `PostgresEventStore.append, ${s.fillBatch}-event appends from ${s.fillClients} clients`,
      },
      runs,
      skipped,
    };
  } finally {
    await kysely.destroy(); // ends the pool too
    await db.drop();
  }
}
