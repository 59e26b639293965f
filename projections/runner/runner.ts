import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { Coalescer } from '../../commands/db/coalesce.ts';
import {
  comparePositions,
  type EventStore,
  type Position,
  START,
  type StoredEvent,
} from '../../commands/event-store/port.ts';
import type { AnyDB, Projection, ProjectionContext } from './projection.ts';

export interface RunnerOptions {
  batchSize?: number;
  /** How often an idle runner looks for events appended by other processes. */
  idlePollMs?: number;
  /**
   * Least time between two reads of a live runner woken by appends: under load it reads a batch of what arrived
   * meanwhile instead of one query pair per append (at most this much extra lag).
   */
  minGapMs?: number;
  /**
   * The same after a read that found none of the projection's events: most runners have nothing to do with most
   * appends, and each read of theirs only moves a checkpoint, so they read less often under load.
   */
  emptyGapMs?: number;
  /** How often a standby runner tries to take the projection's lock. */
  lockRetryMs?: number;
  onError?: (e: unknown) => void;
}

interface Generation {
  generation: number;
  state: 'building' | 'live';
  checkpoint: Position;
}

interface Advance {
  name: string;
  generation: number;
  from: Position;
  to: Position;
}

/**
 * Moving a checkpoint past events of other types writes nothing else, so the runners of one process that do it at
 * the same time (every runner wakes on every append) share one statement: each row still guarded by its old value.
 */
const advancers = new WeakMap<Kysely<AnyDB>, Coalescer<Advance, boolean>>();
function advancerFor(db: Kysely<AnyDB>): Coalescer<Advance, boolean> {
  let c = advancers.get(db);
  if (!c) {
    c = new Coalescer<Advance, boolean>('checkpoint advances', async (advances) => {
      const { rows } = await sql<{ name: string; generation: number }>`
        update rm.projection_checkpoints c
           set commit_pos = a.tc, prepare_pos = a.tp, updated_at = now()
          from unnest(${advances.map((a) => a.name)}::text[], ${advances.map((a) => a.generation)}::int[],
                      ${advances.map((a) => a.from.commit.toString())}::numeric[], ${advances.map((a) => a.from.prepare.toString())}::numeric[],
                      ${advances.map((a) => a.to.commit.toString())}::numeric[], ${advances.map((a) => a.to.prepare.toString())}::numeric[])
               as a(name, generation, fc, fp, tc, tp)
         where c.name = a.name and c.generation = a.generation and c.commit_pos = a.fc and c.prepare_pos = a.fp
        returning c.name, c.generation`.execute(db);
      const moved = new Set(rows.map((r) => `${r.name}/${r.generation}`));
      return advances.map((a) => ({ ok: true, value: moved.has(`${a.name}/${a.generation}`) }));
    });
    advancers.set(db, c);
  }
  return c;
}

export function physicalTable(table: string, generation: number): string {
  return `rm.${table}_g${generation}`;
}

/**
 * Runs one projection: reads events after its checkpoint in batches, applies each batch and moves the checkpoint in
 * the same transaction. Only the holder of the projection's advisory lock runs; others wait as standbys.
 */
export class ProjectionRunner {
  readonly projection: Projection;
  private readonly store: EventStore;
  private readonly pool: pg.Pool;
  private readonly db: Kysely<AnyDB>;
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  private readonly minGapMs: number;
  private readonly emptyGapMs: number;
  private lastReadAt = 0;
  private lastReadEmpty = false;
  private readonly lockRetryMs: number;
  private readonly onError: (e: unknown) => void;
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  private lockClient: pg.PoolClient | null = null;
  private current: Generation | null = null;
  /** True once the live generation has read everything there was to read at least once. */
  caughtUp = false;

  constructor(store: EventStore, pool: pg.Pool, db: Kysely<AnyDB>, projection: Projection, opts: RunnerOptions = {}) {
    this.store = store;
    this.pool = pool;
    this.db = db;
    this.projection = projection;
    this.batchSize = opts.batchSize ?? 500;
    this.idlePollMs = opts.idlePollMs ?? 100;
    this.minGapMs = opts.minGapMs ?? 10;
    this.emptyGapMs = opts.emptyGapMs ?? 50;
    this.lockRetryMs = opts.lockRetryMs ?? 1000;
    this.onError = opts.onError ?? ((e) => console.error(`[projection ${projection.name}]`, e));
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.unsubscribe = this.store.onAppended(() => this.wake?.());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.loop;
    this.loop = null;
  }

  /**
   * Take the lock, prepare the generation and process every event committed before the call (for scripts, tests and
   * benchmarks). Events committed but not yet readable (a transaction elsewhere still open) are waited for.
   */
  async runUntilCaughtUp(timeoutMs = 60_000): Promise<void> {
    if (!(await this.acquireLock())) throw new Error(`projection ${this.projection.name} is locked by another runner`);
    try {
      const target = await this.store.lastPosition();
      await this.prepareGeneration();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const more = await this.step();
        if (more) continue;
        if (comparePositions(this.current!.checkpoint, target) >= 0) return;
        if (Date.now() > deadline)
          throw new Error(`projection ${this.projection.name} did not reach the log's end in time`);
        await new Promise((r) => setTimeout(r, 10));
      }
    } finally {
      await this.releaseLock();
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!(await this.acquireLock())) {
          await this.idle(this.lockRetryMs);
          continue;
        }
        await this.prepareGeneration();
        while (!this.stopped) {
          this.lastReadAt = Date.now();
          const more = await this.step();
          if (!more) await this.idle(this.idlePollMs);
        }
      } catch (e) {
        if (!this.stopped) this.onError(e);
        await this.releaseLock();
        await this.idle(this.lockRetryMs);
      }
    }
    await this.releaseLock();
  }

  private idle(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        const wait = this.lastReadAt + (this.lastReadEmpty ? this.emptyGapMs : this.minGapMs) - Date.now();
        if (wait > 0) setTimeout(done, wait);
        else done();
      };
    });
  }

  private async acquireLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = await this.pool.connect();
    // A lock connection that breaks loses the lock: stop writing until it is taken again.
    client.on('error', () => {
      this.lockClient = null;
    });
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [
      `projection:${this.projection.name}`,
    ]);
    if (!rows[0]?.ok) {
      client.release();
      return false;
    }
    this.lockClient = client;
    return true;
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = null;
    this.current = null;
    if (!client) return;
    try {
      await client.query('select pg_advisory_unlock(hashtext($1))', [`projection:${this.projection.name}`]);
      client.release();
    } catch {
      client.release(true);
    }
  }

  /**
   * Under the lock: continue the generation of this code version, or start one. The first generation goes live at
   * once (an empty read model catching up); a new version builds beside the live one and swaps when caught up.
   */
  private async prepareGeneration(): Promise<void> {
    const p = this.projection;
    const { rows } = await sql<{
      generation: number;
      version: number;
      state: 'building' | 'live';
      c: string;
      p: string;
    }>`
      select generation, version, state, commit_pos::text as c, prepare_pos::text as p
        from rm.projection_checkpoints where name = ${p.name} and state in ('building', 'live')`.execute(this.db);
    const live = rows.find((r) => r.state === 'live');
    const building = rows.find((r) => r.state === 'building');
    const toGen = (r: (typeof rows)[number]): Generation => ({
      generation: r.generation,
      state: r.state,
      checkpoint: { commit: BigInt(r.c), prepare: BigInt(r.p) },
    });
    if (live && live.version === p.version) {
      if (building) await this.retire(building.generation);
      this.current = toGen(live);
      return;
    }
    if (building && building.version === p.version) {
      this.current = toGen(building);
      return;
    }
    if (building) await this.retire(building.generation);
    const { rows: maxRows } = await sql<{ g: number | null }>`
      select max(generation) as g from rm.projection_checkpoints where name = ${p.name}`.execute(this.db);
    const generation = (maxRows[0]?.g ?? 0) + 1;
    const state = live ? 'building' : 'live';
    await this.db.transaction().execute(async (tx) => {
      await p.setup({ tx, table: (t) => physicalTable(t, generation) });
      await sql`insert into rm.projection_checkpoints (name, generation, version, state)
                values (${p.name}, ${generation}, ${p.version}, ${state})`.execute(tx);
      if (state === 'live') await this.pointViews(tx, generation);
    });
    this.current = { generation, state, checkpoint: START };
  }

  private async pointViews(tx: Kysely<AnyDB>, generation: number): Promise<void> {
    for (const t of this.projection.tables) {
      await sql
        .raw(`drop view if exists rm.${t}; create view rm.${t} as select * from ${physicalTable(t, generation)}`)
        .execute(tx);
    }
  }

  private async retire(generation: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await sql`update rm.projection_checkpoints set state = 'retired', updated_at = now()
                 where name = ${this.projection.name} and generation = ${generation}`.execute(tx);
      for (const t of this.projection.tables) {
        await sql.raw(`drop table if exists ${physicalTable(t, generation)} cascade`).execute(tx);
      }
    });
  }

  /** One batch. Returns true when there may be more to read right away. */
  private async step(): Promise<boolean> {
    const gen = this.current;
    if (!gen || !this.lockClient) throw new Error('runner lost its lock');
    // The head read before (or in the same statement as) the typed read: every event at or before it is visible, so
    // once the typed read comes back short, the checkpoint may move up to the head, past events of other types.
    const opts = {
      after: gen.checkpoint,
      limit: this.batchSize,
      ...(this.projection.types ? { types: this.projection.types } : {}),
    };
    const { events, head, more } = this.store.readAllWithHead
      ? await this.store.readAllWithHead(opts)
      : { head: await this.store.headPosition(), events: await this.store.readAll(opts), more: false };
    this.lastReadEmpty = events.length === 0;
    let next = events.length ? events[events.length - 1]!.position : gen.checkpoint;
    const full = events.length === this.batchSize || more === true;
    // With `more`, every event up to `head` was read (a shared read that stopped at its own limit): move up to it.
    if ((!full || more) && comparePositions(head, next) > 0) next = head;
    if (comparePositions(next, gen.checkpoint) === 0) {
      await this.caughtUpWith(gen);
      return false;
    }
    const moved =
      events.length === 0
        ? await advancerFor(this.db).call({
            name: this.projection.name,
            generation: gen.generation,
            from: gen.checkpoint,
            to: next,
          })
        : await this.applyBatch(gen, events, next);
    if (!moved) throw new Error(`checkpoint of ${this.projection.name} moved under us`);
    gen.checkpoint = next;
    if (!full) await this.caughtUpWith(gen);
    return full;
  }

  /** Applies a batch and moves the checkpoint in one transaction (rolled back, and thrown, if the checkpoint moved). */
  private async applyBatch(gen: Generation, events: readonly StoredEvent[], next: Position): Promise<true> {
    const table = (t: string) => physicalTable(t, gen.generation);
    await this.db.transaction().execute(async (tx) => {
      await this.projection.apply({ tx, table } satisfies ProjectionContext, events);
      // Guarded by the old checkpoint: if another runner moved it (a lock lost to a broken connection), roll back.
      const r = await sql`update rm.projection_checkpoints
            set commit_pos = ${next.commit.toString()}, prepare_pos = ${next.prepare.toString()}, updated_at = now()
          where name = ${this.projection.name} and generation = ${gen.generation}
            and commit_pos = ${gen.checkpoint.commit.toString()} and prepare_pos = ${gen.checkpoint.prepare.toString()}`.execute(
        tx,
      );
      if (Number(r.numAffectedRows ?? 0) !== 1) throw new Error(`checkpoint of ${this.projection.name} moved under us`);
    });
    return true;
  }

  private async caughtUpWith(gen: Generation): Promise<void> {
    if (gen.state === 'building') await this.swap(gen);
    this.caughtUp = true;
  }

  private async swap(gen: Generation): Promise<void> {
    const old = await this.db.transaction().execute(async (tx) => {
      const { rows } = await sql<{ generation: number }>`
        update rm.projection_checkpoints set state = 'retired', updated_at = now()
         where name = ${this.projection.name} and state = 'live' returning generation`.execute(tx);
      await sql`update rm.projection_checkpoints set state = 'live', updated_at = now()
                 where name = ${this.projection.name} and generation = ${gen.generation}`.execute(tx);
      await this.pointViews(tx, gen.generation);
      return rows[0]?.generation;
    });
    gen.state = 'live';
    if (old !== undefined) {
      for (const t of this.projection.tables) {
        await sql.raw(`drop table if exists ${physicalTable(t, old)} cascade`).execute(this.db);
      }
    }
  }
}
