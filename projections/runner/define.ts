import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import type { DomainEvent } from '../../domain/shared/decider.ts';
import type { EventTypes } from '../../domain/shared/upcast.ts';
import type { Projection } from './projection.ts';
import { timestamp } from './values.ts';

/**
 * A projection's `tables` and `setup` from one declaration: each table's columns and constraints (the body of its
 * `create table`), then what follows them (indexes), given each table's name in the generation being built. The
 * runner points the views at, and drops, exactly the tables `setup` creates: neither list can forget one.
 */
export function readModelTables<T extends string>(
  columns: Record<T, string>,
  then?: (table: (name: T) => string) => string,
): Pick<Projection, 'tables' | 'setup'> {
  const names = Object.keys(columns) as T[];
  return {
    tables: names,
    async setup({ tx, table }) {
      const creates = names.map((name) => `create table ${table(name)} (${columns[name]})`);
      await sql.raw([...creates, then?.(table) ?? ''].join(';\n')).execute(tx);
    },
  };
}

/**
 * A stored event of the stream category `prefix`, decoded, with the id its stream's name ends in; null when it is of
 * another category or not one of `types` (or not readable).
 */
export function streamEvent<E extends DomainEvent>(
  stored: StoredEvent,
  prefix: string,
  types: EventTypes<E>,
): { e: E; id: string } | null {
  if (!stored.streamId.startsWith(prefix)) return null;
  const e = decode(types, stored);
  return e ? { e, id: stored.streamId.slice(prefix.length) } : null;
}

/** The events of one stream category (`prefix`), decoded, each with the id its stream's name ends in; others skipped. */
export function* streamEvents<E extends DomainEvent>(
  events: readonly StoredEvent[],
  prefix: string,
  types: EventTypes<E>,
): Generator<{ e: E; id: string; stored: StoredEvent }> {
  for (const stored of events) {
    const one = streamEvent(stored, prefix, types);
    if (one) yield { ...one, stored };
  }
}

/** When an event happened: the time it carries (`at`), else when it was recorded. */
export const happenedAt = (at: unknown, stored: StoredEvent): string =>
  timestamp(at) ?? stored.recordedAt.toISOString();
