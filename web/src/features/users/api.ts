import type { QueryClient } from '@tanstack/react-query';
import { exportUsers } from '../../../../api/contracts/exports.ts';
import * as R from '../../../../api/contracts/recovery.ts';
import * as C from '../../../../api/contracts/users.ts';
import { LookupSnapshot } from '../../../../domain/lookups/snapshot.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { call, pageQuery, queryNumber } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';
import { type UsersSearch, usersParams } from './search.ts';

export type {
  CreateStaffRequest,
  StaffProfile,
  UserDetail,
  UserOptions,
  UserRow,
} from '../../../../api/contracts/users.ts';

export const userOptionsQuery = {
  ...endpointQuery(['users', 'options'], C.userOptions, () => ({})),
  staleTime: 60_000,
};

/** The options as the domain's rules read master data (the form checks what the server checks). */
export function snapshotOf(o: C.UserOptions): LookupSnapshot {
  const row = (x: { id: number; nameAr: string; nameEn: string }, parentId: number | null = null) => ({
    ...x,
    parentId,
    flags: {},
    active: true,
  });
  return new LookupSnapshot({
    department: o.departments.map((d) => row(d)),
    region: o.regions.map((r) => row(r)),
    city: o.cities.map((c) => row(c, c.regionId)),
  });
}

/** The grid's sort, search and filters as the list and its export take them (texts, as in a query string). */
function usersFilters(p: ReturnType<typeof usersParams>) {
  return {
    sort: p.sort,
    dir: p.dir,
    search: p.search,
    roleId: queryNumber(p.roleId),
    departmentId: queryNumber(p.departmentId),
    regionId: queryNumber(p.regionId),
    status: p.status,
  };
}

/** Starts the export (a job) of every user the grid's search, filters and sort select. */
export function startUsersExport(s: UsersSearch) {
  const filters = usersFilters(usersParams(s));
  return startExportWith(exportUsers, filters);
}

export const usersQuery = (s: UsersSearch) =>
  endpointQuery(['users', 'grid', s], C.listUsers, () => {
    const p = usersParams(s);
    return { query: { after: afterPosition(), ...pageQuery(p), ...usersFilters(p) } };
  });

export const userQuery = (id: string) => readYourWritesQuery(['users', 'one', id], C.getUser, { id });

export const departmentImpactQuery = (id: string) => ({
  ...readYourWritesQuery(['users', 'impact', id], C.departmentImpact, { id }),
  staleTime: 0,
});

export const cityVolunteersQuery = (id: string, page: number, pageSize: number) =>
  endpointQuery(['users', 'city-volunteers', id, page, pageSize], C.cityVolunteers, () => ({
    params: { id },
    query: { after: afterPosition(), ...pageQuery({ page, pageSize }) },
  }));

/** The answer once this tab's reads include it. */
const settled = <T extends { position: string }>(qc: QueryClient, done: Promise<T>) =>
  afterCommand(qc, ['users'], done);

export const createUser = (qc: QueryClient, body: C.CreateStaffRequest) => settled(qc, call(C.createUser, { body }));
export const editUser = (qc: QueryClient, id: string, body: C.StaffProfile) =>
  settled(qc, call(C.editUser, { params: { id }, body }));
export const deactivateUser = (qc: QueryClient, id: string) =>
  settled(qc, call(C.deactivateUser, { params: { id }, body: { reason: '' } }));
export const reactivateUser = (qc: QueryClient, id: string) => settled(qc, call(C.reactivateUser, { params: { id } }));
/** The forgotten-password mail, sent by an administrator (the link is the user's own; nothing else changes). */
export const sendPasswordReset = (id: string) => call(R.sendPasswordReset, { params: { id } });
export const changeDepartment = (qc: QueryClient, id: string, departmentId: number, confirmedEvents: number) =>
  settled(qc, call(C.changeDepartment, { params: { id }, body: { departmentId, confirmedEvents } }));
export const assignAreas = (qc: QueryClient, id: string, regionIds: number[], cityIds: number[]) =>
  settled(qc, call(C.assignAreas, { params: { id }, body: { regionIds, cityIds } }));
