import { z } from 'zod';
import { AfterQuery, CommandAccepted, GridPage, PageSize } from './common.ts';
import { endpoint } from './endpoint.ts';
import * as P from './primitives.ts';

const tags = ['users'];

export const LoginLogRow = z
  .object({
    at: z.string(),
    userId: z.string().nullable(),
    userName: z.string().nullable(),
    nameAr: z.string().nullable(),
    nameEn: z.string().nullable(),
    loginStatus: z.number().int(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: 'LoginLogRow' });
export type LoginLogRow = z.infer<typeof LoginLogRow>;

/**
 * The users log's filters (GetUsersLogReportData: StartDate, EndDate, LoginStatuses), and the address and browser
 * (contained, any case). Login statuses are the spec's login results 1–7, comma-separated.
 */
export const UsersLogFilters = z.object({
  from: P.isoDate().optional(),
  to: P.isoDate().optional(),
  loginStatuses: P.queryIntList(1, 7, 7).optional(),
  ip: P.text(64).trim().optional(),
  userAgent: P.text(200).trim().optional(),
});
export type UsersLogFilters = z.infer<typeof UsersLogFilters>;

/** The users log (GetUsersLogReportData): every login attempt, newest first, for admins. */
export const loginLog = endpoint({
  method: 'GET',
  path: '/api/users/login-log',
  query: AfterQuery.extend({ pageSize: PageSize, page: P.page, ...UsersLogFilters.shape }),
  response: GridPage(LoginLogRow),
  tags,
});

/** The users log as an Excel workbook (ExporttoExcel): every row the filters select, Arabic headers, right to left. */
export const exportLoginLog = endpoint({
  method: 'GET',
  path: '/api/users/login-log/export',
  query: AfterQuery.extend(UsersLogFilters.shape),
  response: z.string().meta({ format: 'binary' }),
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  tags,
});

export const UserAreas = z.object({ regionIds: z.array(P.id).max(100), cityIds: z.array(P.id).max(1000) });

/** Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on. */
export const assignAreas = endpoint({
  method: 'POST',
  path: '/api/users/:id/areas',
  params: z.object({ id: P.uuid() }),
  body: UserAreas,
  response: CommandAccepted,
  tags,
});

export const StaffMember = z
  .object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), roleId: z.number().int() })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

/** Staff members who can be named as the reviewer of an interview (spec: home/getStaffMembers/read). */
export const staffMembers = endpoint({
  method: 'GET',
  path: '/api/staff-members',
  response: z.array(StaffMember),
  tags,
});

/** The spec's login results (section 4), named in both languages: the users log screen and its Excel export. */
export const LOGIN_STATUSES = [1, 2, 3, 4, 5, 6, 7] as const;
export type LoginStatus = (typeof LOGIN_STATUSES)[number];
export const LOGIN_STATUS_NAMES: Record<LoginStatus, { ar: string; en: string }> = {
  1: { ar: 'دخول ناجح', en: 'Success' },
  2: { ar: 'رمز التحقق غير صحيح', en: 'Wrong captcha' },
  3: { ar: 'بيانات الدخول غير صحيحة', en: 'Wrong user name or password' },
  4: { ar: 'مستخدم معطَّل', en: 'Deactivated user' },
  5: { ar: 'الحساب مقفل', en: 'Locked' },
  6: { ar: 'هوية وطنية غير صالحة', en: 'Invalid national id' },
  7: { ar: 'البريد الإلكتروني غير مؤكد', en: 'Email not verified' },
};

/** The users log's columns, in order, as the screen and the Excel export name them. */
export const USERS_LOG_COLUMNS = {
  at: { ar: 'الوقت', en: 'Time' },
  user: { ar: 'المستخدم', en: 'User' },
  userName: { ar: 'اسم المستخدم', en: 'User name' },
  loginStatus: { ar: 'نتيجة الدخول', en: 'Result' },
  ip: { ar: 'عنوان IP', en: 'IP address' },
  userAgent: { ar: 'المتصفح', en: 'User agent' },
} as const;
