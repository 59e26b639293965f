import { type Kysely, sql } from 'kysely';
import { comparePositions, type EventStore, type Position } from '../../commands/event-store/port.ts';
import type { AnyDB, Projection } from './projection.ts';

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
}

async function checkpoints(db: Kysely<AnyDB>, names: readonly string[]) {
  const { rows } = await sql<{ name: string; generation: number; state: string; c: string; p: string }>`
    select name, generation, state, commit_pos::text as c, prepare_pos::text as p from rm.projection_checkpoints
     where state = 'live' and name = any(${names as string[]})`.execute(db);
  return rows;
}

/**
 * Read-your-writes: wait (bounded) until every named projection has applied the given position.
 * Returns false when the time ran out; the caller answers with what it has.
 */
export async function waitForPosition(
  db: Kysely<AnyDB>,
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
  db: Kysely<AnyDB>,
  store: EventStore,
  projections: readonly Projection[],
  now = new Date(),
): Promise<ProjectionLag[]> {
  const rows = await checkpoints(
    db,
    projections.map((p) => p.name),
  );
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
    });
  }
  return out;
}
