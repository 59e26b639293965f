import { isIsoDay, searchInt, searchPaging, searchText, withPaging } from '../../lib/search-params.ts';

// The reports' URL state (filters, the as-of day and the page), kept apart from the pages so the router validates it.

export interface ReportsSearch {
  page?: number;
  pageSize?: number;
  search?: string;
  status?: number;
  /** Events starting within these days. */
  from?: string;
  to?: string;
  /** The figures as they stood at the end of this day (the browser's own day). */
  asOf?: string;
}
export type ReportFilterValues = Omit<ReportsSearch, 'page' | 'pageSize'>;

export const EVENT_STATUSES = [0, 2, 3, 4] as const;
/** A real day the date pickers allow (1950 … 2030-06-22). */
export const isDay = (v: unknown): v is string =>
  isIsoDay(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v) && v >= '1950-01-01' && v <= '2030-06-22';

/** The route's validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateReportsSearch(search: Record<string, unknown>): ReportsSearch {
  const out: ReportsSearch = searchPaging(search);
  const q = searchText(search.search, 100);
  if (q) out.search = q;
  const status = searchInt(search.status);
  if (status !== undefined && (EVENT_STATUSES as readonly number[]).includes(status)) out.status = status;
  for (const k of ['from', 'to', 'asOf'] as const) if (isDay(search[k])) out[k] = search[k] as string;
  return out;
}

/** Only the as-of day (one event's report, the dashboard). */
export function validateAsOfSearch(search: Record<string, unknown>): { asOf?: string } {
  return isDay(search.asOf) ? { asOf: search.asOf } : {};
}

export const reportsParams = (s: ReportsSearch) => withPaging(s);

/** The instant that ends the given day in the browser's time zone, as the API's asOf. */
export function asOfInstant(day: string | undefined): string | undefined {
  if (!day) return undefined;
  const end = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(end.getTime()) ? undefined : end.toISOString();
}
