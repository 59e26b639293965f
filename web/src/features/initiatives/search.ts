import { INITIATIVE_STATUSES } from '../../../../domain/initiative/rules.ts';
import { searchInt as int, searchPaging, searchText as text, withPaging } from '../../lib/search-params.ts';

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

/** The route's validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateInitiativesSearch(search: Record<string, unknown>): InitiativesSearch {
  const out: InitiativesSearch = searchPaging(search);
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

export const initiativesParams = (s: InitiativesSearch) => withPaging(s);
