import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/paging.ts';

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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const text = (v: unknown, max: number) =>
  typeof v === 'string' && v.trim() !== '' && v.length <= max ? v.trim() : undefined;
const int = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};
const oneOf = (v: unknown, allowed: readonly number[]) => {
  const n = int(v);
  return n !== undefined && allowed.includes(n) ? n : undefined;
};

/** The routes' validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateTicketsSearch(search: Record<string, unknown>): TicketsSearch {
  const out: TicketsSearch = {};
  const page = int(search.page);
  if (page !== undefined && page >= 1 && page <= 100_000) out.page = page;
  const pageSize = oneOf(search.pageSize, PAGE_SIZES);
  if (pageSize !== undefined) out.pageSize = pageSize;
  const code = text(search.code, 40);
  if (code) out.code = code;
  const title = text(search.title, 200);
  if (title) out.title = title;
  const action = oneOf(search.action, [1, 2, 3]);
  if (action !== undefined) out.action = action;
  if (typeof search.id === 'string' && UUID.test(search.id)) out.id = search.id;
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
export function ticketsParams(s: TicketsSearch) {
  return { ...s, page: s.page ?? 1, pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE };
}
