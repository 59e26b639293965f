import { type RawBuilder, sql } from 'kysely';

// The visibility rules of rm.opportunities lists, shared by the events list, the calendar and the staff lists.

/** Every events list: approved and not deleted (status 4). */
export function listedConditions(): RawBuilder<unknown>[] {
  return [sql`approval = 'approved'`, sql`status <> 4`];
}

/** What anyone may list without signing in: listed and open to all (visibility 0). */
export function publicConditions(): RawBuilder<unknown>[] {
  return [...listedConditions(), sql`visibility = 0`];
}

/** An rm.opportunities date column as its ISO day, whatever the server's time zone. */
export function isoDay(column: 'start_date' | 'end_date') {
  return sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;
}
