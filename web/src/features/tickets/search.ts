import {
  searchInt as int,
  isUuid,
  searchOneOf,
  searchPaging,
  searchText as text,
  withPaging,
} from '../../lib/search-params.ts';

// The grids' URL state (the spec's filters and the page), kept apart from the pages so the router can validate it.

export interface TicketsSearch {
  page?: number;
  pageSize?: number;
  code?: string;
  title?: string;
  action?: number;
  id?: string;
  year?: number;
  requestType?: number;
  ticketStatus?: number;
  departmentId?: number;
}
export type TicketFilterValues = Omit<TicketsSearch, 'page' | 'pageSize'>;

const oneOf = searchOneOf;

/** The routes' validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateTicketsSearch(search: Record<string, unknown>): TicketsSearch {
  const out: TicketsSearch = searchPaging(search);
  const code = text(search.code, 40);
  if (code) out.code = code;
  const title = text(search.title, 200);
  if (title) out.title = title;
  const action = oneOf(search.action, [1, 2, 3]);
  if (action !== undefined) out.action = action;
  if (isUuid(search.id)) out.id = search.id;
  const year = int(search.year);
  if (year !== undefined && year >= 2000 && year <= 2100) out.year = year;
  const requestType = oneOf(search.requestType, [1, 2, 4]);
  if (requestType !== undefined) out.requestType = requestType;
  const ticketStatus = oneOf(search.ticketStatus, [1, 2]);
  if (ticketStatus !== undefined) out.ticketStatus = ticketStatus;
  const departmentId = int(search.departmentId);
  if (departmentId !== undefined && departmentId >= 1 && departmentId <= 2_147_483_647) out.departmentId = departmentId;
  return out;
}

/** The query of the grids' endpoints: the search with the paging defaults. */
export const ticketsParams = (s: TicketsSearch) => withPaging(s);
