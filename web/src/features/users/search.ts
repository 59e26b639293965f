import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../components/paging.ts';

// The users grid's URL state (search, filters, sort and page), kept apart from the page so the router validates it.

export const USER_SORTS = ['nameAr', 'nameEn', 'userName', 'roleId', 'createdAt', 'lastLoginAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export interface UsersSearch {
  page?: number;
  pageSize?: number;
  sort?: UserSort;
  dir?: 'asc' | 'desc';
  search?: string;
  roleId?: number;
  departmentId?: number;
  regionId?: number;
  status?: 'active' | 'inactive';
}
export type UserFilterValues = Pick<UsersSearch, 'search' | 'roleId' | 'departmentId' | 'regionId' | 'status'>;

const int = (v: unknown, min: number, max: number) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : Number.NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
};
const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  allowed.includes(v as T) ? (v as T) : undefined;

/** The route's validateSearch: anything unknown or out of range is dropped, so the server never sees it. */
export function validateUsersSearch(s: Record<string, unknown>): UsersSearch {
  const out: UsersSearch = {
    page: int(s.page, 1, 100_000),
    pageSize: int(s.pageSize, 1, 1000),
    sort: oneOf(s.sort, USER_SORTS),
    dir: oneOf(s.dir, ['asc', 'desc'] as const),
    search: typeof s.search === 'string' && s.search.trim() && s.search.length <= 100 ? s.search.trim() : undefined,
    roleId: int(s.roleId, 1, 6),
    departmentId: int(s.departmentId, 1, 2_147_483_647),
    regionId: int(s.regionId, 1, 2_147_483_647),
    status: oneOf(s.status, ['active', 'inactive'] as const),
  };
  if (out.pageSize !== undefined && !(PAGE_SIZES as readonly number[]).includes(out.pageSize)) out.pageSize = undefined;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v !== undefined)) as UsersSearch;
}

/** The grid endpoint's query: the search with the paging and sorting defaults. */
export function usersParams(s: UsersSearch) {
  return {
    ...s,
    page: s.page ?? 1,
    pageSize: s.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: s.sort ?? ('nameAr' as const),
    dir: s.dir ?? ('asc' as const),
  };
}
