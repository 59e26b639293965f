import type { Kysely } from 'kysely';
import {
  eventReportRows,
  eventReportsCount,
  eventReportsSummary,
  type ReportFigures,
  type ReportListRow,
  type ReportsDB,
  type RosterExportRow,
  reportRosterCount,
  reportRosterRows,
} from '../../projections/reports/queries.ts';
import { exportEventReport, exportEventReports, exportEventReportsSummary } from '../contracts/exports.ts';
import { authorizeEventReport } from '../reports/scope.ts';
import { approvedHoursColumn, type ExportContext, incidentsColumn, nameColumn, numberColumn } from './columns.ts';
import { eventColumns, eventScopeOf } from './grid-sources.ts';
import {
  ATTENDANCE_NAMES,
  codeLine,
  EVENT_STATUS_NAMES,
  filterLine,
  label,
  namedColumn,
  PARTICIPATION_STATUS_NAMES,
} from './names.ts';
import { exportSource } from './registry.ts';

// The event reports (screen `statistics`): the list with each event's figures, the summary's totals, and one event's
// report as its roster with each volunteer's figures; staff limited to regions and cities see their events only.

/** The figures' names (web: reports.fig.*), in the summary's order. */
const FIGURES: readonly [keyof ReportFigures | 'events', string, string][] = [
  ['events', 'الفعاليات', 'Events'],
  ['participants', 'المتطوعون', 'Volunteers'],
  ['attended', 'حضروا', 'Attended'],
  ['expected', 'مقبولون لم يحضروا بعد', 'Accepted, not attended yet'],
  ['absent', 'غائبون', 'Absent'],
  ['released', 'أُخلي طرفهم', 'Released'],
  ['approvedHours', 'ساعات معتمدة', 'Approved hours'],
  ['pendingHours', 'ساعات قيد الاعتماد', 'Pending hours'],
  ['rejectedHours', 'ساعات مرفوضة', 'Rejected hours'],
  ['casesHandled', 'حالات معالجة', 'Cases handled'],
  ['ratingCount', 'عدد التقييمات', 'Ratings'],
  ['averageRating', 'متوسط التقييم', 'Average rating'],
  ['incidents', 'حالات مسجلة', 'Incidents'],
];

type ReportFilters = {
  search?: string | undefined;
  status?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  asOf?: string | undefined;
};
const describeReports = (f: ReportFilters, c: ExportContext) => [
  ...filterLine(c, 'الرمز أو الاسم', 'Code or name', f.search),
  ...codeLine(c, 'حالة الفعالية', 'Event status', EVENT_STATUS_NAMES, f.status),
  ...filterLine(c, 'تبدأ من', 'Starting from', f.from),
  ...filterLine(c, 'تبدأ حتى', 'Starting until', f.to),
  ...filterLine(c, 'كما في', 'As of', f.asOf),
];

/** The event reports list: every event the filters select in the scope, with its figures. */
export const eventReportsSource = exportSource({
  contract: exportEventReports,
  title: { ar: 'تقارير الفعاليات', en: 'Event reports' },
  columns: [
    ...eventColumns<ReportListRow>(),
    numberColumn<ReportListRow>('participants', 'المتطوعون', 'Volunteers', 11, (r) => r.participants),
    numberColumn<ReportListRow>('attended', 'حضروا', 'Attended', 10, (r) => r.attended),
    numberColumn<ReportListRow>('absent', 'غابوا', 'Absent', 10, (r) => r.absent),
    approvedHoursColumn<ReportListRow>(),
    numberColumn<ReportListRow>('rating', 'متوسط التقييم', 'Average rating', 12, (r) => r.averageRating),
    incidentsColumn<ReportListRow>(),
  ],
  count: (db, f, scope, c) => eventReportsCount(db as Kysely<ReportsDB>, eventScopeOf(scope, c), f),
  rows: (db, f, scope, c) => eventReportRows(db as Kysely<ReportsDB>, eventScopeOf(scope, c), f),
  describe: describeReports,
});

interface SummaryLine {
  ar: string;
  en: string;
  value: number | null;
}

/** The summary's lines: the figures, then the volunteers by invitation status. */
async function* summaryLines(db: Kysely<ReportsDB>, scope: ReturnType<typeof eventScopeOf>, f: ReportFilters) {
  const s = await eventReportsSummary(db, scope, f);
  for (const [key, ar, en] of FIGURES) yield { ar, en, value: s[key] } satisfies SummaryLine;
  for (const [status, n] of Object.entries(s.byStatus).sort(([a], [b]) => Number(a) - Number(b))) {
    const name = PARTICIPATION_STATUS_NAMES[Number(status)] ?? { ar: status, en: status };
    yield { ar: `المتطوعون: ${name.ar}`, en: `Volunteers: ${name.en}`, value: n } satisfies SummaryLine;
  }
}

/** The event reports summary: the totals of every event the filters select in the scope, one figure a row. */
export const eventReportsSummarySource = exportSource({
  contract: exportEventReportsSummary,
  title: { ar: 'ملخص تقارير الفعاليات', en: 'Event reports summary' },
  columns: [
    { key: 'figure', ar: 'البند', en: 'Figure', width: 36, value: (r: SummaryLine, c) => r[c.lang] },
    numberColumn<SummaryLine>('value', 'القيمة', 'Value', 14, (r) => r.value),
  ],
  count: async (db, f, scope, c) => {
    let n = 0;
    for await (const _ of summaryLines(db as Kysely<ReportsDB>, eventScopeOf(scope, c), f)) n++;
    return n;
  },
  rows: (db, f, scope, c) => summaryLines(db as Kysely<ReportsDB>, eventScopeOf(scope, c), f),
  describe: describeReports,
});

/**
 * One event's report (spec: the event report, printable): its roster with each volunteer's status, attendance,
 * hours, cases, rating and incidents, as of a moment or now. Staff outside the event's regions and cities: 404, and
 * nothing recorded (the report screen's own rule).
 */
export const eventReportSource = exportSource({
  contract: exportEventReport,
  title: { ar: 'تقرير الفعالية', en: 'Event report' },
  columns: [
    nameColumn<RosterExportRow>('volunteer', 'المتطوع', 'Volunteer', 28, (r) => [r.nameAr, r.nameEn]),
    namedColumn<RosterExportRow>('status', 'الحالة', 'Status', 24, PARTICIPATION_STATUS_NAMES, (r) => r.status),
    namedColumn<RosterExportRow>('attendance', 'الحضور', 'Attendance', 14, ATTENDANCE_NAMES, (r) => r.attendance),
    approvedHoursColumn<RosterExportRow>(),
    numberColumn<RosterExportRow>('pendingHours', 'ساعات قيد الاعتماد', 'Pending hours', 12, (r) => r.pendingHours),
    numberColumn<RosterExportRow>('rejectedHours', 'ساعات مرفوضة', 'Rejected hours', 12, (r) => r.rejectedHours),
    numberColumn<RosterExportRow>('cases', 'الحالات المعالجة', 'Cases handled', 12, (r) => r.casesHandled),
    numberColumn<RosterExportRow>('rating', 'التقييم', 'Rating', 10, (r) => r.rating),
    incidentsColumn<RosterExportRow>(),
  ],
  count: (db, f) => reportRosterCount(db as Kysely<ReportsDB>, f.eventId, f.asOf),
  rows: (db, f) => reportRosterRows(db as Kysely<ReportsDB>, f.eventId, f.asOf),
  authorize: (deps, session, f) => authorizeEventReport(deps, session, f.eventId, f.asOf ?? null),
  describe: (f, c) => [label(c, 'الفعالية', 'Event', f.eventId), ...filterLine(c, 'كما في', 'As of', f.asOf)],
});
