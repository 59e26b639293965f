// The events list's URL state, kept apart from api.ts so the router can validate it without loading the pages.

/** Spec section 9: the public list shows 12 events a page; the map at most 100 markers. */
export const EVENTS_PAGE_SIZE = 12;
export const MAP_MAX = 100;
export const EVENT_STATUSES = [0, 2, 3] as const;
export const ATTENDANCE_TYPES = [1, 2, 3] as const;

/** The lists' filters, in the address and in the request alike. */
interface EventsFilterValues {
  status?: 0 | 2 | 3;
  regionId?: number;
  cityId?: number;
  eventTypeId?: number;
  attendanceType?: 1 | 2 | 3;
  code?: string;
}
export interface EventsSearch extends EventsFilterValues {
  page?: number;
  view?: 'map';
}
export interface EventsParams extends EventsFilterValues {
  page: number;
}

const int = (v: unknown) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) ? n : undefined;
};

export function validateEventsSearch(search: Record<string, unknown>): EventsSearch {
  const out: EventsSearch = {};
  const page = int(search.page);
  if (page !== undefined && page >= 1) out.page = page;
  const status = int(search.status);
  if (status !== undefined && (EVENT_STATUSES as readonly number[]).includes(status)) out.status = status as 0 | 2 | 3;
  const regionId = int(search.regionId);
  if (regionId !== undefined) out.regionId = regionId;
  const cityId = int(search.cityId);
  if (cityId !== undefined) out.cityId = cityId;
  const eventTypeId = int(search.eventTypeId);
  if (eventTypeId !== undefined) out.eventTypeId = eventTypeId;
  const at = int(search.attendanceType);
  if (at !== undefined && (ATTENDANCE_TYPES as readonly number[]).includes(at)) out.attendanceType = at as 1 | 2 | 3;
  if (typeof search.code === 'string' && search.code.trim() !== '' && search.code.length <= 30)
    out.code = search.code.trim();
  if (search.view === 'map') out.view = 'map';
  return out;
}

/** The ongoing and closed lists: the list's filters with the status fixed by the page, and no map. */
export function validateFixedStatusSearch(search: Record<string, unknown>): EventsSearch {
  const { status: _status, view: _view, ...rest } = validateEventsSearch(search);
  return rest;
}

/** Spec: the private events list offers 5, 10, 15 or 20 a page; 10 (the grids' default) until one is chosen. */
export const PRIVATE_PAGE_SIZES = [5, 10, 15, 20] as const;
export type PrivatePageSize = (typeof PRIVATE_PAGE_SIZES)[number];
export const PRIVATE_DEFAULT_PAGE_SIZE: PrivatePageSize = 10;

export type PrivateEventsSearch = Omit<EventsSearch, 'view'> & { pageSize?: PrivatePageSize };

/** The private list: the list's filters (no map) and the page size. */
export function validatePrivateEventsSearch(search: Record<string, unknown>): PrivateEventsSearch {
  const { view: _view, ...rest } = validateEventsSearch(search);
  const size = int(search.pageSize);
  return (PRIVATE_PAGE_SIZES as readonly number[]).includes(size ?? 0)
    ? { ...rest, pageSize: size as PrivatePageSize }
    : rest;
}

/** The events calendar's month ("2026-12"); absent or invalid means the current month. */
export interface CalendarSearch {
  month?: string;
}
export function validateCalendarSearch(search: Record<string, unknown>): CalendarSearch {
  const m = typeof search.month === 'string' ? /^(\d{4})-(\d{2})$/.exec(search.month) : null;
  if (!m) return {};
  const year = Number(m[1]);
  const month = Number(m[2]);
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12 ? { month: search.month as string } : {};
}

export function eventsParams(s: EventsSearch | PrivateEventsSearch): EventsParams {
  const { view: _view, pageSize: _size, ...rest } = s as EventsSearch & PrivateEventsSearch;
  return { ...rest, page: s.page ?? 1 };
}
