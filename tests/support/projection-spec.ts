import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { EventMetadata, EventStore } from '../../commands/event-store/port.ts';
import type { Projection } from '../../projections/runner/projection.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import type { TestDatabase } from './db.ts';

/** One event as the log holds it: on a stream, a type, its data as stored (any shape, old ones too). */
export interface GivenEvent {
  stream: string;
  type: string;
  data: unknown;
  /** Merged over a plain metadata (no actor, MOH, now, no schemaVersion: as events stored before versions were). */
  metadata?: Partial<EventMetadata>;
}

export const on = (stream: string, type: string, data: unknown, metadata?: Partial<EventMetadata>): GivenEvent => ({
  stream,
  type,
  data,
  ...(metadata ? { metadata } : {}),
});

/** The rows of rm.<table> to compare: the columns (select expressions, e.g. "start_date::text as start_date"), which rows. */
export interface RowsQuery {
  columns: readonly string[];
  where: Readonly<Record<string, string | number | boolean>>;
  orderBy?: string;
}

/**
 * A projection test in given-events / then-rows form, against real PostgreSQL (`thenRows`, not `then`: an object
 * with then() is a thenable). The events are appended to the store as they are given (raw: no decider, no
 * upcaster), the projection's runner applies the log up to its head, and the read model's rows must be exactly those
 * given. A parked event fails the test.
 *
 *   await projectionSpec(t, store, opportunitiesProjection)
 *     .given(on(`opportunity-${id}`, 'OpportunityCreated', { details }))
 *     .thenRows('opportunities', { columns: ['code'], where: { opportunity_id: id } }, [{ code: 'EV-1' }]);
 */
export function projectionSpec(t: TestDatabase, store: EventStore, projection: Projection) {
  return {
    given(...events: GivenEvent[]) {
      return {
        async thenRows(table: string, query: RowsQuery, rows: readonly Record<string, unknown>[]): Promise<void> {
          for (const e of events) {
            const metadata: EventMetadata = {
              actorId: null,
              actorRole: null,
              correlationId: randomUUID(),
              causationId: null,
              occurredAt: new Date().toISOString(),
              clientCode: 'MOH',
              ...e.metadata,
            };
            await store.append(e.stream, [{ id: randomUUID(), type: e.type, data: e.data, metadata }], {
              expectedRevision: 'any',
            });
          }
          await new ProjectionRunner(store, t.pool, t.db, projection, { onParked: () => {} }).runUntilCaughtUp();
          const { rows: parked } = await sql<{ event_type: string; error: string }>`
            select event_type, error from rm.parked_events where name = ${projection.name} and resolved_at is null`.execute(
            t.db,
          );
          expect(parked).toEqual([]);
          const filters = Object.entries(query.where).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
          const { rows: actual } = await sql<Record<string, unknown>>`
            select ${sql.raw(query.columns.join(', '))} from ${sql.table(`rm.${table}`)}
             where ${filters.length ? sql.join(filters, sql` and `) : sql`true`}
             order by ${sql.raw(query.orderBy ?? '1')}`.execute(t.db);
          expect(actual).toEqual(rows);
        },
      };
    },
  };
}
