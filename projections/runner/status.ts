import { type Kysely, sql } from 'kysely';
import { comparePositions, type EventStore, type Position } from '../../commands/event-store/port.ts';
import type { Projection, RunnerDB } from './projection.ts';

const LAG_COUNT_CAP = 1000;

export interface ProjectionLag {
  name: string;
  generation: number | null;
  state: string;
  checkpoint: string | null;
  /** Events of its types still to apply (capped at 1000; `lagEventsCapped` says when the cap was hit). */
  lagEvents: number;
  lagEventsCapped: boolean;
  /** Age of the oldest event still to apply, 0 when caught up. */
  lagSeconds: number;
  /** Events of the live generation it could not apply and set aside (rm.parked_events), not yet resolved. */
  parked: number;
}

async function checkpoints(db: Kysely<RunnerDB>, names: readonly string[]) {
  const { rows } = await sql<{ name: string; generation: number; state: string; c: string; p: string }>`
    select name, generation, state, commit_pos::text as c, prepare_pos::text as p from rm.projection_checkpoints
     where state = 'live' and name = any(${names as string[]})`.execute(db);
  return rows;
}

/**
 * Read-your-writes: wait (bounded) until every named projection has applied the given position. A parked event counts
 * as applied: the checkpoint moves past it, so a wait for it ends.
 * Returns false when the time ran out; the caller answers with what it has.
 */
export async function waitForPosition(
  db: Kysely<RunnerDB>,
  names: readonly string[],
  position: Position,
  timeoutMs = 2000,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 5; ; delay = Math.min(delay * 2, 50)) {
    const rows = await checkpoints(db, names);
    const done =
      rows.length === names.length &&
      rows.every((r) => comparePositions({ commit: BigInt(r.c), prepare: BigInt(r.p) }, position) >= 0);
    if (done) return true;
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** How far each projection is behind the log: for the health endpoint and the metrics. */
export async function projectionLag(
  db: Kysely<RunnerDB>,
  store: EventStore,
  projections: readonly Projection[],
  now = new Date(),
): Promise<ProjectionLag[]> {
  const names = projections.map((p) => p.name);
  const rows = await checkpoints(db, names);
  const parked = await parkedCounts(db, names);
  const out: ProjectionLag[] = [];
  for (const p of projections) {
    const r = rows.find((x) => x.name === p.name);
    if (!r) {
      out.push({
        name: p.name,
        generation: null,
        state: 'not-started',
        checkpoint: null,
        lagEvents: 0,
        lagEventsCapped: false,
        lagSeconds: 0,
        parked: 0,
      });
      continue;
    }
    const after = { commit: BigInt(r.c), prepare: BigInt(r.p) };
    const pending = await store.readAll({ after, limit: LAG_COUNT_CAP + 1, types: p.types });
    const first = pending[0];
    out.push({
      name: p.name,
      generation: r.generation,
      state: r.state,
      checkpoint: `${r.c}.${r.p}`,
      lagEvents: Math.min(pending.length, LAG_COUNT_CAP),
      lagEventsCapped: pending.length > LAG_COUNT_CAP,
      lagSeconds: first ? Math.max(0, (now.getTime() - first.recordedAt.getTime()) / 1000) : 0,
      parked: parked.get(p.name) ?? 0,
    });
  }
  return out;
}

/** Unresolved parked events of each projection's live generation. */
async function parkedCounts(db: Kysely<RunnerDB>, names: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await sql<{ name: string; n: number }>`
    select p.name, count(*)::int as n
      from rm.parked_events p join rm.projection_checkpoints c on c.name = p.name and c.generation = p.generation
     where c.state = 'live' and p.resolved_at is null and p.name = any(${names as string[]})
     group by p.name`.execute(db);
  return new Map(rows.map((r) => [r.name, r.n]));
}

export interface ParkedRow {
  projection: string;
  generation: number;
  eventId: string;
  position: string;
  streamId: string;
  eventType: string;
  error: string;
  parkedAt: string;
  lastAttemptAt: string;
  attempts: number;
  retryRequested: boolean;
}

/** The unresolved parked events of the live generations, oldest first (the admin's list). */
export async function parkedEvents(db: Kysely<RunnerDB>, limit = 500): Promise<ParkedRow[]> {
  const { rows } = await sql<{
    name: string;
    generation: number;
    event_id: string;
    c: string;
    p: string;
    stream_id: string;
    event_type: string;
    error: string;
    parked_at: Date;
    last_attempt_at: Date;
    attempts: number;
    retry_requested: boolean;
  }>`
    select p.name, p.generation, p.event_id, p.commit_pos::text as c, p.prepare_pos::text as p, p.stream_id, p.event_type,
           p.error, p.parked_at, p.last_attempt_at, p.attempts, p.retry_requested_at is not null as retry_requested
      from rm.parked_events p join rm.projection_checkpoints c on c.name = p.name and c.generation = p.generation
     where c.state = 'live' and p.resolved_at is null
     order by p.commit_pos, p.prepare_pos, p.name limit ${limit}`.execute(db);
  return rows.map((r) => ({
    projection: r.name,
    generation: r.generation,
    eventId: r.event_id,
    position: `${r.c}.${r.p}`,
    streamId: r.stream_id,
    eventType: r.event_type,
    error: r.error,
    parkedAt: r.parked_at.toISOString(),
    lastAttemptAt: r.last_attempt_at.toISOString(),
    attempts: r.attempts,
    retryRequested: r.retry_requested,
  }));
}

/**
 * Ask the projection's runner (whichever process holds its lock) to retry its parked events, and wait (bounded) for
 * it to have tried each. Returns how many were asked for, and how many of them are resolved and still parked; `pending`
 * when the time ran out first (no runner is live, or it is busy rebuilding).
 */
export async function requestRetry(
  db: Kysely<RunnerDB>,
  name: string,
  timeoutMs = 5000,
): Promise<{ requested: number; resolved: number; parked: number; pending: boolean }> {
  const { rows } = await sql<{ event_id: string; generation: number }>`
    update rm.parked_events p set retry_requested_at = now()
      from rm.projection_checkpoints c
     where c.name = p.name and c.generation = p.generation and c.state = 'live'
       and p.name = ${name} and p.resolved_at is null
    returning p.event_id, p.generation`.execute(db);
  const ids = rows.map((r) => r.event_id);
  const generation = rows[0]?.generation ?? 0;
  const deadline = Date.now() + timeoutMs;
  for (let delay = 10; ; delay = Math.min(delay * 2, 100)) {
    const { rows: state } = await sql<{ waiting: number; resolved: number; parked: number }>`
      select count(*) filter (where retry_requested_at is not null)::int as waiting,
             count(*) filter (where resolved_at is not null)::int as resolved,
             count(*) filter (where resolved_at is null)::int as parked
        from rm.parked_events where name = ${name} and generation = ${generation} and event_id = any(${ids}::text[])`.execute(
      db,
    );
    const s = state[0] ?? { waiting: 0, resolved: 0, parked: 0 };
    const pending = s.waiting > 0;
    if (!pending || Date.now() >= deadline)
      return { requested: ids.length, resolved: s.resolved, parked: s.parked, pending };
    await new Promise((r) => setTimeout(r, delay));
  }
}
