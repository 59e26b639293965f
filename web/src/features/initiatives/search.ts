import { INITIATIVE_STATUSES } from '../../../../domain/initiative/rules.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/paging.ts';

// The grid's URL state (the spec's filters and the page), kept apart from the page so the router can validate it.

export interface InitiativesSearch {
  page?: number;
  pageSize?: number;
  code?: string;
  name?: string;
  status?: number;
  year?: number;
}
export type InitiativeFilterValues = Omit<InitiativesSearch, 'page' | 'pageSize'>;

const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : undefined;
const int = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};

/** The route's validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateInitiativesSearch(search: Record<string, unknown>): InitiativesSearch {
  const out: InitiativesSearch = {};
  const page = int(search.page);
  if (page !== undefined && page >= 1 && page <= 100_000) out.page = page;
  const pageSize = int(search.pageSize);
  if (pageSize !== undefined && (PAGE_SIZES as readonly number[]).includes(pageSize)) out.pageSize = pageSize;
  const code = text(search.code, 40);
  if (code) out.code = code;
  const name = text(search.name, 200);
  if (name) out.name = name;
  const status = int(search.status);
  if (status !== undefined && (INITIATIVE_STATUSES as readonly number[]).includes(status)) out.status = status;
  const year = int(search.year);
  if (year !== undefined && year >= 2000 && year <= 2100) out.year = year;
  return out;
}

export function initiativesParams(s: InitiativesSearch) {
  return { ...s, page: s.page ?? 1, pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE };
}
