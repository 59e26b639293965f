import type { Kysely } from 'kysely';
import { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { ExportScope } from '../../domain/reports/decide.ts';
import type { KpiFigure } from '../../domain/statistics/figures.ts';
import { periodRange } from '../../domain/statistics/periods.ts';
import { allLookups } from '../../projections/lookups/queries.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import {
  type AreaFigures,
  type BreakdownRow,
  breakdowns,
  dashboardStatistics,
  type KpiRow,
  kpiComparison,
  type StatisticsScope,
} from '../../projections/statistics/queries.ts';
import { exportStatisticsBreakdowns, exportStatisticsDashboard, exportStatisticsKpi } from '../contracts/statistics.ts';
import { coveredAreas } from '../http/scope.ts';
import { asOfOf, filtersOf } from '../statistics/routes.ts';
import type { ExportContext } from './columns.ts';
import { defineSource, registerSource } from './registry.ts';

/**
 * The statistics exports: the tables the statistics page shows, with its filters and its "as of" day, read by the
 * same queries as the screen (projections/statistics/queries.ts), so a file holds the screen's figures. A table is
 * a few hundred rows at most: it is read whole, then written row by row.
 */

type Text = { ar: string; en: string };
const inLang = (x: Text, ctx: ExportContext) => x[ctx.lang];

/** The requester's regions and cities as the statistics screens widen them (a city's region, a region's cities). */
async function scopeOf(db: Kysely<AnyDB>, scope: ExportScope | null): Promise<StatisticsScope> {
  if (!scope) return null;
  const covered = coveredAreas(new LookupSnapshot(await allLookups(db)), scope.regionIds, scope.cityIds);
  return { regions: [...covered.regions], cities: [...covered.cities] };
}

async function* each<R>(rows: Promise<R[]>): AsyncIterable<R> {
  for (const r of await rows) yield r;
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

const AREA_TABLES: Record<'regions' | 'eventTypes' | 'cityGroups', Text> = {
  regions: { ar: 'حسب المنطقة', en: 'By region' },
  eventTypes: { ar: 'حسب نوع الفعالية', en: 'By event type' },
  cityGroups: { ar: 'حسب مجموعة المدن', en: 'By city group' },
};
type AreaRow = AreaFigures & { table: keyof typeof AREA_TABLES };

export const statisticsDashboardSource = registerSource(
  defineSource({
    name: 'statistics-dashboard',
    contract: exportStatisticsDashboard,
    title: { ar: 'إحصائيات لوحة المعلومات', en: 'Dashboard statistics' },
    columns: [
      { key: 'table', ar: 'الجدول', en: 'Table', width: 20, value: (r: AreaRow, c) => inLang(AREA_TABLES[r.table], c) },
      { key: 'name', ar: 'الاسم', en: 'Name', width: 28, value: (r, c) => (c.lang === 'ar' ? r.nameAr : r.nameEn) },
      { key: 'registered', ar: 'المسجلون', en: 'Registered', kind: 'number', width: 12, value: (r) => r.registered },
      {
        key: 'registeredPercentage',
        ar: 'نسبة المسجلين %',
        en: 'Registered %',
        kind: 'number',
        width: 12,
        value: (r) => r.registeredPercentage,
      },
      { key: 'events', ar: 'الفعاليات', en: 'Events', kind: 'number', width: 12, value: (r) => r.events },
      {
        key: 'eventsPercentage',
        ar: 'نسبة الفعاليات %',
        en: 'Events %',
        kind: 'number',
        width: 12,
        value: (r) => r.eventsPercentage,
      },
      {
        key: 'approvedHours',
        ar: 'الساعات المعتمدة',
        en: 'Approved hours',
        kind: 'number',
        width: 14,
        value: (r) => r.approvedHours,
      },
      {
        key: 'notApprovedHours',
        ar: 'الساعات غير المعتمدة',
        en: 'Not approved hours',
        kind: 'number',
        width: 14,
        value: (r) => r.notApprovedHours,
      },
    ],
    count: async (db, f, scope) => (await dashboardRows(db, f, scope)).length,
    rows: (db, f, scope) => each(dashboardRows(db, f, scope)),
    describe: (f, c) => filterLines(f, c),
  }),
);

async function dashboardRows(db: Kysely<AnyDB>, q: StatisticsQueryOut, scope: ExportScope | null) {
  const d = await dashboardStatistics(db, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
  return (['regions', 'eventTypes', 'cityGroups'] as const).flatMap((table) =>
    d[table].map((r): AreaRow => ({ ...r, table })),
  );
}
type StatisticsQueryOut = Parameters<typeof filtersOf>[0];

// --------------------------------------------------------------------------------------------------------- breakdowns

const DIMENSIONS: Record<string, Text> = {
  status: { ar: 'حسب الحالة', en: 'By status' },
  region: { ar: 'حسب المنطقة', en: 'By region' },
  city: { ar: 'حسب المدينة', en: 'By city' },
  gender: { ar: 'حسب الجنس', en: 'By gender' },
  practitioner: { ar: 'ممارس صحي', en: 'Health practitioner' },
  category: { ar: 'حسب الفئة', en: 'By category' },
  subCategoryLevel1: { ar: 'حسب الفئة الفرعية (المستوى 1)', en: 'By sub-category (level 1)' },
  subCategoryLevel2: { ar: 'حسب الفئة الفرعية (المستوى 2)', en: 'By sub-category (level 2)' },
  experienceLevel: { ar: 'حسب مستوى الخبرة', en: 'By experience level' },
  approval: { ar: 'حسب الاعتماد', en: 'By approval' },
  eventType: { ar: 'حسب نوع الفعالية', en: 'By event type' },
  public: { ar: 'عامة', en: 'Public' },
};
/** What a key means in the dimensions without names of their own (as the screen says it). */
const CODED: Record<string, Record<number, Text>> = {
  gender: { 1: { ar: 'ذكر', en: 'Male' }, 2: { ar: 'أنثى', en: 'Female' } },
  registrationStatus: {
    1: { ar: 'مسودة', en: 'Draft' },
    2: { ar: 'مُرسل', en: 'Submitted' },
    3: { ar: 'مقبول مبدئيًا', en: 'Initially accepted' },
    5: { ar: 'معتمد', en: 'Approved' },
    6: { ar: 'مرفوض', en: 'Rejected' },
  },
  eventStatus: {
    0: { ar: 'قادمة', en: 'Upcoming' },
    2: { ar: 'جارية', en: 'Active' },
    3: { ar: 'منتهية', en: 'Closed' },
    4: { ar: 'محذوفة', en: 'Deleted' },
  },
  approval: {
    0: { ar: 'بانتظار الاعتماد', en: 'Pending' },
    1: { ar: 'معتمدة', en: 'Approved' },
    2: { ar: 'مرفوضة', en: 'Rejected' },
    3: { ar: 'بانتظار الحذف', en: 'Pending delete' },
  },
  yesNo: { 0: { ar: 'لا', en: 'No' }, 1: { ar: 'نعم', en: 'Yes' } },
};
const NOT_GIVEN: Text = { ar: 'غير محدد', en: 'Not given' };

type BreakdownExportRow = BreakdownRow & { dimension: string; events: boolean };

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

export const statisticsBreakdownsSource = registerSource(
  defineSource({
    name: 'statistics-breakdowns',
    contract: exportStatisticsBreakdowns,
    title: { ar: 'الإحصائيات', en: 'Statistics' },
    columns: [
      {
        key: 'table',
        ar: 'الجدول',
        en: 'Table',
        width: 24,
        value: (r: BreakdownExportRow, c) => inLang(DIMENSIONS[r.dimension] ?? { ar: r.dimension, en: r.dimension }, c),
      },
      { key: 'name', ar: 'الاسم', en: 'Name', width: 28, value: groupName },
      { key: 'value', ar: 'العدد', en: 'Count', kind: 'number', width: 12, value: (r) => r.value },
      { key: 'percentage', ar: 'النسبة %', en: 'Percentage', kind: 'number', width: 12, value: (r) => r.percentage },
      { key: 'upcoming', ar: 'قادمة', en: 'Upcoming', kind: 'number', width: 10, value: byStatus('upcoming') },
      { key: 'active', ar: 'جارية', en: 'Active', kind: 'number', width: 10, value: byStatus('active') },
      { key: 'closed', ar: 'منتهية', en: 'Closed', kind: 'number', width: 10, value: byStatus('closed') },
      { key: 'deleted', ar: 'محذوفة', en: 'Deleted', kind: 'number', width: 10, value: byStatus('deleted') },
    ],
    count: async (db, f, scope) => (await breakdownRows(db, f, scope)).length,
    rows: (db, f, scope) => each(breakdownRows(db, f, scope)),
    describe: (f, c) => filterLines(f, c),
  }),
);

async function breakdownRows(
  db: Kysely<AnyDB>,
  q: StatisticsQueryOut & { view: 'registrations' | 'volunteers' | 'events' | 'eventsAllRegions' },
  scope: ExportScope | null,
): Promise<BreakdownExportRow[]> {
  const tables = await breakdowns(db, q.view, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
  const events = q.view === 'events' || q.view === 'eventsAllRegions';
  return tables.flatMap((t) => t.rows.map((r) => ({ ...r, dimension: t.dimension, events })));
}

// ---------------------------------------------------------------------------------------------------- KPI comparison

const KPI_NAMES: Record<KpiFigure, Text> = {
  events: { ar: 'الفعاليات', en: 'Events' },
  approvedEvents: { ar: 'الفعاليات المعتمدة', en: 'Approved events' },
  closedEvents: { ar: 'الفعاليات المنتهية', en: 'Closed events' },
  invitations: { ar: 'الدعوات والطلبات', en: 'Invitations and requests' },
  participants: { ar: 'المشاركات المقبولة', en: 'Accepted participations' },
  approvedHours: { ar: 'الساعات المعتمدة', en: 'Approved hours' },
  notApprovedHours: { ar: 'الساعات غير المعتمدة', en: 'Not approved hours' },
};

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

export const statisticsKpiSource = registerSource(
  defineSource({
    name: 'statistics-kpi',
    contract: exportStatisticsKpi,
    title: { ar: 'مقارنة مؤشرات الأداء للفعاليات', en: 'KPI comparison of events' },
    columns: [
      { key: 'figure', ar: 'المؤشر', en: 'Figure', width: 26, value: (r: KpiRow, c) => inLang(KPI_NAMES[r.figure], c) },
      { key: 'selection', ar: 'فترة الاختيار', en: 'Selection', kind: 'number', width: 14, value: (r) => r.selection },
      { key: 'base', ar: 'فترة الأساس', en: 'Base', kind: 'number', width: 14, value: (r) => r.base },
      { key: 'change', ar: 'التغير', en: 'Change', kind: 'number', width: 12, value: (r) => r.change },
      {
        key: 'changePercent',
        ar: 'التغير %',
        en: 'Change %',
        kind: 'number',
        width: 12,
        value: (r) => r.changePercent,
      },
    ],
    count: async (db, f, scope) => (await kpiRows(db, f, scope)).length,
    rows: (db, f, scope) => each(kpiRows(db, f, scope)),
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
  }),
);

async function kpiRows(db: Kysely<AnyDB>, q: KpiQueryOut, scope: ExportScope | null): Promise<KpiRow[]> {
  const { selection, base } = periodsOf(q);
  return kpiComparison(db, selection, base, filtersOf(q), await scopeOf(db, scope), asOfOf(q.asOf));
}
