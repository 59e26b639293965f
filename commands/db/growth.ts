/**
 * A plan made while a table is small stays in use as the table grows: the server plans a prepared statement from
 * the table's statistics (and keeps a generic plan until they change), and a table that grows from nothing faster
 * than autovacuum analyses it is read whole where one index lookup a key would do. A fresh event store, a
 * projection's new generation and a fresh demo all start so. This schedule says when the tables a process writes are
 * due an ANALYZE: each time what it added doubles, from `first` on, so that the work stays in proportion to the rows
 * and the statistics are never more than half a table behind; autovacuum keeps them after that.
 */
export class GrowthSchedule {
  private added = 0;
  private next: number;

  constructor(first = 64) {
    this.next = first;
  }

  /** Counts `n` more rows (or events); true when the tables are due an analyse now. */
  add(n: number): boolean {
    this.added += n;
    if (this.added < this.next) return false;
    this.next = this.added * 2;
    return true;
  }
}

/**
 * Whether the table `c` (a `pg_class` row) is due its analyse: never analysed, or grown by half since (its size
 * against the pages its last analyse counted), so that a process restarted on large tables does not analyse them
 * again. SQL text, for the runner's query and the event store's migration alike.
 */
export const GROWN_SINCE_ANALYSE =
  "(c.reltuples < 0 or pg_relation_size(c.oid) >= 1.5 * greatest(c.relpages, 1) * current_setting('block_size')::int)";
