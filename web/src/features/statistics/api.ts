import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/statistics.ts';
import type { BreakdownView } from '../../../../domain/statistics/figures.ts';
import type { PeriodKind } from '../../../../domain/statistics/periods.ts';
import { call } from '../../lib/client.ts';

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

export const dashboardQuery = (f: StatisticsFilterValues) =>
  queryOptions({
    queryKey: ['statistics', 'dashboard', f],
    queryFn: ({ signal }) => call(C.dashboardStatistics, { query: queryOf(f) }, { signal }),
    // Current figures stay current; figures as of a past day do not change.
    refetchInterval: f.asOf ? false : REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const breakdownsQuery = (view: BreakdownView, f: StatisticsFilterValues) =>
  queryOptions({
    queryKey: ['statistics', 'breakdowns', view, f],
    queryFn: ({ signal }) => call(C.statisticsBreakdowns, { query: { ...queryOf(f), view } }, { signal }),
    refetchInterval: f.asOf ? false : REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export const targetsQuery = (view: 'events' | 'eventTypes', f: StatisticsFilterValues) =>
  queryOptions({
    queryKey: ['statistics', 'targets', view, f],
    queryFn: ({ signal }) => call(C.statisticsTargets, { query: { ...queryOf(f), view } }, { signal }),
    refetchInterval: f.asOf ? false : REFRESH_MS,
    placeholderData: keepPreviousData,
  });

export interface KpiChoice {
  kind: PeriodKind;
  selectionYear: number;
  selectionIndex: number;
  baseYear: number;
  baseIndex: number;
}

export const kpiQuery = (k: KpiChoice | null, f: StatisticsFilterValues) =>
  queryOptions({
    queryKey: ['statistics', 'kpi', k, f],
    queryFn: ({ signal }) =>
      call(
        C.kpiComparison,
        {
          query: {
            ...queryOf(f),
            kind: k!.kind,
            selectionYear: String(k!.selectionYear),
            selectionIndex: String(k!.selectionIndex),
            baseYear: String(k!.baseYear),
            baseIndex: String(k!.baseIndex),
          },
        },
        { signal },
      ),
    enabled: k !== null,
  });

/** The export dialog's choice (format, formatting, language). */
type Choice = { format: 'xlsx' | 'pdf'; formatted: boolean; language: 'ar' | 'en' };

/** Starts the export of the dashboard's tables with the page's filters and "as of" day. */
export const startDashboardExport = (f: StatisticsFilterValues) => (choice: Choice) =>
  call(C.exportStatisticsDashboard, { body: { ...choice, filters: queryOf(f) } });

/** Starts the export of one statistics page's tables. */
export const startBreakdownsExport = (view: BreakdownView, f: StatisticsFilterValues) => (choice: Choice) =>
  call(C.exportStatisticsBreakdowns, { body: { ...choice, filters: { ...queryOf(f), view } } });

/** Starts the export of a targets tab (events target or event-types target). */
export const startTargetsExport = (view: 'events' | 'eventTypes', f: StatisticsFilterValues) => (choice: Choice) =>
  call(C.exportStatisticsTargets, { body: { ...choice, filters: { ...queryOf(f), view } } });

/** Starts the export of the KPI comparison shown. */
export const startKpiExport = (k: KpiChoice, f: StatisticsFilterValues) => (choice: Choice) =>
  call(C.exportStatisticsKpi, {
    body: {
      ...choice,
      filters: {
        ...queryOf(f),
        kind: k.kind,
        selectionYear: String(k.selectionYear),
        selectionIndex: String(k.selectionIndex),
        baseYear: String(k.baseYear),
        baseIndex: String(k.baseIndex),
      },
    },
  });
