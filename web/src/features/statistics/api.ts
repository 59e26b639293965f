import { keepPreviousData } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/statistics.ts';
import type { BreakdownView } from '../../../../domain/statistics/figures.ts';
import type { PeriodKind } from '../../../../domain/statistics/periods.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { endpointQuery } from '../../lib/endpointQuery.ts';

export type {
  Breakdowns,
  DashboardStatistics,
  KpiComparison,
  Targets,
} from '../../../../api/contracts/statistics.ts';

/** Spec section 9: counters refresh every 300000 ms. */
export const REFRESH_MS = 300_000;

/** The dashboard's filters as the page holds them (numbers; 1/0 for the yes/no ones) and the "as of" day. */
export interface StatisticsFilterValues {
  regionId?: number;
  reportType?: number;
  cityId?: number;
  statusId?: number;
  genderType?: number;
  isPractioner?: number;
  categoryId?: number;
  subCategoryLevel1Id?: number;
  subCategoryLevel2Id?: number;
  userExperienceLevelId?: number;
  typeId?: number;
  isPublic?: number;
  startDate?: string;
  endDate?: string;
  eventStatus?: number;
  cityGroupId?: number;
  asOf?: string;
}

/** The query string: numbers as digits, absent values left out. */
export function queryOf(f: StatisticsFilterValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') out[k] = String(v);
  return out;
}

/** A figures page's refresh: current figures stay current; figures as of a past day do not change. */
const refreshing = (f: StatisticsFilterValues) => ({
  refetchInterval: f.asOf ? (false as const) : REFRESH_MS,
  placeholderData: keepPreviousData,
});

export const dashboardQuery = (f: StatisticsFilterValues) => ({
  ...endpointQuery(['statistics', 'dashboard', f], C.dashboardStatistics, () => ({ query: queryOf(f) })),
  ...refreshing(f),
});

export const breakdownsQuery = (view: BreakdownView, f: StatisticsFilterValues) => ({
  ...endpointQuery(['statistics', 'breakdowns', view, f], C.statisticsBreakdowns, () => ({
    query: { ...queryOf(f), view },
  })),
  ...refreshing(f),
});

export const targetsQuery = (view: 'events' | 'eventTypes', f: StatisticsFilterValues) => ({
  ...endpointQuery(['statistics', 'targets', view, f], C.statisticsTargets, () => ({
    query: { ...queryOf(f), view },
  })),
  ...refreshing(f),
});

export interface KpiChoice {
  kind: PeriodKind;
  selectionYear: number;
  selectionIndex: number;
  baseYear: number;
  baseIndex: number;
}

/** The comparison's query (the filters, the period kind, the selected and the base period), for its read and export. */
const kpiFilters = (k: KpiChoice, f: StatisticsFilterValues) => ({
  ...queryOf(f),
  kind: k.kind,
  selectionYear: String(k.selectionYear),
  selectionIndex: String(k.selectionIndex),
  baseYear: String(k.baseYear),
  baseIndex: String(k.baseIndex),
});

export const kpiQuery = (k: KpiChoice | null, f: StatisticsFilterValues) => ({
  ...endpointQuery(['statistics', 'kpi', k, f], C.kpiComparison, () => ({ query: kpiFilters(k!, f) })),
  enabled: k !== null,
});

/** Starts the export of the dashboard's tables with the page's filters and "as of" day. */
export const startDashboardExport = (f: StatisticsFilterValues) =>
  startExportWith(C.exportStatisticsDashboard, queryOf(f));

/** Starts the export of one statistics page's tables. */
export const startBreakdownsExport = (view: BreakdownView, f: StatisticsFilterValues) =>
  startExportWith(C.exportStatisticsBreakdowns, { ...queryOf(f), view });

/** Starts the export of a targets tab (events target or event-types target). */
export const startTargetsExport = (view: 'events' | 'eventTypes', f: StatisticsFilterValues) =>
  startExportWith(C.exportStatisticsTargets, { ...queryOf(f), view });

/** Starts the export of the KPI comparison shown. */
export const startKpiExport = (k: KpiChoice, f: StatisticsFilterValues) =>
  startExportWith(C.exportStatisticsKpi, kpiFilters(k, f));
