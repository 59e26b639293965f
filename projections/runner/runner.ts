import { type Kysely, sql } from 'kysely';
import type pg from 'pg';
import { Coalescer } from '../../commands/db/coalesce.ts';
import { GROWN_SINCE_ANALYSE, GrowthSchedule } from '../../commands/db/growth.ts';
import {
  comparePositions,
  type EventStore,
  type Position,
  START,
  type StoredEvent,
} from '../../commands/event-store/port.ts';
import { type LockKeeper, lockKeeperFor } from './lock-keeper.ts';
import { cleanEvent, errorText, mayBeTheEvents } from './parking.ts';
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
  /**
   * The same after a read that applied more than one event (appends are arriving faster than the runner reads): the
   * next batch gathers more of them, so that a batch's fixed cost (its read, transaction and checkpoint write) is
   * shared by more events. At most this much extra lag, and only under load.
   */
  busyGapMs?: number;
  /** How often a standby runner tries to take the projection's lock. */
  lockRetryMs?: number;
  /** While the generation has parked events: how often the runner looks for an admin's request to retry them. */
  retryCheckMs?: number;
  onError?: (e: unknown) => void;
  /** Where the advisory lock is held: by default the pool's keeper, one connection for every runner of the pool. */
  locks?: LockKeeper;
  /** Told of each event set aside (logged by default). */
  onParked?: (p: ParkedEvent) => void;
}

export interface ParkedEvent {
  projection: string;
  generation: number;
  event: StoredEvent;
  error: string;
}

/** What a retry of parked events did: applied now, or failed again (and stays parked). */
export interface RetryResult {
  resolved: number;
  failed: number;
}

interface Generation {
  generation: number;
  state: 'building' | 'live';
  checkpoint: Position;
  /**
   * When the generation's tables are due an ANALYZE (commands/db/growth.ts): they start empty, and the projection's
   * set-based statements (a batch's `unnest` joined to a read model) were planned from an empty table's statistics
   * and read every open row as the table grew (auto_explain, docs/performance.md).
   */
  growth: GrowthSchedule;
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

/**
 * A batch's transaction commits without waiting for its WAL to reach the disk: its rows and its checkpoint are lost
 * together or kept together, and what a crash loses is applied again from the older checkpoint (the events it was
 * made from were committed durably). Read models can always be rebuilt from the log; the log's appends stay synchronous.
 */
async function asyncCommit(tx: Kysely<AnyDB>): Promise<void> {
  await sql`set local synchronous_commit = off`.execute(tx);
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
  private readonly locks: LockKeeper;
  private readonly db: Kysely<AnyDB>;
  private readonly batchSize: number;
  private readonly idlePollMs: number;
  private readonly minGapMs: number;
  private readonly emptyGapMs: number;
  private readonly busyGapMs: number;
  private lastReadAt = 0;
  private lastReadEmpty = false;
  private lastReadMany = false;
  private readonly lockRetryMs: number;
  private readonly retryCheckMs: number;
  private readonly onError: (e: unknown) => void;
  private readonly onParked: (p: ParkedEvent) => void;
  /** Unresolved parked events of the current generation (known to this runner): retries are looked for only then. */
  private parkedOpen = 0;
  private lastRetryCheckAt = 0;
  private stopped = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Holds the projection's lock (set false by the keeper when its connection breaks). */
  private locked = false;
  private current: Generation | null = null;
  /** True once the live generation has read everything there was to read at least once. */
  caughtUp = false;

  constructor(store: EventStore, pool: pg.Pool, db: Kysely<AnyDB>, projection: Projection, opts: RunnerOptions = {}) {
    this.store = store;
    this.locks = opts.locks ?? lockKeeperFor(pool);
    this.db = db;
    this.projection = projection;
    this.batchSize = opts.batchSize ?? 500;
    this.idlePollMs = opts.idlePollMs ?? 100;
    this.minGapMs = opts.minGapMs ?? 10;
    this.emptyGapMs = opts.emptyGapMs ?? 50;
    this.busyGapMs = opts.busyGapMs ?? 30;
    this.lockRetryMs = opts.lockRetryMs ?? 1000;
    this.retryCheckMs = opts.retryCheckMs ?? 1000;
    this.onError = opts.onError ?? ((e) => console.error(`[projection ${projection.name}]`, e));
    this.onParked =
      opts.onParked ??
      ((p) =>
        console.warn(
          `[projection ${p.projection}] parked event ${p.event.id} (${p.event.type} at ${p.event.position.commit}.${p.event.position.prepare}): ${p.error}`,
        ));
  }

  start(): void {
    if (this.loop) return;
    this.stopped = false;
    this.locks.join();
    this.unsubscribe = this.store.onAppended(() => this.wake?.());
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.unsubscribe?.();
    await this.loop;
    this.loop = null;
    this.locks.leave();
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
        while (!this.stopped && this.locked) {
          this.lastReadAt = Date.now();
          if (this.parkedOpen > 0 && Date.now() - this.lastRetryCheckAt >= this.retryCheckMs) {
            this.lastRetryCheckAt = Date.now();
            await this.retryOpen({ requestedOnly: true });
          }
          const more = await this.step();
          if (!more) await this.idle(this.idlePollMs);
        }
        // A lost lock (its connection broke): ask again at once, on a new connection; another process may hold it now.
        if (!this.stopped) await this.releaseLock();
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
        const gap = this.lastReadEmpty ? this.emptyGapMs : this.lastReadMany ? this.busyGapMs : this.minGapMs;
        const wait = this.lastReadAt + gap - Date.now();
        if (wait > 0) setTimeout(done, wait);
        else done();
      };
    });
  }

  private async acquireLock(): Promise<boolean> {
    if (this.locked) return true;
    this.locked = await this.locks.tryLock(this.projection.name, () => {
      this.locked = false;
      this.wake?.();
    });
    return this.locked;
  }

  private async releaseLock(): Promise<void> {
    this.locked = false;
    this.current = null;
    await this.locks.unlock(this.projection.name);
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
      growth: new GrowthSchedule(),
    });
    if (live && live.version === p.version) {
      if (building) await this.retire(building.generation);
      this.current = toGen(live);
      await this.countParked();
      return;
    }
    if (building && building.version === p.version) {
      this.current = toGen(building);
      await this.countParked();
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
    this.current = { generation, state, checkpoint: START, growth: new GrowthSchedule() };
    this.parkedOpen = 0;
  }

  private async countParked(): Promise<void> {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from rm.parked_events
       where name = ${this.projection.name} and generation = ${this.current!.generation} and resolved_at is null`.execute(
      this.db,
    );
    this.parkedOpen = rows[0]?.n ?? 0;
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
      await this.dropParked(tx, generation);
    });
  }

  /** A retired generation's parked events go with it: the generation that replaces it replays every event. */
  private async dropParked(tx: Kysely<AnyDB>, generation: number): Promise<void> {
    await sql`delete from rm.parked_events where name = ${this.projection.name} and generation = ${generation}`.execute(
      tx,
    );
  }

  /** One batch. Returns true when there may be more to read right away. */
  private async step(): Promise<boolean> {
    const gen = this.current;
    if (!gen || !this.locked) throw new Error('runner lost its lock');
    // The head read before (or in the same statement as) the typed read: every event at or before it is visible, so
    // once the typed read comes back short, the checkpoint may move up to the head, past events of other types.
    const opts = {
      after: gen.checkpoint,
      limit: this.batchSize,
      ...(this.projection.types ? { types: this.projection.types } : {}),
    };
    const read = this.store.readAllWithHead
      ? await this.store.readAllWithHead(opts)
      : { head: await this.store.headPosition(), events: await this.store.readAll(opts), more: false };
    const { head, more } = read;
    const events = read.events.map(cleanEvent);
    this.lastReadEmpty = events.length === 0;
    this.lastReadMany = events.length > 1;
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
    if (gen.growth.add(events.length)) await this.analyse(gen);
    if (!full) await this.caughtUpWith(gen);
    return full;
  }

  /**
   * Applies a batch and moves the checkpoint in one transaction (rolled back, and thrown, if the checkpoint moved).
   * When the batch fails in a way the events may cause, it is applied again one event at a time: each event that
   * fails on its own is parked, the others apply, and the checkpoint moves past all of them. Other failures (a lost
   * connection, a deadlock, a shutdown) are thrown, and the batch is read and applied again.
   */
  private async applyBatch(gen: Generation, events: readonly StoredEvent[], next: Position): Promise<true> {
    try {
      await this.db.transaction().execute(async (tx) => {
        await asyncCommit(tx);
        await this.projection.apply(this.context(tx, gen), events);
        await this.moveCheckpoint(tx, gen, next);
      });
    } catch (e) {
      if (!mayBeTheEvents(e)) throw e;
      await this.applyOneByOne(gen, events, next);
    }
    return true;
  }

  /**
   * Analyses the generation's tables (see Generation.growth) that are due it (GROWN_SINCE_ANALYSE). A failure is
   * reported, never stops the projection.
   */
  private async analyse(gen: Generation): Promise<void> {
    if (this.projection.tables.length === 0) return;
    try {
      const { rows } = await sql<{ name: string }>`
        select c.oid::regclass::text as name from pg_class c
         where c.oid = any(${this.projection.tables.map((t) => physicalTable(t, gen.generation))}::text[]::regclass[])
           and ${sql.raw(GROWN_SINCE_ANALYSE)}`.execute(this.db);
      if (rows.length) await sql.raw(`analyze ${rows.map((r) => r.name).join(', ')}`).execute(this.db);
    } catch (e) {
      this.onError(e);
    }
  }

  private context(tx: Kysely<AnyDB>, gen: Generation): ProjectionContext {
    return { tx, table: (t: string) => physicalTable(t, gen.generation) };
  }

  /** Guarded by the old checkpoint: if another runner moved it (a lock lost to a broken connection), roll back. */
  private async moveCheckpoint(tx: Kysely<AnyDB>, gen: Generation, next: Position): Promise<void> {
    const r = await sql`update rm.projection_checkpoints
          set commit_pos = ${next.commit.toString()}, prepare_pos = ${next.prepare.toString()}, updated_at = now()
        where name = ${this.projection.name} and generation = ${gen.generation}
          and commit_pos = ${gen.checkpoint.commit.toString()} and prepare_pos = ${gen.checkpoint.prepare.toString()}`.execute(
      tx,
    );
    if (Number(r.numAffectedRows ?? 0) !== 1) throw new Error(`checkpoint of ${this.projection.name} moved under us`);
  }

  /**
   * Each event in a savepoint of one transaction, through the projection's own `apply` with a batch of one (so a
   * projection that writes a batch as one statement still tells the bad event apart), then the park rows and the
   * checkpoint: all of it commits together or not at all.
   */
  private async applyOneByOne(gen: Generation, events: readonly StoredEvent[], next: Position): Promise<void> {
    const parked: ParkedEvent[] = [];
    await this.db.transaction().execute(async (tx) => {
      await asyncCommit(tx);
      const ctx = this.context(tx, gen);
      for (const e of events) {
        await sql`savepoint one_event`.execute(tx);
        try {
          await this.projection.apply(ctx, [e]);
          await sql`release savepoint one_event`.execute(tx);
        } catch (err) {
          if (!mayBeTheEvents(err)) throw err;
          await sql`rollback to savepoint one_event`.execute(tx);
          parked.push({
            projection: this.projection.name,
            generation: gen.generation,
            event: e,
            error: errorText(err),
          });
        }
      }
      for (const p of parked) {
        await sql`insert into rm.parked_events (name, generation, event_id, commit_pos, prepare_pos, stream_id, event_type, error)
                  values (${p.projection}, ${p.generation}, ${p.event.id}, ${p.event.position.commit.toString()},
                    ${p.event.position.prepare.toString()}, ${p.event.streamId}, ${p.event.type}, ${p.error})
                  on conflict (name, generation, event_id) do update set error = excluded.error,
                    attempts = rm.parked_events.attempts + 1, last_attempt_at = now(), resolved_at = null`.execute(tx);
      }
      await this.moveCheckpoint(tx, gen, next);
    });
    this.parkedOpen += parked.length;
    for (const p of parked) this.onParked(p);
  }

  /**
   * Applies this generation's parked events again, oldest first, each in its own savepoint (after a fix of the
   * projection's code or of what it writes to): one that applies is marked resolved, one that fails again keeps its
   * new error and one more attempt. Retried events apply after the events that followed them in the log: where
   * order matters, a new version (a rebuild) is the fix. For scripts and tests, on a runner that is not started; a
   * running one retries what an admin asked for (requestRetry in status.ts), in its own loop, under its lock.
   */
  async retryParked(): Promise<RetryResult> {
    if (this.loop) throw new Error(`projection ${this.projection.name} is running: request the retry instead`);
    if (!(await this.acquireLock())) throw new Error(`projection ${this.projection.name} is locked by another runner`);
    try {
      await this.prepareGeneration();
      return await this.retryOpen({ requestedOnly: false });
    } finally {
      await this.releaseLock();
    }
  }

  private async retryOpen(opts: { requestedOnly: boolean }): Promise<RetryResult> {
    const gen = this.current!;
    const result: RetryResult = { resolved: 0, failed: 0 };
    await this.db.transaction().execute(async (tx) => {
      // Locked rows: a second runner that thinks it holds the lock (a broken connection) cannot apply one twice.
      const { rows } = await sql<{ event_id: string; stream_id: string }>`
        select event_id, stream_id from rm.parked_events
         where name = ${this.projection.name} and generation = ${gen.generation} and resolved_at is null
           ${opts.requestedOnly ? sql`and retry_requested_at is not null` : sql``}
         order by commit_pos, prepare_pos for update`.execute(tx);
      const ctx = this.context(tx, gen);
      for (const r of rows) {
        const stored = await this.findEvent(r.stream_id, r.event_id);
        await sql`savepoint retry_event`.execute(tx);
        let error: string | null = null;
        try {
          if (!stored) throw new Error(`event ${r.event_id} is no longer in stream ${r.stream_id}`);
          await this.projection.apply(ctx, [cleanEvent(stored)]);
          await sql`release savepoint retry_event`.execute(tx);
        } catch (err) {
          if (!mayBeTheEvents(err)) throw err;
          await sql`rollback to savepoint retry_event`.execute(tx);
          error = errorText(err);
        }
        await sql`update rm.parked_events
                     set attempts = attempts + 1, last_attempt_at = now(), retry_requested_at = null,
                         error = coalesce(${error}, error), resolved_at = ${error === null ? sql`now()` : sql`null`}
                   where name = ${this.projection.name} and generation = ${gen.generation} and event_id = ${r.event_id}`.execute(
          tx,
        );
        if (error === null) result.resolved++;
        else result.failed++;
      }
    });
    this.parkedOpen = Math.max(0, this.parkedOpen - result.resolved);
    return result;
  }

  private async findEvent(streamId: string, eventId: string): Promise<StoredEvent | null> {
    for await (const e of this.store.readStream(streamId)) if (e.id === eventId) return e;
    return null;
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
      const old = rows[0]?.generation;
      if (old !== undefined) await this.dropParked(tx, old);
      return old;
    });
    gen.state = 'live';
    if (old !== undefined) {
      for (const t of this.projection.tables) {
        await sql.raw(`drop table if exists ${physicalTable(t, old)} cascade`).execute(this.db);
      }
    }
  }
}
