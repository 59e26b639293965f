import type { Kysely, Transaction } from 'kysely';
import type { AnyDB } from '../../commands/db/kysely.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';

// Read-model schemas are per projection; the runner is schema-agnostic.
export type { AnyDB };

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
