import type { Kysely } from 'kysely';
import { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { ExportScope } from '../../domain/reports/decide.ts';
import { periodRange } from '../../domain/statistics/periods.ts';
import { allLookups } from '../../projections/lookups/queries.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import {
  type AreaFigures,
  type BreakdownRow,
  breakdowns,
  type Counter,
  dashboardStatistics,
  type KpiRow,
  kpiComparison,
  type StatisticsScope,
  type TargetRow,
  targets,
} from '../../projections/statistics/queries.ts';
import {
  exportStatisticsBreakdowns,
  exportStatisticsDashboard,
  exportStatisticsKpi,
  exportStatisticsTargets,
} from '../contracts/statistics.ts';
import { coveredAreas } from '../http/scope.ts';
import { asOfOf, filtersOf } from '../statistics/routes.ts';
import type { ExportContext } from './columns.ts';
import { numberColumn, textColumn } from './columns.ts';
import { exportSource } from './registry.ts';
import {
  CODED,
  COUNTER_NAMES,
  DIMENSIONS,
  KPI_NAMES,
  NOT_GIVEN,
  STANDING_NAMES,
  type Text,
} from './statistics-names.ts';

/**
 * The statistics exports: the tables the statistics page shows, with its filters and its "as of" day, read by the
 * same queries as the screen (projections/statistics/queries.ts), so a file holds the screen's figures. A table is
 * a few hundred rows at most: it is read whole, then written row by row.
 */

const inLang = (x: Text, ctx: ExportContext) => x[ctx.lang];

/** The requester's regions and cities as the statistics screens widen them (a city's region, a region's cities). */
async function scopeOf(db: Kysely<AnyDB>, scope: ExportScope | null): Promise<StatisticsScope> {
  if (!scope) return null;
  const covered = coveredAreas(new LookupSnapshot(await allLookups(db)), scope.regionIds, scope.cityIds);
  return { regions: [...covered.regions], cities: [...covered.cities] };
}

/**
 * A source's count and rows from one read of a whole table (the screen's own query): the table is small, so counting
 * reads it too.
 */
function wholeTable<F, R>(read: (db: Kysely<AnyDB>, filters: F, scope: ExportScope | null) => Promise<R[]>) {
  return {
    count: async (db: Kysely<AnyDB>, f: F, scope: ExportScope | null) => (await read(db, f, scope)).length,
    async *rows(db: Kysely<AnyDB>, f: F, scope: ExportScope | null): AsyncIterable<R> {
      yield* await read(db, f, scope);
    },
  };
}

const asOfLine = (q: { asOf?: string | undefined }, ctx: ExportContext) =>
  q.asOf ? [ctx.lang === 'ar' ? `كما في: ${q.asOf}` : `As of: ${q.asOf}`] : [];

/** The filters set, by their query names (the PDF's header). */
const filterLines = (q: Record<string, unknown>, ctx: ExportContext) => [
  ...asOfLine(q as { asOf?: string }, ctx),
  ...Object.entries(q)
    .filter(([k, v]) => v !== undefined && k !== 'asOf' && k !== 'view')
    .map(([k, v]) => `${k}: ${String(v)}`),
];

// ---------------------------------------------------------------------------------------------------------- dashboard

const DASHBOARD_TABLES: Record<'counters' | 'regions' | 'eventTypes' | 'cityGroups', Text> = {
  counters: { ar: 'المؤشرات', en: 'Counters' },
  regions: { ar: 'حسب المنطقة', en: 'By region' },
  eventTypes: { ar: 'حسب نوع الفعالية', en: 'By event type' },
  cityGroups: { ar: 'حسب مجموعة المدن', en: 'By city group' },
};
/** A row of the dashboard's file: a counter (label, value, percentage) or an area's figures, under its table. */
type DashboardRow = { table: keyof typeof DASHBOARD_TABLES; name: Text } & (
  | { counter: Counter; area?: undefined }
  | { area: AreaFigures; counter?: undefined }
);
/** A column of one of an area's figures (a region's, an event type's, a city group's), keyed by the figure. */
const areaColumn = (k: keyof AreaFigures, ar: string, en: string, width: number) =>
  numberColumn<DashboardRow>(k, ar, en, width, (r) => r.area?.[k] ?? null);

export const statisticsDashboardSource = exportSource({
  contract: exportStatisticsDashboard,
  title: { ar: 'إحصائيات لوحة المعلومات', en: 'Dashboard statistics' },
  columns: [
    textColumn<DashboardRow>('table', 'الجدول', 'Table', 20, (r) => DASHBOARD_TABLES[r.table]),
    textColumn<DashboardRow>('name', 'الاسم', 'Name', 28, (r) => r.name),
    areaColumn('registered', 'المسجلون', 'Registered', 12),
    areaColumn('registeredPercentage', 'نسبة المسجلين %', 'Registered %', 12),
    areaColumn('events', 'الفعاليات', 'Events', 12),
    areaColumn('eventsPercentage', 'نسبة الفعاليات %', 'Events %', 12),
    areaColumn('approvedHours', 'الساعات المعتمدة', 'Approved hours', 14),
    areaColumn('notApprovedHours', 'الساعات غير المعتمدة', 'Not approved hours', 14),
    numberColumn<DashboardRow>('value', 'القيمة', 'Value', 12, (r) => r.counter?.value ?? null),
    numberColumn<DashboardRow>('percentage', 'النسبة %', 'Percentage', 12, (r) => r.counter?.percentage ?? null),
  ],
  ...wholeTable(dashboardRows),
  describe: (f, c) => filterLines(f, c),
});

/** The counters first (as the screen shows them above the tables), then a row per region, event type and city group. */
async function dashboardRows(db: Kysely<AnyDB>, q: StatisticsQueryOut, scope: ExportScope | null) {
  const d = await dashboardStatistics(db, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
  return [
    ...d.counters.map(
      (counter): DashboardRow => ({
        table: 'counters',
        name: COUNTER_NAMES[counter.label] ?? { ar: counter.label, en: counter.label },
        counter,
      }),
    ),
    ...(['regions', 'eventTypes', 'cityGroups'] as const).flatMap((table) =>
      d[table].map((area): DashboardRow => ({ table, name: { ar: area.nameAr, en: area.nameEn }, area })),
    ),
  ];
}
type StatisticsQueryOut = Parameters<typeof filtersOf>[0];

// --------------------------------------------------------------------------------------------------------- breakdowns

type BreakdownExportRow = BreakdownRow & { dimension: string; events: boolean };
/** A dimension without a name of its own, named by its key. */
const dimensionAsIs = (r: BreakdownExportRow): Text => ({ ar: r.dimension, en: r.dimension });

/** A group's name as the screen shows it: the master data's name, else the code's meaning, else the key. */
export function groupName(r: BreakdownExportRow, ctx: ExportContext): string {
  if (r.key === null) return inLang(NOT_GIVEN, ctx);
  const named = ctx.lang === 'ar' ? r.nameAr : r.nameEn;
  if (named) return named;
  const codes =
    r.dimension === 'status'
      ? CODED[r.events ? 'eventStatus' : 'registrationStatus']
      : r.dimension === 'practitioner' || r.dimension === 'public'
        ? CODED.yesNo
        : CODED[r.dimension];
  const text = codes?.[r.key];
  return text ? inLang(text, ctx) : String(r.key);
}

const byStatus = (k: 'upcoming' | 'active' | 'closed' | 'deleted') => (r: BreakdownExportRow) =>
  r.byStatus ? r.byStatus[k] : null;

export const statisticsBreakdownsSource = exportSource({
  contract: exportStatisticsBreakdowns,
  title: { ar: 'الإحصائيات', en: 'Statistics' },
  columns: [
    textColumn<BreakdownExportRow>('table', 'الجدول', 'Table', 24, (r) => DIMENSIONS[r.dimension] ?? dimensionAsIs(r)),
    { key: 'name', ar: 'الاسم', en: 'Name', width: 28, value: groupName },
    numberColumn<BreakdownExportRow>('value', 'العدد', 'Count', 12, (r) => r.value),
    numberColumn<BreakdownExportRow>('percentage', 'النسبة %', 'Percentage', 12, (r) => r.percentage),
    numberColumn('upcoming', 'قادمة', 'Upcoming', 10, byStatus('upcoming')),
    numberColumn('active', 'جارية', 'Active', 10, byStatus('active')),
    numberColumn('closed', 'منتهية', 'Closed', 10, byStatus('closed')),
    numberColumn('deleted', 'محذوفة', 'Deleted', 10, byStatus('deleted')),
  ],
  ...wholeTable(breakdownRows),
  describe: (f, c) => filterLines(f, c),
});

async function breakdownRows(
  db: Kysely<AnyDB>,
  q: StatisticsQueryOut & { view: 'registrations' | 'volunteers' | 'events' | 'eventsAllRegions' },
  scope: ExportScope | null,
): Promise<BreakdownExportRow[]> {
  const tables = await breakdowns(db, q.view, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
  const events = q.view === 'events' || q.view === 'eventsAllRegions';
  return tables.flatMap((t) => t.rows.map((r) => ({ ...r, dimension: t.dimension, events })));
}

// ------------------------------------------------------------------------------------------------------------ targets

const TARGET_TABLES: Record<'events' | 'eventTypes', Text> = {
  events: { ar: 'مستهدفات الفعاليات', en: 'Events target' },
  eventTypes: { ar: 'مستهدفات أنواع الفعاليات', en: 'Event types target' },
};
type TargetExportRow = TargetRow & { view: keyof typeof TARGET_TABLES };

/** The events target (an event a row) or the event-types target (a type a row): participants against the targets. */
export const statisticsTargetsSource = exportSource({
  contract: exportStatisticsTargets,
  title: { ar: 'المشاركون مقارنة بالمستهدف', en: 'Participants against targets' },
  columns: [
    textColumn<TargetExportRow>('table', 'الجدول', 'Table', 24, (r) => TARGET_TABLES[r.view]),
    textColumn<TargetExportRow>('name', 'الاسم', 'Name', 30, (r) => ({ ar: r.nameAr, en: r.nameEn })),
    numberColumn<TargetExportRow>('events', 'عدد الفعاليات', 'Events', 12, (r) => r.events),
    numberColumn<TargetExportRow>('participants', 'المشاركون', 'Participants', 12, (r) => r.participants),
    numberColumn<TargetExportRow>('minTarget', 'الحد الأدنى المستهدف', 'Minimum target', 14, (r) => r.minTarget),
    numberColumn<TargetExportRow>('maxTarget', 'الحد الأعلى المستهدف', 'Maximum target', 14, (r) => r.maxTarget),
    textColumn<TargetExportRow>('standing', 'مقارنة بالمستهدف', 'Against target', 18, (r) =>
      r.standing ? STANDING_NAMES[r.standing] : null,
    ),
  ],
  ...wholeTable(targetRows),
  describe: (f, c) => [inLang(TARGET_TABLES[f.view], c), ...filterLines(f, c)],
});

async function targetRows(
  db: Kysely<AnyDB>,
  q: StatisticsQueryOut & { view: keyof typeof TARGET_TABLES },
  scope: ExportScope | null,
): Promise<TargetExportRow[]> {
  const rows = await targets(db, q.view, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
  return rows.map((r) => ({ ...r, view: q.view }));
}

// ---------------------------------------------------------------------------------------------------- KPI comparison

type KpiQueryOut = StatisticsQueryOut & {
  kind: 'year' | 'half' | 'quarter' | 'month';
  selectionYear: number;
  selectionIndex: number;
  baseYear: number;
  baseIndex: number;
};
const periodsOf = (q: KpiQueryOut) => ({
  selection: { kind: q.kind, year: q.selectionYear, index: q.selectionIndex },
  base: { kind: q.kind, year: q.baseYear, index: q.baseIndex },
});

export const statisticsKpiSource = exportSource({
  contract: exportStatisticsKpi,
  title: { ar: 'مقارنة مؤشرات الأداء للفعاليات', en: 'KPI comparison of events' },
  columns: [
    textColumn<KpiRow>('figure', 'المؤشر', 'Figure', 26, (r) => KPI_NAMES[r.figure]),
    numberColumn<KpiRow>('selection', 'فترة الاختيار', 'Selection', 14, (r) => r.selection),
    numberColumn<KpiRow>('base', 'فترة الأساس', 'Base', 14, (r) => r.base),
    numberColumn<KpiRow>('change', 'التغير', 'Change', 12, (r) => r.change),
    numberColumn<KpiRow>('changePercent', 'التغير %', 'Change %', 12, (r) => r.changePercent),
  ],
  ...wholeTable(kpiRows),
  describe: (f, c) => {
    const { selection, base } = periodsOf(f);
    const s = periodRange(selection);
    const b = periodRange(base);
    return [
      c.lang === 'ar' ? `فترة الاختيار: ${s.from} – ${s.to}` : `Selection: ${s.from} – ${s.to}`,
      c.lang === 'ar' ? `فترة الأساس: ${b.from} – ${b.to}` : `Base: ${b.from} – ${b.to}`,
      ...asOfLine(f, c),
    ];
  },
});

async function kpiRows(db: Kysely<AnyDB>, q: KpiQueryOut, scope: ExportScope | null): Promise<KpiRow[]> {
  const { selection, base } = periodsOf(q);
  return kpiComparison(db, selection, base, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
}
