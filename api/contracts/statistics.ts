import { z } from 'zod';
import { BREAKDOWN_VIEWS, KPI_FIGURES } from '../../domain/statistics/figures.ts';
import { isValidPeriod, PERIOD_KINDS } from '../../domain/statistics/periods.ts';
import { CategoryLevels, named } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import { exportEndpoint } from './exports.ts';
import * as P from './primitives.ts';

/**
 * Statistics (spec document 2, sections 2, 3 "Others: Statistics", 5 "Reports", 7 GetDashboardStatistics, 9; document 1
 * section 3 "Dashboard filters"). Every endpoint takes the dashboard's filters and an optional `asOf` (a day: its end,
 * UTC; or a moment): the figures as they stood then.
 */
const flag = P.queryOneOf([0, 1]);
export const StatisticsQuery = z.object({
  regionId: P.queryInt().optional(),
  reportType: P.queryOneOf([1, 2, 3]).optional(),
  cityId: P.queryInt().optional(),
  statusId: P.queryOneOf([1, 2, 3, 5, 6]).optional(),
  genderType: P.queryOneOf([1, 2]).optional(),
  isPractioner: flag.optional(),
  ...CategoryLevels(P.queryInt().optional()),
  userExperienceLevelId: P.queryInt().optional(),
  typeId: P.queryInt().optional(),
  isPublic: flag.optional(),
  startDate: P.isoDate().optional(),
  endDate: P.isoDate().optional(),
  eventStatus: P.queryOneOf([0, 2, 3, 4]).optional(),
  /** The city group of the volunteer's or the event's city, as the master data groups cities now. */
  cityGroupId: P.queryInt().optional(),
  asOf: z.union([P.isoDate(), P.timestamp()]).optional(),
});
export type StatisticsQuery = z.input<typeof StatisticsQuery>;

const Counter = z.object({ label: z.string(), value: z.number(), percentage: z.number() });
const AreaFigures = z.object({
  id: z.number().int(),
  ...P.bilingual('name'),
  registered: z.number().int(),
  registeredPercentage: z.number(),
  events: z.number().int(),
  eventsPercentage: z.number(),
  approvedHours: z.number(),
  notApprovedHours: z.number(),
});
export const DashboardStatistics = named('DashboardStatistics', {
  counters: z.array(Counter),
  regions: z.array(AreaFigures),
  eventTypes: z.array(AreaFigures),
  cityGroups: z.array(AreaFigures),
});
export type DashboardStatistics = z.infer<typeof DashboardStatistics>;

export const BreakdownQuery = StatisticsQuery.extend({ view: z.enum(BREAKDOWN_VIEWS) });
const ByStatus = z.object({
  upcoming: z.number().int(),
  active: z.number().int(),
  closed: z.number().int(),
  deleted: z.number().int(),
});
export const Breakdowns = z
  .array(
    z.object({
      dimension: z.string(),
      total: z.number().int(),
      rows: z.array(
        z.object({
          key: z.number().int().nullable(),
          ...P.bilingual('name', 'nullable'),
          value: z.number().int(),
          percentage: z.number(),
          byStatus: ByStatus.optional(),
        }),
      ),
    }),
  )
  .meta({ id: 'StatisticsBreakdowns' });
export type Breakdowns = z.infer<typeof Breakdowns>;

export const TargetsQuery = StatisticsQuery.extend({ view: z.enum(['events', 'eventTypes']) });
export const Targets = z
  .array(
    z.object({
      id: z.union([z.string(), z.number().int()]),
      ...P.bilingual('name'),
      events: z.number().int(),
      participants: z.number().int(),
      minTarget: z.number().int().nullable(),
      maxTarget: z.number().int().nullable(),
      standing: z.enum(['below', 'within', 'above']).nullable(),
    }),
  )
  .meta({ id: 'StatisticsTargets' });
export type Targets = z.infer<typeof Targets>;

/** KPI comparison (spec section 5 "Reports"): the kind, the selection and the base period are all required. */
export const KpiQuery = StatisticsQuery.extend({
  kind: z.enum(PERIOD_KINDS),
  selectionYear: P.queryInt(1950, 2100),
  selectionIndex: P.queryInt(1, 12),
  baseYear: P.queryInt(1950, 2100),
  baseIndex: P.queryInt(1, 12),
}).refine(
  (q) =>
    isValidPeriod({ kind: q.kind, year: q.selectionYear, index: q.selectionIndex }) &&
    isValidPeriod({ kind: q.kind, year: q.baseYear, index: q.baseIndex }),
  { error: 'InvalidNumber', path: ['selectionIndex'] },
);
export type KpiQuery = z.input<typeof KpiQuery>;
export const KpiComparison = named('KpiComparison', {
  selection: z.object({ from: z.string(), to: z.string() }),
  base: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(
    z.object({
      figure: z.enum(KPI_FIGURES),
      selection: z.number(),
      base: z.number(),
      change: z.number(),
      changePercent: z.number().nullable(),
    }),
  ),
});
export type KpiComparison = z.infer<typeof KpiComparison>;

const permission = staff('statistics', 'View');
const statistics = endpoints('statistics');

/** The exports' summaries, by statistics page (the OpenAPI document shows them). */
const EXPORTS = {
  dashboard: 'Export the dashboard statistics: counters and the tables by region, event type and city group',
  breakdowns: 'Export one statistics page (registrations, volunteers, events, events of all regions): every table',
  targets: 'Export the events target or the event-types target: participants against the minimum and maximum targets',
  kpi: 'Export the KPI comparison of events: the selection and the base period with the change',
} as const;

/**
 * A statistics page: its read (GET /api/statistics/<page>) and its export (api/exports/statistics.ts, POST
 * /api/exports/statistics-<page>: the screen's tables with the screen's filters and asOf), guarded as the screen is.
 */
const page = <const N extends keyof typeof EXPORTS, const Q extends z.ZodType, const R extends z.ZodType>(
  name: N,
  query: Q,
  response: R,
) => ({
  read: statistics.get(`/api/statistics/${name}`, { permission, query, response }),
  export: exportEndpoint(`/api/exports/statistics-${name}`, permission, query, EXPORTS[name]),
});

export const { read: dashboardStatistics, export: exportStatisticsDashboard } = page(
  'dashboard',
  StatisticsQuery,
  DashboardStatistics,
);
export const { read: statisticsBreakdowns, export: exportStatisticsBreakdowns } = page(
  'breakdowns',
  BreakdownQuery,
  Breakdowns,
);
export const { read: statisticsTargets, export: exportStatisticsTargets } = page('targets', TargetsQuery, Targets);
export const { read: kpiComparison, export: exportStatisticsKpi } = page('kpi', KpiQuery, KpiComparison);
