import { exportEventReport, exportEventReports, exportEventReportsSummary } from '../../../../api/contracts/exports.ts';
import * as C from '../../../../api/contracts/reports.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { pageQuery, queryNumber } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterPosition } from '../../lib/readYourWrites.ts';
import { searchFilters } from '../../lib/search-params.ts';
import { asOfInstant, type ReportsSearch, reportsParams } from './search.ts';

export type {
  EventReport,
  EventReportRow,
  EventReportsSummary,
  VolunteerDashboard,
} from '../../../../api/contracts/reports.ts';

/** `?after=` and the end of the as-of day, which every report reads. */
const asOfQuery = (asOf: string | undefined) => ({ after: afterPosition(), asOf: asOfInstant(asOf) });
function filtersOf(s: ReportsSearch) {
  return {
    ...asOfQuery(s.asOf),
    search: s.search,
    status: queryNumber(s.status),
    from: s.from,
    to: s.to,
  };
}

/** One page of the event reports list (the spec's event reports list). */
export const eventReportsQuery = (s: ReportsSearch) =>
  endpointQuery(['reports', 'events', s], C.eventReports, () => ({
    query: { ...filtersOf(s), ...pageQuery(reportsParams(s)) },
  }));

/** The totals across the events the filters take (the spec's event reports summary). */
export const eventReportsSummaryQuery = (s: ReportsSearch) => {
  const filters = searchFilters(s);
  return endpointQuery(['reports', 'summary', filters], C.eventReportsSummary, () => ({ query: filtersOf(filters) }));
};

/** One event's report (the spec's event reports/{id}/{eventId}), as of a day when given. */
export const eventReportQuery = (id: string, asOf: string | undefined) =>
  endpointQuery(['reports', 'event', id, asOf ?? null], C.eventReport, () => ({
    params: { id },
    query: asOfQuery(asOf),
  }));

/** The signed-in volunteer's own dashboard. */
export const volunteerDashboardQuery = (asOf: string | undefined) =>
  endpointQuery(['reports', 'me', asOf ?? null], C.myDashboard, () => ({ query: asOfQuery(asOf) }));

/** Starts the export (a job) of the reports list the filters take, with each event's figures. */
export function startEventReportsExport(s: ReportsSearch) {
  const { after: _a, ...filters } = filtersOf(s);
  return startExportWith(exportEventReports, filters);
}

/** Starts the export of the summary (one figure a row) of the events the filters take. */
export function startEventReportsSummaryExport(s: ReportsSearch) {
  const { after: _a, ...filters } = filtersOf(s);
  return startExportWith(exportEventReportsSummary, filters);
}

/** Starts the export of one event's report (its roster with each volunteer's figures), as of a day when given. */
export function startEventReportExport(id: string, asOf: string | undefined) {
  const filters = { eventId: id, asOf: asOfInstant(asOf) };
  return startExportWith(exportEventReport, filters);
}
