import type { Kysely, Transaction } from 'kysely';
import type { AnyDB } from '../../commands/db/kysely.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';

// Read-model schemas are per projection (projections/read-models.ts composes them); the runner is schema-agnostic:
// it creates, fills and swaps any projection's tables, so its context stays untyped.
export type { AnyDB };

/** The runner's own tables (schema rm, projections/runner/schema.ts): the generations' checkpoints and parked events. */
export interface RunnerDB {
  'rm.projection_checkpoints': {
    name: string;
    generation: number;
    version: number;
    state: 'building' | 'live' | 'retired';
    commit_pos: string;
    prepare_pos: string;
    updated_at: Date;
  };
  'rm.parked_events': {
    name: string;
    generation: number;
    event_id: string;
    commit_pos: string;
    prepare_pos: string;
    stream_id: string;
    event_type: string;
    error: string;
    parked_at: Date;
    attempts: number;
    retry_requested_at: Date | null;
    last_attempt_at: Date;
    resolved_at: Date | null;
  };
}

export interface ProjectionContext {
  /** The transaction that also writes the checkpoint: everything a batch changes commits or rolls back together. */
  tx: Transaction<AnyDB> | Kysely<AnyDB>;
  /** Physical name of one of the projection's tables in the generation being written, e.g. "rm.users_g2". */
  table(name: string): string;
}

/**
 * A read model. Its tables live in schema `rm` as `<table>_g<generation>`; readers use the view `rm.<table>`, which
 * always points at the live generation. Bumping `version` rebuilds into a new generation and swaps the views.
 */
export interface Projection {
  name: string;
  version: number;
  tables: readonly string[];
  /** Event types it handles; the runner reads only these. Omitted: every event (the audit log). */
  types?: readonly string[];
  /** Create the tables (and indexes) of a fresh generation. */
  setup(ctx: ProjectionContext): Promise<void>;
  /** Apply a batch in order. Must be deterministic: a replay gives the same rows. */
  apply(ctx: ProjectionContext, events: readonly StoredEvent[]): Promise<void>;
}
