// Live lag under write load: a started runner (idlePollMs 100) and paced writers; for every 10th append, the time from
// the append's return until the projection's checkpoint has reached its position.
import pg from 'pg';
import { comparePositions, type Position } from '../commands/event-store/port.ts';
import { PostgresEventStore } from '../commands/event-store/postgres.ts';
import { ProjectionRunner } from '../projections/runner/runner.ts';
import { waitForPosition } from '../projections/runner/status.ts';
import { appliedLogProjection } from '../projections/runner/test-projections.ts';
import {
  EVENT_TYPES,
  type Evidence,
  EvidenceProbe,
  ourDatabase,
  Samples,
  StreamWriter,
  sleep,
  warmPool,
} from './support.ts';

export type LagMode = 'in-process' | 'separate' | 'separate, NOTIFY';

export interface LagSettings {
  modes: readonly LagMode[];
  writers: number;
  /** Target appends per second of each writer (paced: a writer that falls behind catches up without sleeping). */
  ratePerWriter: number;
  eventsPerAppend: number;
  seconds: number;
  sampleEvery: number;
  batchSize: number;
  idlePollMs: number;
  /** How often the checkpoint is read while samples are pending. */
  probeEveryMs: number;
}

export const FULL_LAG: LagSettings = {
  modes: ['in-process', 'separate', 'separate, NOTIFY'],
  writers: 8,
  ratePerWriter: 100,
  eventsPerAppend: 1,
  seconds: 15,
  sampleEvery: 10,
  batchSize: 500,
  idlePollMs: 100,
  probeEveryMs: 5,
};
export const QUICK_LAG: LagSettings = { ...FULL_LAG, seconds: 2 };

export interface LagRun {
  mode: LagMode;
  appends: number;
  seconds: number;
  appendsPerSec: number;
  eventsPerSec: number;
  appendP50: number;
  appendP99: number;
  samples: number;
  timeouts: number;
  lagP50: number;
  lagP90: number;
  lagP99: number;
  lagMax: number;
  /**
   * readAll returns only events below the cluster-wide xmin: a transaction with an xid open elsewhere on the server
   * (any database) holds every projection back. The longest such transaction seen during the run, sampled every 50 ms.
   */
  otherTransactions: { maxMs: number; database: string | null; samplesOver100ms: number; samples: number };
  evidence: Evidence;
}

export interface LagResult {
  settings: LagSettings;
  runs: LagRun[];
}

interface Pending {
  position: Position;
  at: number;
}

/** Samples the oldest transaction holding an xid in other databases of the server (it pins pg_snapshot_xmin). */
class XminWatch {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  readonly seen = { maxMs: 0, database: null as string | null, samplesOver100ms: 0, samples: 0 };

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url, application_name: 'bench-probe' });
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.timer = setInterval(() => void this.sample(), 50);
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{ datname: string | null; ms: number }>(
        `select datname, extract(epoch from clock_timestamp() - xact_start) * 1000 as ms from pg_stat_activity
          where backend_xid is not null and datname is distinct from current_database()
          order by xact_start limit 1`,
      );
      this.seen.samples++;
      const r = rows[0];
      if (r) {
        const ms = Number(r.ms);
        if (ms > 100) this.seen.samplesOver100ms++;
        if (ms > this.seen.maxMs) {
          this.seen.maxMs = ms;
          this.seen.database = r.datname;
        }
      }
    } catch {
      // a lost sample does not matter
    } finally {
      this.busy = false;
    }
  }

  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = null;
    while (this.busy) await sleep(5);
    await this.client.end();
  }
}

/** One reader for all samples: polls the live checkpoint every few ms while any sample waits. */
class CheckpointWatcher {
  private readonly client: pg.Client;
  private readonly name: string;
  private readonly everyMs: number;
  private pending: Pending[] = [];
  private stopped = false;
  private loop: Promise<void> | null = null;
  readonly lags = new Samples();
  timeouts = 0;

  constructor(url: string, name: string, everyMs: number) {
    this.client = new pg.Client({ connectionString: url, application_name: 'bench-probe' });
    this.name = name;
    this.everyMs = everyMs;
  }

  async start(): Promise<void> {
    await this.client.connect();
    this.loop = this.run();
  }

  watch(position: Position): void {
    this.pending.push({ position, at: performance.now() });
  }

  private async run(): Promise<void> {
    while (!this.stopped || this.pending.length) {
      if (!this.pending.length) {
        await sleep(this.everyMs);
        continue;
      }
      const sent = performance.now();
      const { rows } = await this.client.query<{ c: string; p: string }>(
        `select commit_pos::text as c, prepare_pos::text as p from rm.projection_checkpoints
          where name = $1 and state = 'live'`,
        [this.name],
      );
      const got = performance.now();
      // The checkpoint reached it somewhere before the answer: count the middle of the query's round trip.
      const reachedAt = (sent + got) / 2;
      const r = rows[0];
      if (r) {
        const checkpoint = { commit: BigInt(r.c), prepare: BigInt(r.p) };
        const still: Pending[] = [];
        for (const p of this.pending) {
          if (comparePositions(checkpoint, p.position) >= 0) this.lags.add(Math.max(0, reachedAt - p.at));
          else if (got - p.at > 10_000) this.timeouts++;
          else still.push(p);
        }
        this.pending = still;
      }
      await sleep(this.everyMs);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.loop;
    await this.client.end();
  }
}

async function runMode(mode: LagMode, s: LagSettings): Promise<LagRun> {
  const { db, pool, kysely } = await ourDatabase('lag', 16);
  // 'separate': the runner has a store of its own, as a worker process would, so no in-process "appended" hint
  // wakes it; it finds new events by polling every idlePollMs. 'separate, NOTIFY': the same, with the append hints
  // that cross processes (PostgreSQL LISTEN/NOTIFY) on both stores, as the runtime has them.
  const crossProcessHints = mode === 'separate, NOTIFY';
  const store = new PostgresEventStore(pool, { crossProcessHints });
  const runnerStore = mode === 'in-process' ? store : new PostgresEventStore(pool, { crossProcessHints });
  const projection = appliedLogProjection('lag', EVENT_TYPES);
  const errors: unknown[] = [];
  const runner = new ProjectionRunner(runnerStore, pool, kysely, projection, {
    batchSize: s.batchSize,
    idlePollMs: s.idlePollMs,
    onError: (e) => errors.push(e),
  });
  const watcher = new CheckpointWatcher(db.url, projection.name, s.probeEveryMs);
  const xmin = new XminWatch(db.url);
  try {
    runner.start();
    // The runner creates its generation on start; wait for its checkpoint row before measuring.
    for (let i = 0; i < 200 && !runner.caughtUp; i++) await sleep(10);
    await watcher.start();
    await xmin.start();
    await warmPool(pool, 12);
    const probe = new EvidenceProbe(db.url);
    await probe.open();
    await probe.start();
    const appendLat = new Samples();
    let appends = 0;
    let last: Position | null = null;
    const interval = 1000 / s.ratePerWriter;
    const t0 = performance.now();
    const end = t0 + s.seconds * 1000;
    await Promise.all(
      Array.from({ length: s.writers }, async (_, w) => {
        const writer = new StreamWriter(store, s.eventsPerAppend);
        // Writers start spread over one interval, so they do not append in lockstep.
        let due = t0 + (interval * w) / s.writers;
        for (;;) {
          const now = performance.now();
          if (due > now) await sleep(due - now);
          if (performance.now() >= end) return;
          due += interval;
          const a = performance.now();
          const r = await writer.append();
          appendLat.add(performance.now() - a);
          if (!last || comparePositions(r.position, last) > 0) last = r.position;
          if (appends++ % s.sampleEvery === 0) watcher.watch(r.position);
        }
      }),
    );
    const seconds = (performance.now() - t0) / 1000;
    const evidence = await probe.stop();
    await probe.close();
    await watcher.stop();
    await xmin.stop();
    if (last && !(await waitForPosition(kysely, [projection.name], last, 10_000))) {
      throw new Error('the projection did not catch up within 10 s after the writers stopped');
    }
    await runner.stop();
    if (errors.length) throw new Error(`runner failed: ${String(errors[0])}`);
    const { rows } = await pool.query<{ n: string }>('select count(*)::text as n from rm.lag_applied');
    if (Number(rows[0]!.n) !== appends * s.eventsPerAppend) {
      throw new Error(`projection applied ${rows[0]!.n} of ${appends * s.eventsPerAppend} events`);
    }
    const lags = watcher.lags;
    return {
      mode,
      appends,
      seconds,
      appendsPerSec: appends / seconds,
      eventsPerSec: (appends * s.eventsPerAppend) / seconds,
      appendP50: appendLat.percentile(50),
      appendP99: appendLat.percentile(99),
      samples: lags.count,
      timeouts: watcher.timeouts,
      lagP50: lags.percentile(50),
      lagP90: lags.percentile(90),
      lagP99: lags.percentile(99),
      lagMax: lags.max(),
      otherTransactions: xmin.seen,
      evidence,
    };
  } finally {
    await xmin.stop().catch(() => {});
    await runner.stop();
    await store.close();
    if (runnerStore !== store) await runnerStore.close();
    await kysely.destroy();
    await db.drop();
  }
}

export async function runLagBench(s: LagSettings, log: (line: string) => void): Promise<LagResult> {
  const runs: LagRun[] = [];
  for (const mode of s.modes) {
    const r = await runMode(mode, s);
    runs.push(r);
    log(
      `  lag ${mode.padEnd(10)} ${Math.round(r.appendsPerSec)} appends/s; lag p50 ${r.lagP50.toFixed(1)} ms, ` +
        `p99 ${r.lagP99.toFixed(1)} ms, max ${r.lagMax.toFixed(1)} ms (${r.samples} samples, ${r.timeouts} timeouts); ` +
        `longest transaction elsewhere on the server ${Math.round(r.otherTransactions.maxMs)} ms` +
        (r.otherTransactions.database ? ` (${r.otherTransactions.database})` : ''),
    );
  }
  return { settings: s, runs };
}
