import { type RegistrationStatus, RegistrationStatuses } from '../../../../domain/registration/status.ts';
import { DEFAULT_PAGE_SIZE } from '../../components/paging.ts';
import { searchInt as int, isIsoDay, searchPaging, searchText as text } from '../../lib/search-params.ts';

// The grid's URL state, kept apart from api.ts so the router can validate it without loading the review pages.

export const SORT_KEYS = ['submittedAt', 'updatedAt', 'nameAr', 'nameEn', 'referenceNumber'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
/** The statuses the grid offers, in workflow order (drafts last: they are not yet for review). */
export const GRID_STATUSES: readonly RegistrationStatus[] = [2, 3, 5, 6, 1];

/** The grid's state as it stands in the URL: only what differs from the defaults is written. */
export interface GridSearch {
  status?: RegistrationStatus;
  page?: number;
  pageSize?: number;
  sort?: SortKey;
  dir?: 'asc' | 'desc';
  name?: string;
  idNumber?: string;
  mobile?: string;
  regionId?: number;
  cityId?: number;
  from?: string;
  to?: string;
}

type Defaulted = 'status' | 'page' | 'pageSize' | 'sort' | 'dir';

/** Every parameter of GET /api/registrations, defaults filled in. */
export type GridParams = Required<Pick<GridSearch, Defaulted>> & Omit<GridSearch, Defaulted>;

/** The route's validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateGridSearch(search: Record<string, unknown>): GridSearch {
  const out: GridSearch = searchPaging(search);
  const status = int(search.status);
  if (status !== undefined && (RegistrationStatuses as readonly number[]).includes(status))
    out.status = status as RegistrationStatus;
  if ((SORT_KEYS as readonly unknown[]).includes(search.sort)) out.sort = search.sort as SortKey;
  if (search.dir === 'asc' || search.dir === 'desc') out.dir = search.dir;
  const name = text(search.name, 100);
  if (name) out.name = name;
  const idNumber = text(search.idNumber, 20);
  if (idNumber) out.idNumber = idNumber;
  const mobile = text(search.mobile, 10);
  if (mobile) out.mobile = mobile;
  const regionId = int(search.regionId);
  if (regionId !== undefined) out.regionId = regionId;
  const cityId = int(search.cityId);
  if (cityId !== undefined) out.cityId = cityId;
  if (isIsoDay(search.from)) out.from = search.from;
  if (isIsoDay(search.to)) out.to = search.to;
  return out;
}

export function gridParams(search: GridSearch): GridParams {
  return {
    status: search.status ?? 2,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: search.sort ?? 'submittedAt',
    dir: search.dir ?? 'desc',
    ...(search.name ? { name: search.name } : {}),
    ...(search.idNumber ? { idNumber: search.idNumber } : {}),
    ...(search.mobile ? { mobile: search.mobile } : {}),
    ...(search.regionId !== undefined ? { regionId: search.regionId } : {}),
    ...(search.cityId !== undefined ? { cityId: search.cityId } : {}),
    ...(search.from ? { from: search.from } : {}),
    ...(search.to ? { to: search.to } : {}),
  };
}
