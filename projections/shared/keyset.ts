import { type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/** A grid's order: one sort column (its SQL type, to cast a key read back as text), then the row's uuid id. */
export interface KeysetOrder {
  column: string;
  type: string;
  id: string;
  desc: boolean;
}

/** What one batch's query is given: its conditions, its order and the sort value as text (the batch's last key). */
export interface KeysetBatch {
  where: Expression<SqlBool>;
  orderBy: RawBuilder<unknown>;
  sortKey: RawBuilder<string | null>;
}

/**
 * Every row `base` selects, in the grid's order, read in batches by key (the sort value, then the id) so that each
 * batch is one range of the grid's own index: an export of any size holds one batch in memory and each batch costs
 * the same. The index's order is `desc nulls last` (its mirror `asc nulls first`), so the empty sort values are a
 * phase of their own, keyed by id alone: after the values descending, before them ascending. A batch's last key
 * comes back as text (a timestamp's microseconds kept) and is cast back, never through a JS Date.
 */
export async function* keysetBatches<R>(
  order: KeysetOrder,
  base: readonly Expression<SqlBool>[],
  batch: number,
  read: (q: KeysetBatch) => Promise<R[]>,
  keyOf: (row: R) => { key: string | null; id: string },
): AsyncGenerator<R[]> {
  const col = sql.raw(order.column);
  const id = sql.raw(order.id);
  const type = sql.raw(order.type);
  const { desc } = order;
  const orderBy = sql`${col} ${sql.raw(desc ? 'desc nulls last' : 'asc nulls first')}, ${id} ${sql.raw(desc ? 'desc' : 'asc')}`;
  const cmp = sql.raw(desc ? '<' : '>');
  for (const phase of desc ? (['values', 'nulls'] as const) : (['nulls', 'values'] as const)) {
    let after: { key: string | null; id: string } | null = null;
    for (;;) {
      const where = [...base, phase === 'nulls' ? sql<SqlBool>`${col} is null` : sql<SqlBool>`${col} is not null`];
      if (after)
        where.push(
          phase === 'nulls'
            ? sql<SqlBool>`${id} ${cmp} ${after.id}`
            : sql<SqlBool>`(${col}, ${id}) ${cmp} (${after.key}::${type}, ${after.id}::uuid)`,
        );
      const rows = await read({
        where: sql<SqlBool>`${sql.join(where, sql` and `)}`,
        orderBy,
        sortKey: sql<string | null>`${col}::text`,
      });
      if (rows.length > 0) yield rows;
      if (rows.length < batch) break;
      after = keyOf(rows[rows.length - 1]!);
    }
  }
}

/**
 * Every row of `selected` (a table's query with the export's columns selected) that `base` keeps, in the grid's order,
 * through keysetBatches, one row at a time as selected (the batch's sort key read along is taken off again).
 */
export async function* keysetRows<DB, TB extends keyof DB, O extends object>(
  selected: SelectQueryBuilder<DB, TB, O>,
  order: KeysetOrder,
  base: readonly Expression<SqlBool>[],
  batch: number,
  idOf: (row: O) => string,
): AsyncGenerator<O> {
  type Keyed = O & { keyset_key: string | null };
  const batches = keysetBatches<Keyed>(
    order,
    base,
    batch,
    ({ where, orderBy, sortKey }) =>
      selected.select(sortKey.as('keyset_key')).where(where).orderBy(orderBy).limit(batch).$castTo<Keyed>().execute(),
    (last) => ({ key: last.keyset_key, id: idOf(last) }),
  );
  for await (const rows of batches) for (const { keyset_key: _k, ...row } of rows) yield row as O;
}
