import type { Kysely } from 'kysely';
import { type AccountDB, type LoginLogRow, loginLogCount, loginLogRows } from '../../projections/account/queries.ts';
import {
  type ParticipantRow,
  participantCount,
  participantRows,
} from '../../projections/opportunity/participation-queries.ts';
import type { OpportunityDB } from '../../projections/opportunity/queries.ts';
import {
  type RegistrationGridRow,
  type RegistrationsDB,
  registrationCount,
  registrationRows,
} from '../../projections/registration/queries.ts';
import { exportParticipants, exportUsersLog, exportVolunteers } from '../contracts/exports.ts';
import { LOGIN_STATUS_NAMES, type LoginStatus, USERS_LOG_COLUMNS } from '../contracts/users.ts';
import {
  approvedHoursColumn,
  dateColumn,
  type ExportContext,
  lookupName,
  nameColumn,
  numberColumn,
  toDate,
} from './columns.ts';
import { authorizeEventInScope } from './grid-sources.ts';
import {
  areaLines,
  codeLine,
  filterLine,
  label,
  named,
  namedColumn,
  PARTICIPATION_STATUS_NAMES,
  periodLines,
  REGISTRATION_STATUS_NAMES,
} from './names.ts';
import { exportSource } from './registry.ts';
// The staff grids' sources (users, audit log, hours, event reports) register on import.
import './grid-sources.ts';
import './report-sources.ts';

export { PARTICIPATION_STATUS_NAMES, REGISTRATION_STATUS_NAMES };

// The statistics page's tables (api/exports/statistics.ts).
import './statistics.ts';

// The export sources. A new one is one registration: a contract line in api/contracts/exports.ts (path, screen
// action, the grid's filter schema) and an exportSource below (title, columns, count and keyset rows from the grid's
// own queries), registered here; the routes, the job, both formats and the audit come with it.

/** Volunteers data (spec: export volunteers data): the registrations grid — its status, filters, sort and scope. */
export const volunteersSource = exportSource({
  contract: exportVolunteers,
  title: { ar: 'بيانات المتطوعين', en: 'Volunteers data' },
  columns: [
    {
      key: 'referenceNumber',
      ar: 'رقم الطلب',
      en: 'Reference',
      width: 16,
      value: (r: RegistrationGridRow) => r.referenceNumber,
    },
    { key: 'nameAr', ar: 'الاسم بالعربية', en: 'Arabic name', width: 28, value: (r) => r.nameAr },
    { key: 'nameEn', ar: 'الاسم بالإنجليزية', en: 'English name', width: 28, value: (r) => r.nameEn },
    { key: 'idNumber', ar: 'رقم الهوية', en: 'ID number', width: 14, value: (r) => r.idNumber },
    { key: 'mobile', ar: 'الجوال', en: 'Mobile', width: 14, value: (r) => r.mobile },
    { key: 'region', ar: 'المنطقة', en: 'Region', width: 18, value: (r, c) => lookupName(c, 'region', r.regionId) },
    { key: 'city', ar: 'المدينة', en: 'City', width: 18, value: (r, c) => lookupName(c, 'city', r.cityId) },
    namedColumn<RegistrationGridRow>('status', 'الحالة', 'Status', 16, REGISTRATION_STATUS_NAMES, (r) => r.status),
    dateColumn<RegistrationGridRow>('submittedAt', 'تاريخ الإرسال', 'Submitted', 18, (r) => r.submittedAt),
  ],
  count: (db, f, scope) => registrationCount(db as Kysely<RegistrationsDB>, f, scope),
  rows: (db, f, scope) => registrationRows(db as Kysely<RegistrationsDB>, f, scope),
  describe: (f, c) => [
    label(c, 'الحالة', 'Status', named(REGISTRATION_STATUS_NAMES, f.status, c)),
    ...filterLine(c, 'الاسم', 'Name', f.name),
    ...filterLine(c, 'رقم الهوية', 'ID number', f.idNumber),
    ...filterLine(c, 'الجوال', 'Mobile', f.mobile),
    ...areaLines(c, f),
    ...periodLines(c, f),
  ],
});

/**
 * The invited volunteers of one event (spec: export invited volunteers data/{id}): its roster, of one status or all.
 * Staff limited to regions and cities export only the events in them (the events screens' rule: 404 otherwise).
 */
export const participantsSource = exportSource({
  contract: exportParticipants,
  title: { ar: 'المتطوعون المدعوون للفعالية', en: 'Invited volunteers of the event' },
  columns: [
    nameColumn<ParticipantRow>('name', 'الاسم', 'Name', 28, (r) => [r.nameAr, r.nameEn]),
    { key: 'email', ar: 'البريد الإلكتروني', en: 'Email', width: 28, value: (r) => r.email },
    { key: 'mobile', ar: 'الجوال', en: 'Mobile', width: 14, value: (r) => r.mobile },
    namedColumn<ParticipantRow>('status', 'الحالة', 'Status', 24, PARTICIPATION_STATUS_NAMES, (r) => r.status),
    approvedHoursColumn<ParticipantRow>(),
    numberColumn<ParticipantRow>('pendingHours', 'الساعات المعلقة', 'Pending hours', 12, (r) => r.pendingHours),
  ],
  count: (db, f) => participantCount(db as Kysely<OpportunityDB>, f.eventId, f.status),
  rows: (db, f) => participantRows(db as Kysely<OpportunityDB>, f.eventId, f.status),
  authorize: (deps, session, f) => authorizeEventInScope(deps, session, f.eventId),
  describe: (f, c) => [
    label(c, 'الفعالية', 'Event', f.eventId),
    ...codeLine(c, 'الحالة', 'Status', PARTICIPATION_STATUS_NAMES, f.status),
  ],
});

const loginStatus = (s: number, c: ExportContext) => LOGIN_STATUS_NAMES[s as LoginStatus]?.[c.lang] ?? String(s);

/** The users log (spec: ExporttoExcel of GetUsersLogReportData): every sign-in attempt the filters select. */
export const usersLogSource = exportSource({
  contract: exportUsersLog,
  title: { ar: 'سجل المستخدمين', en: 'Users log' },
  columns: [
    { key: 'at', ...USERS_LOG_COLUMNS.at, kind: 'datetime', width: 22, value: (r: LoginLogRow) => toDate(r.at) },
    { key: 'user', ...USERS_LOG_COLUMNS.user, width: 30, value: (r) => r.nameAr || r.nameEn || '' },
    { key: 'userName', ...USERS_LOG_COLUMNS.userName, width: 22, value: (r) => r.userName ?? '' },
    {
      key: 'loginStatus',
      ...USERS_LOG_COLUMNS.loginStatus,
      width: 26,
      value: (r, c) => loginStatus(r.loginStatus, c),
    },
    { key: 'ip', ...USERS_LOG_COLUMNS.ip, width: 18, value: (r) => r.ip ?? '' },
    { key: 'userAgent', ...USERS_LOG_COLUMNS.userAgent, width: 60, value: (r) => r.userAgent ?? '' },
  ],
  count: (db, f) => loginLogCount(db as Kysely<AccountDB>, f),
  rows: (db, f) => loginLogRows(db as Kysely<AccountDB>, f),
  describe: (f, c) => [
    ...periodLines(c, f),
    ...(f.loginStatuses?.length
      ? [label(c, 'نتيجة الدخول', 'Result', f.loginStatuses.map((s) => loginStatus(s, c)).join('، '))]
      : []),
    ...filterLine(c, 'عنوان IP', 'IP address', f.ip),
    ...filterLine(c, 'المتصفح', 'User agent', f.userAgent),
  ],
});
