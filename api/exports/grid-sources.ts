import type { Kysely } from 'kysely';
import { loadOpportunity } from '../../commands/participation/handlers.ts';
import type { ExportScope } from '../../domain/reports/decide.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type AccountDB, type UserRow, usersCount, usersRows } from '../../projections/account/queries.ts';
import { type AuditDB, type AuditRow, auditCount, auditRows } from '../../projections/audit/queries.ts';
import { type HoursGridRow, hoursCount, hoursRows } from '../../projections/opportunity/participation-queries.ts';
import {
  type EventExportRow,
  eventScopeCondition,
  eventsCount,
  eventsRows,
  type OpportunityDB,
} from '../../projections/opportunity/queries.ts';
import { exportAuditLog, exportEvents, exportHours, exportUsers } from '../contracts/exports.ts';
import type { ApiDeps } from '../http/deps.ts';
import { coveredAreas, eventInScope, staffScope } from '../http/scope.ts';
import {
  approvedHoursColumn,
  dateColumn,
  type ExportColumn,
  type ExportContext,
  lookupName,
  nameColumn,
  numberColumn,
} from './columns.ts';
import {
  ATTENDANCE_TYPE_NAMES,
  areaLines,
  codeLine,
  EVENT_APPROVAL_NAMES,
  EVENT_STATUS_NAMES,
  EVENT_VISIBILITY_NAMES,
  filterLine,
  HOURS_STATE_NAMES,
  label,
  lookupLine,
  named,
  namedColumn,
  periodLines,
  ROLE_NAMES,
  USER_ACTIVE_NAMES,
} from './names.ts';
import { exportSource } from './registry.ts';

// The staff grids' export sources (users, audit log, hours): each selects what its grid shows, with the grid's own
// filters and sort, in the scope the grid applies (the hours: events in the staff member's regions and cities).

const names = (c: ExportContext, kind: 'region' | 'city', ids: readonly number[]) =>
  ids.map((id) => lookupName(c, kind, id)).join(c.lang === 'ar' ? '، ' : ', ');

/** The users grid (GetUsers): search, role, department, region, status and sort. Admin screens: not scoped. */
export const usersSource = exportSource({
  contract: exportUsers,
  title: { ar: 'المستخدمون', en: 'Users' },
  columns: [
    { key: 'userName', ar: 'اسم المستخدم', en: 'User name', width: 20, value: (r: UserRow) => r.userName },
    { key: 'nameAr', ar: 'الاسم بالعربية', en: 'Arabic name', width: 28, value: (r) => r.nameAr },
    { key: 'nameEn', ar: 'الاسم بالإنجليزية', en: 'English name', width: 28, value: (r) => r.nameEn },
    { key: 'email', ar: 'البريد الإلكتروني', en: 'Email', width: 28, value: (r) => r.email },
    { key: 'mobile', ar: 'الجوال', en: 'Mobile', width: 14, value: (r) => r.mobile },
    namedColumn<UserRow>('role', 'الدور', 'Role', 20, ROLE_NAMES, (r) => r.roleId),
    {
      key: 'department',
      ar: 'الإدارة',
      en: 'Department',
      width: 22,
      value: (r, c) => lookupName(c, 'department', r.departmentId),
    },
    { key: 'regions', ar: 'المناطق', en: 'Regions', width: 24, value: (r, c) => names(c, 'region', r.regionIds) },
    { key: 'cities', ar: 'المدن', en: 'Cities', width: 24, value: (r, c) => names(c, 'city', r.cityIds) },
    namedColumn<UserRow>('status', 'الحالة', 'Status', 12, USER_ACTIVE_NAMES, (r) =>
      r.active ? 'active' : 'inactive',
    ),
    dateColumn<UserRow>('lastLoginAt', 'آخر دخول', 'Last sign-in', 18, (r) => r.lastLoginAt),
    dateColumn<UserRow>('createdAt', 'تاريخ الإنشاء', 'Created', 18, (r) => r.createdAt),
  ],
  count: (db, f) => usersCount(db as Kysely<AccountDB>, f),
  rows: (db, f) => usersRows(db as Kysely<AccountDB>, f),
  describe: (f, c) => [
    ...filterLine(c, 'بحث', 'Search', f.search),
    ...codeLine(c, 'الدور', 'Role', ROLE_NAMES, f.roleId),
    ...lookupLine(c, 'الإدارة', 'Department', 'department', f.departmentId),
    ...lookupLine(c, 'المنطقة', 'Region', 'region', f.regionId),
    ...codeLine(c, 'الحالة', 'Status', USER_ACTIVE_NAMES, f.status),
  ],
});

const changesText = (r: AuditRow) =>
  r.changes.map((ch) => `${ch.field}: ${JSON.stringify(ch.from) ?? '—'} → ${JSON.stringify(ch.to) ?? '—'}`).join('\n');

/** The audit log (admins): actor, record type and id, days; newest first. */
export const auditLogSource = exportSource({
  contract: exportAuditLog,
  title: { ar: 'سجل التدقيق', en: 'Audit log' },
  columns: [
    dateColumn<AuditRow>('at', 'الوقت', 'When', 20, (r) => r.at),
    nameColumn<AuditRow>('actor', 'المنفّذ', 'Actor', 26, (r) => [r.actor.nameAr, r.actor.nameEn]),
    {
      key: 'role',
      ar: 'الدور',
      en: 'Role',
      width: 18,
      value: (r, c) => (r.actor.roleId == null ? null : named(ROLE_NAMES, r.actor.roleId, c)),
    },
    { key: 'recordType', ar: 'نوع السجل', en: 'Record type', width: 18, value: (r) => r.recordType },
    { key: 'recordId', ar: 'رقم السجل', en: 'Record', width: 38, value: (r) => r.recordId },
    { key: 'action', ar: 'الإجراء', en: 'Action', width: 28, value: (r) => r.action },
    { key: 'changes', ar: 'التغييرات', en: 'Changes', width: 60, value: (r) => changesText(r) },
    { key: 'request', ar: 'الطلب', en: 'Request', width: 38, value: (r) => r.correlationId },
  ],
  count: (db, f) => auditCount(db as Kysely<AuditDB>, f),
  rows: (db, f) => auditRows(db as Kysely<AuditDB>, f),
  describe: (f, c) => [
    ...filterLine(c, 'المنفّذ', 'Actor', f.actorId),
    ...filterLine(c, 'نوع السجل', 'Record type', f.recordType),
    ...filterLine(c, 'رقم السجل', 'Record', f.recordId),
    ...periodLines(c, f),
  ],
});

/**
 * An event-based export's record check (an event's roster, its report): staff outside the event's regions and cities,
 * or an unknown event, get 404 and nothing is recorded (the events screens' own rule).
 */
export async function authorizeEventInScope(
  deps: ApiDeps,
  session: { userId: string; roleId: number },
  eventId: string,
) {
  const o = await loadOpportunity(deps.store, eventId).catch(() => null);
  if (!o?.details || !eventInScope(await staffScope(deps, session), o.details)) throw new DomainError('NotFound');
}

/** The columns naming an event (code, name, dates, status), first in the events list and the event reports list. */
export const eventColumns = <R extends EventNaming>(): ExportColumn<R>[] => [
  { key: 'code', ar: 'الرمز', en: 'Code', width: 14, value: (r) => r.code },
  nameColumn('name', 'الفعالية', 'Event', 32, (r) => [r.nameAr, r.nameEn]),
  dateColumn('start', 'البداية', 'Start', 12, (r) => r.startDate, 'date'),
  dateColumn('end', 'النهاية', 'End', 12, (r) => r.endDate, 'date'),
  { key: 'status', ar: 'الحالة', en: 'Status', width: 12, value: (r, c) => named(EVENT_STATUS_NAMES, r.status, c) },
];
type EventNaming = Pick<EventExportRow, 'code' | 'nameAr' | 'nameEn' | 'status'> & {
  startDate: string | null;
  endDate: string | null;
};

/** The staff scope as the events screens apply it (a region covers its cities, a city lies in its region). */
export const eventScopeOf = (scope: ExportScope | null, c: ExportContext) =>
  scope
    ? eventScopeCondition(
        (({ regions, cities }) => ({ regions: [...regions], cities: [...cities] }))(
          coveredAreas(c.lookups, scope.regionIds, scope.cityIds),
        ),
      )
    : null;

/** The hours of every event in scope (approve volunteer hours): state, event, volunteer, check-in days and sort. */
export const hoursSource = exportSource({
  contract: exportHours,
  title: { ar: 'ساعات التطوع', en: 'Volunteer hours' },
  columns: [
    { key: 'eventCode', ar: 'رمز الفعالية', en: 'Event code', width: 14, value: (r: HoursGridRow) => r.eventCode },
    nameColumn<HoursGridRow>('event', 'الفعالية', 'Event', 30, (r) => [r.eventAr, r.eventEn]),
    nameColumn<HoursGridRow>('volunteer', 'المتطوع', 'Volunteer', 28, (r) => [r.nameAr, r.nameEn]),
    numberColumn<HoursGridRow>('hours', 'الساعات', 'Hours', 10, (r) => r.hours),
    numberColumn<HoursGridRow>('cases', 'الحالات', 'Cases', 10, (r) => r.casesHandled),
    dateColumn<HoursGridRow>('checkIn', 'الحضور', 'Check-in', 18, (r) => r.checkIn),
    dateColumn<HoursGridRow>('checkOut', 'الانصراف', 'Check-out', 18, (r) => r.checkOut),
    numberColumn<HoursGridRow>('rating', 'التقييم', 'Rating', 10, (r) => r.rating),
    namedColumn<HoursGridRow>('state', 'الحالة', 'State', 16, HOURS_STATE_NAMES, (r) => r.state),
  ],
  count: (db, f, scope, c) => hoursCount(db as Kysely<OpportunityDB>, eventScopeOf(scope, c), f),
  rows: (db, f, scope, c) => hoursRows(db as Kysely<OpportunityDB>, eventScopeOf(scope, c), f),
  describe: (f, c) => [
    label(c, 'الحالة', 'State', named(HOURS_STATE_NAMES, f.state, c)),
    ...filterLine(c, 'الفعالية', 'Event', f.opportunityId),
    ...filterLine(c, 'المتطوع', 'Volunteer', f.volunteer),
    ...periodLines(c, f),
  ],
});

/**
 * The events manage grid (every status, approval and visibility, deleted and rejected events too) with the grid's
 * filters, in the staff member's scope, newest created first: the grid's own conditions (manageWhere), not a copy.
 */
export const eventsSource = exportSource({
  contract: exportEvents,
  title: { ar: 'الفعاليات', en: 'Events' },
  columns: [
    ...eventColumns<EventExportRow>(),
    namedColumn<EventExportRow>('approval', 'الاعتماد', 'Approval', 20, EVENT_APPROVAL_NAMES, (r) => r.approval),
    namedColumn<EventExportRow>('visibility', 'الظهور', 'Visibility', 20, EVENT_VISIBILITY_NAMES, (r) => r.visibility),
    namedColumn<EventExportRow>(
      'attendance',
      'نوع الحضور',
      'Attendance',
      18,
      ATTENDANCE_TYPE_NAMES,
      (r) => r.attendanceType,
    ),
    numberColumn<EventExportRow>('seats', 'المقاعد المشغولة', 'Seats taken', 12, (r) => r.seatsTaken),
    numberColumn<EventExportRow>('max', 'الحد الأقصى', 'Maximum', 12, (r) => r.maxContributions),
    approvedHoursColumn<EventExportRow>(),
  ],
  count: (db, f, scope, c) => eventsCount(db as Kysely<OpportunityDB>, f, eventScopeOf(scope, c)),
  rows: (db, f, scope, c) => eventsRows(db as Kysely<OpportunityDB>, f, eventScopeOf(scope, c)),
  describe: (f, c) => [
    ...codeLine(c, 'الحالة', 'Status', EVENT_STATUS_NAMES, f.status),
    ...codeLine(c, 'الاعتماد', 'Approval', EVENT_APPROVAL_NAMES, f.approval),
    ...codeLine(c, 'الظهور', 'Visibility', EVENT_VISIBILITY_NAMES, f.visibility),
    ...filterLine(c, 'الرمز', 'Code', f.code),
    ...areaLines(c, f),
  ],
});
