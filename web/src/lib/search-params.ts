import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../components/paging.ts';

// Reading a route's URL search (validateSearch): a value out of shape or range is dropped, never an error, so the
// server never sees it. One set of readers for every feature's search.ts.

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A non-blank text of at most `max` characters, trimmed. */
export const searchText = (v: unknown, max: number): string | undefined =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : undefined;

/** A safe whole number, given as a number or as digits. */
export const searchInt = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};

/** A whole number among those allowed. */
export const searchOneOf = (v: unknown, allowed: readonly number[]): number | undefined => {
  const n = searchInt(v);
  return n !== undefined && allowed.includes(n) ? n : undefined;
};

/** A day written yyyy-mm-dd (its shape only). */
export const isIsoDay = (v: unknown): v is string => typeof v === 'string' && ISO_DAY.test(v);

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);

/** A grid's page (1 … 100,000) and page size (the spec's sizes), where the URL has them right. */
export function searchPaging(search: Record<string, unknown>): { page?: number; pageSize?: number } {
  const out: { page?: number; pageSize?: number } = {};
  const page = searchInt(search.page);
  if (page !== undefined && page >= 1 && page <= 100_000) out.page = page;
  const pageSize = searchOneOf(search.pageSize, PAGE_SIZES);
  if (pageSize !== undefined) out.pageSize = pageSize;
  return out;
}

/** A grid's query: the search with the paging defaults (page 1, the default size). */
export function withPaging<S extends { page?: number; pageSize?: number }>(s: S) {
  return { ...s, page: s.page ?? 1, pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE };
}

/**
 * The search as a grid's URL keeps it, the other way from `withPaging`: page 1 and the default page size (the spec's
 * unless the list has its own) left out, so the first page's address is the list's own.
 */
export function withoutPagingDefaults<S extends { page?: number; pageSize?: number }>(
  s: S,
  defaultPageSize: number = DEFAULT_PAGE_SIZE,
): S {
  const out = { ...s };
  if (out.page === 1) delete out.page;
  if (out.pageSize === defaultPageSize) delete out.pageSize;
  return out;
}

/**
 * A filter panel's search and clear over a paged list in the URL: applied filters start again from page 1, and
 * clearing keeps only the page size; either way the page size the user chose stays, and Search keeps the `kept` keys
 * too (the users list's sort).
 */
export function pagedFilterActions<S extends { page?: number; pageSize?: number }, K extends keyof S = never>(
  search: S,
  go: (next: S) => void,
  kept: readonly K[] = [],
) {
  const keep = Object.fromEntries(kept.map((k) => [k, search[k]])) as Pick<S, K>;
  return {
    onApply: (filters: Omit<S, 'page' | 'pageSize' | K>) =>
      go({ pageSize: search.pageSize, ...keep, ...filters, page: 1 } as S),
    onClear: () => go({ pageSize: search.pageSize } as S),
  };
}

/** The filters of a paged list's search: all of it but the page and the page size. */
export function searchFilters<S extends { page?: number; pageSize?: number }>(s: S): Omit<S, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...filters } = s;
  return filters;
}

/**
 * A filter form's props over a paged list in the URL: `key` starts the form again when the URL's filters change, and
 * `props` are the filters it starts from (the search without its paging and the `kept` keys) with `pagedFilterActions`:
 * `const panel = urlFilters(search, go)`, then `<Filters key={panel.key} {...panel.props} />`.
 */
export function urlFilters<S extends { page?: number; pageSize?: number }, K extends keyof S = never>(
  search: S,
  go: (next: S) => void,
  kept: readonly K[] = [],
) {
  const filters: Record<string, unknown> = searchFilters(search);
  for (const k of kept) delete filters[k as string];
  const initial = filters as Omit<S, 'page' | 'pageSize' | K>;
  return { key: JSON.stringify(initial), props: { initial, ...pagedFilterActions(search, go, kept) } };
}
