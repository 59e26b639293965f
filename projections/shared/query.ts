import { type SelectQueryBuilder, sql } from 'kysely';

/** The regions and cities a staff member's reads are limited to; null: not limited. */
export type AreaScope = { regionIds: readonly number[]; cityIds: readonly number[] } | null;

/** Which page of a grid, counted from 1. */
export interface Paging {
  page: number;
  pageSize: number;
}

/** An ILIKE pattern that matches `text` anywhere in a value, its `\`, `%` and `_` taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** How many rows a filtered query selects: the query counted, its selection and order cleared. */
export async function rowCount<DB, TB extends keyof DB, O>(q: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const count = await q
    .clearSelect()
    .clearOrderBy()
    .select(sql<string>`count(*)::text`.as('n'))
    .$castTo<{ n: string }>()
    .executeTakeFirst();
  return Number(count?.n ?? 0);
}

/**
 * One page of a filtered, selected and ordered query, and how many rows its filters select in all: the same query
 * counted, its selection and order cleared, so the page and its total cannot disagree on a filter.
 */
export async function pageWithTotal<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  { page, pageSize }: Paging,
): Promise<{ rows: O[]; total: number }> {
  const [rows, total] = await Promise.all([
    q
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    rowCount(q),
  ]);
  return { rows: rows as O[], total };
}
