import { exportHours } from '../../../../api/contracts/exports.ts';
import type { HoursGridQuery, HoursGridRow } from '../../../../api/contracts/hours.ts';
import * as C from '../../../../api/contracts/hours.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { call, pageQuery } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';

export type { HoursGridRow };
export type HoursState = HoursGridRow['state'];
export type HoursSort = HoursGridQuery['sort'];

/** The grid's filters (the page holds them). */
export interface HoursFilters {
  state: HoursState;
  opportunityId?: string | undefined;
  volunteer?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface HoursView {
  filters: HoursFilters;
  page: number;
  pageSize: number;
  sort: HoursSort;
  desc: boolean;
}

/** The entry's key in the grid and in a batch's answer. */
export const rowKey = (r: Pick<HoursGridRow, 'hoursId'>) => r.hoursId;

export function hoursQuery(v: HoursView) {
  return endpointQuery(['hours', v], C.hoursGrid, () => ({
    query: {
      ...v.filters,
      ...pageQuery(v),
      sort: v.sort,
      dir: v.desc ? ('desc' as const) : ('asc' as const),
      after: afterPosition(),
    },
  }));
}

/** Starts the export (a job) of every entry the grid's filters and sort select, in the caller's scope. */
export function startHoursExport(v: Omit<HoursView, 'page' | 'pageSize'>) {
  const filters = { ...v.filters, sort: v.sort, dir: v.desc ? ('desc' as const) : ('asc' as const) };
  return startExportWith(exportHours, filters);
}

/** Approve or reject the chosen entries; each answers `approved`/`rejected` or its catalogue code. */
export async function decideHours(decision: 'approve' | 'reject', rows: readonly HoursGridRow[]) {
  const res = await call(C.decideManyHours, {
    body: {
      decision,
      items: rows.map(({ opportunityId, volunteerId, hoursId }) => ({ opportunityId, volunteerId, hoursId })),
    },
  });
  rememberPosition(res.position);
  return res;
}

export const HOURS_BATCH_MAX = C.HOURS_BATCH_MAX;
