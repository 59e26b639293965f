import type { Kysely } from 'kysely';
import type { ExportScope } from '../../domain/reports/decide.ts';
import type { RoleNameKey } from '../../domain/shared/roles.ts';
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
import { coveredAreas } from '../http/scope.ts';
import { type ExportContext, lookupName, nameIn, toDate } from './columns.ts';
import { EVENT_APPROVAL_NAMES, EVENT_STATUS_NAMES, EVENT_VISIBILITY_NAMES, label, type Names, named } from './names.ts';
import { defineSource, registerSource } from './registry.ts';

// The staff grids' export sources (users, audit log, hours): each selects what its grid shows, with the grid's own
// filters and sort, in the scope the grid applies (the hours: events in the staff member's regions and cities).

/** The roles' names (web/src/app/i18n RoleVolunteer … RoleResponderAdmin). */
export const ROLE_NAMES: Names = {
  1: { ar: 'متطوع', en: 'Volunteer' },
  2: { ar: 'موظف', en: 'Staff' },
  3: { ar: 'مدير النظام', en: 'Administrator' },
  4: { ar: 'مراجع', en: 'Reviewer' },
  5: { ar: 'مدير المتطوعين', en: 'Volunteer administrator' },
  6: { ar: 'مدير المستجيبين', en: 'Responder administrator' },
} satisfies Record<keyof typeof RoleNameKey, unknown>;

const ACTIVE: Names = {
  active: { ar: 'نشط', en: 'Active' },
  inactive: { ar: 'معطّل', en: 'Deactivated' },
};

const HOURS_STATES: Names = {
  pending: { ar: 'بانتظار الاعتماد', en: 'Pending' },
  approved: { ar: 'معتمدة', en: 'Approved' },
  rejected: { ar: 'مرفوضة', en: 'Rejected' },
};

const names = (c: ExportContext, kind: 'region' | 'city', ids: readonly number[]) =>
  ids.map((id) => lookupName(c, kind, id)).join(c.lang === 'ar' ? '، ' : ', ');

/** The users grid (GetUsers): search, role, department, region, status and sort. Admin screens: not scoped. */
export const usersSource = registerSource(
  defineSource({
    name: 'users',
    contract: exportUsers,
    title: { ar: 'المستخدمون', en: 'Users' },
    columns: [
      { key: 'userName', ar: 'اسم المستخدم', en: 'User name', width: 20, value: (r: UserRow) => r.userName },
      { key: 'nameAr', ar: 'الاسم بالعربية', en: 'Arabic name', width: 28, value: (r) => r.nameAr },
      { key: 'nameEn', ar: 'الاسم بالإنجليزية', en: 'English name', width: 28, value: (r) => r.nameEn },
      { key: 'email', ar: 'البريد الإلكتروني', en: 'Email', width: 28, value: (r) => r.email },
      { key: 'mobile', ar: 'الجوال', en: 'Mobile', width: 14, value: (r) => r.mobile },
      { key: 'role', ar: 'الدور', en: 'Role', width: 20, value: (r, c) => named(ROLE_NAMES, r.roleId, c) },
      {
        key: 'department',
        ar: 'الإدارة',
        en: 'Department',
        width: 22,
        value: (r, c) => lookupName(c, 'department', r.departmentId),
      },
      { key: 'regions', ar: 'المناطق', en: 'Regions', width: 24, value: (r, c) => names(c, 'region', r.regionIds) },
      { key: 'cities', ar: 'المدن', en: 'Cities', width: 24, value: (r, c) => names(c, 'city', r.cityIds) },
      {
        key: 'status',
        ar: 'الحالة',
        en: 'Status',
        width: 12,
        value: (r, c) => named(ACTIVE, r.active ? 'active' : 'inactive', c),
      },
      {
        key: 'lastLoginAt',
        ar: 'آخر دخول',
        en: 'Last sign-in',
        kind: 'datetime',
        width: 18,
        value: (r) => toDate(r.lastLoginAt),
      },
      {
        key: 'createdAt',
        ar: 'تاريخ الإنشاء',
        en: 'Created',
        kind: 'datetime',
        width: 18,
        value: (r) => toDate(r.createdAt),
      },
    ],
    count: (db, f) => usersCount(db as Kysely<AccountDB>, f),
    rows: (db, f) => usersRows(db as Kysely<AccountDB>, f),
    describe: (f, c) => [
      ...(f.search ? [label(c, 'بحث', 'Search', f.search)] : []),
      ...(f.roleId ? [label(c, 'الدور', 'Role', named(ROLE_NAMES, f.roleId, c))] : []),
      ...(f.departmentId ? [label(c, 'الإدارة', 'Department', lookupName(c, 'department', f.departmentId)!)] : []),
      ...(f.regionId ? [label(c, 'المنطقة', 'Region', lookupName(c, 'region', f.regionId)!)] : []),
      ...(f.status ? [label(c, 'الحالة', 'Status', named(ACTIVE, f.status, c))] : []),
    ],
  }),
);

const changesText = (r: AuditRow) =>
  r.changes.map((ch) => `${ch.field}: ${JSON.stringify(ch.from) ?? '—'} → ${JSON.stringify(ch.to) ?? '—'}`).join('\n');

/** The audit log (admins): actor, record type and id, days; newest first. */
export const auditLogSource = registerSource(
  defineSource({
    name: 'audit-log',
    contract: exportAuditLog,
    title: { ar: 'سجل التدقيق', en: 'Audit log' },
    columns: [
      { key: 'at', ar: 'الوقت', en: 'When', kind: 'datetime', width: 20, value: (r: AuditRow) => toDate(r.at) },
      {
        key: 'actor',
        ar: 'المنفّذ',
        en: 'Actor',
        width: 26,
        value: (r, c) => nameIn(c, r.actor.nameAr, r.actor.nameEn),
      },
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
      ...(f.actorId ? [label(c, 'المنفّذ', 'Actor', f.actorId)] : []),
      ...(f.recordType ? [label(c, 'نوع السجل', 'Record type', f.recordType)] : []),
      ...(f.recordId ? [label(c, 'رقم السجل', 'Record', f.recordId)] : []),
      ...(f.from ? [label(c, 'من', 'From', f.from)] : []),
      ...(f.to ? [label(c, 'إلى', 'To', f.to)] : []),
    ],
  }),
);

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
export const hoursSource = registerSource(
  defineSource({
    name: 'hours',
    contract: exportHours,
    title: { ar: 'ساعات التطوع', en: 'Volunteer hours' },
    columns: [
      { key: 'eventCode', ar: 'رمز الفعالية', en: 'Event code', width: 14, value: (r: HoursGridRow) => r.eventCode },
      { key: 'event', ar: 'الفعالية', en: 'Event', width: 30, value: (r, c) => nameIn(c, r.eventAr, r.eventEn) },
      { key: 'volunteer', ar: 'المتطوع', en: 'Volunteer', width: 28, value: (r, c) => nameIn(c, r.nameAr, r.nameEn) },
      { key: 'hours', ar: 'الساعات', en: 'Hours', kind: 'number', width: 10, value: (r) => r.hours },
      { key: 'cases', ar: 'الحالات', en: 'Cases', kind: 'number', width: 10, value: (r) => r.casesHandled },
      { key: 'checkIn', ar: 'الحضور', en: 'Check-in', kind: 'datetime', width: 18, value: (r) => toDate(r.checkIn) },
      {
        key: 'checkOut',
        ar: 'الانصراف',
        en: 'Check-out',
        kind: 'datetime',
        width: 18,
        value: (r) => toDate(r.checkOut),
      },
      { key: 'rating', ar: 'التقييم', en: 'Rating', kind: 'number', width: 10, value: (r) => r.rating },
      { key: 'state', ar: 'الحالة', en: 'State', width: 16, value: (r, c) => named(HOURS_STATES, r.state, c) },
    ],
    count: (db, f, scope, c) => hoursCount(db as Kysely<OpportunityDB>, eventScopeOf(scope, c), f),
    rows: (db, f, scope, c) => hoursRows(db as Kysely<OpportunityDB>, eventScopeOf(scope, c), f),
    describe: (f, c) => [
      label(c, 'الحالة', 'State', named(HOURS_STATES, f.state, c)),
      ...(f.opportunityId ? [label(c, 'الفعالية', 'Event', f.opportunityId)] : []),
      ...(f.volunteer ? [label(c, 'المتطوع', 'Volunteer', f.volunteer)] : []),
      ...(f.from ? [label(c, 'من', 'From', f.from)] : []),
      ...(f.to ? [label(c, 'إلى', 'To', f.to)] : []),
    ],
  }),
);

const ATTENDANCE_TYPES: Names = {
  1: { ar: 'داخل المنشأة', en: 'Inside the facility' },
  2: { ar: 'خارج المنشأة', en: 'Outside the facility' },
  3: { ar: 'عن بُعد', en: 'Remote' },
};

/**
 * The events manage grid (every status, approval and visibility, deleted and rejected events too) with the grid's
 * filters, in the staff member's scope, newest created first: the grid's own conditions (manageWhere), not a copy.
 */
export const eventsSource = registerSource(
  defineSource({
    name: 'events',
    contract: exportEvents,
    title: { ar: 'الفعاليات', en: 'Events' },
    columns: [
      { key: 'code', ar: 'الرمز', en: 'Code', width: 14, value: (r: EventExportRow) => r.code },
      { key: 'name', ar: 'الفعالية', en: 'Event', width: 32, value: (r, c) => nameIn(c, r.nameAr, r.nameEn) },
      { key: 'start', ar: 'البداية', en: 'Start', kind: 'date', width: 12, value: (r) => toDate(r.startDate) },
      { key: 'end', ar: 'النهاية', en: 'End', kind: 'date', width: 12, value: (r) => toDate(r.endDate) },
      { key: 'status', ar: 'الحالة', en: 'Status', width: 12, value: (r, c) => named(EVENT_STATUS_NAMES, r.status, c) },
      {
        key: 'approval',
        ar: 'الاعتماد',
        en: 'Approval',
        width: 20,
        value: (r, c) => named(EVENT_APPROVAL_NAMES, r.approval, c),
      },
      {
        key: 'visibility',
        ar: 'الظهور',
        en: 'Visibility',
        width: 20,
        value: (r, c) => named(EVENT_VISIBILITY_NAMES, r.visibility, c),
      },
      {
        key: 'attendance',
        ar: 'نوع الحضور',
        en: 'Attendance',
        width: 18,
        value: (r, c) => named(ATTENDANCE_TYPES, r.attendanceType, c),
      },
      {
        key: 'seats',
        ar: 'المقاعد المشغولة',
        en: 'Seats taken',
        kind: 'number',
        width: 12,
        value: (r) => r.seatsTaken,
      },
      {
        key: 'max',
        ar: 'الحد الأقصى',
        en: 'Maximum',
        kind: 'number',
        width: 12,
        value: (r) => r.maxContributions,
      },
      {
        key: 'approvedHours',
        ar: 'الساعات المعتمدة',
        en: 'Approved hours',
        kind: 'number',
        width: 12,
        value: (r) => r.approvedHours,
      },
    ],
    count: (db, f, scope, c) => eventsCount(db as Kysely<OpportunityDB>, f, eventScopeOf(scope, c)),
    rows: (db, f, scope, c) => eventsRows(db as Kysely<OpportunityDB>, f, eventScopeOf(scope, c)),
    describe: (f, c) => [
      ...(f.status !== undefined ? [label(c, 'الحالة', 'Status', named(EVENT_STATUS_NAMES, f.status, c))] : []),
      ...(f.approval ? [label(c, 'الاعتماد', 'Approval', named(EVENT_APPROVAL_NAMES, f.approval, c))] : []),
      ...(f.visibility !== undefined
        ? [label(c, 'الظهور', 'Visibility', named(EVENT_VISIBILITY_NAMES, f.visibility, c))]
        : []),
      ...(f.code ? [label(c, 'الرمز', 'Code', f.code)] : []),
      ...(f.regionId ? [label(c, 'المنطقة', 'Region', lookupName(c, 'region', f.regionId)!)] : []),
      ...(f.cityId ? [label(c, 'المدينة', 'City', lookupName(c, 'city', f.cityId)!)] : []),
    ],
  }),
);
