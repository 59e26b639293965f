import { z } from 'zod';
import {
  AfterQuery,
  CommandOnId,
  DaysFilters,
  FileBytes,
  GridPage,
  IdParams,
  named,
  PagedQuery,
  PositionText,
  ReadById,
} from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';
import { RegistrationGridPage } from './registration.ts';

const users = endpoints('users');

export const LoginLogRow = named('LoginLogRow', {
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  ...P.bilingual('name', 'nullable'),
  loginStatus: z.number().int(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type LoginLogRow = z.infer<typeof LoginLogRow>;

/**
 * The users log's filters (GetUsersLogReportData: StartDate, EndDate, LoginStatuses), and the address and browser
 * (contained, any case). Login statuses are the spec's login results 1–7, comma-separated.
 */
export const UsersLogFilters = z.object({
  ...DaysFilters,
  loginStatuses: P.queryIntList(1, 7, 7).optional(),
  ip: P.text(64).trim().optional(),
  userAgent: P.text(200).trim().optional(),
});
export type UsersLogFilters = z.infer<typeof UsersLogFilters>;

/** The users log (GetUsersLogReportData): every login attempt, newest first, for admins. */
export const loginLog = users.get('/api/users/login-log', {
  permission: staff('users', 'View'),
  query: PagedQuery.extend(UsersLogFilters.shape),
  response: GridPage(LoginLogRow),
});

/** The users log as an Excel workbook (ExporttoExcel): every row the filters select, Arabic headers, right to left. */
export const exportLoginLog = users.get('/api/users/login-log/export', {
  permission: staff('users', 'View'),
  query: AfterQuery.extend(UsersLogFilters.shape),
  response: FileBytes,
  contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
});

export const UserAreas = z.object({ regionIds: z.array(P.id).max(100), cityIds: z.array(P.id).max(1000) });

/** Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on. */
export const assignAreas = users.post('/api/users/:id/areas', {
  ...CommandOnId,
  permission: staff('permissions', 'Edit'),
  body: UserAreas,
});

export const StaffMember = named('StaffMember', { id: z.string(), ...P.bilingual('name'), roleId: z.number().int() });
export type StaffMember = z.infer<typeof StaffMember>;

/** Staff members who can be named as the reviewer of an interview (spec: home/getStaffMembers/read). */
export const staffMembers = users.get('/api/staff-members', {
  permission: staff('registrationadmin', 'View'),
  response: z.array(StaffMember),
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

/** GET /api/users: the users grid's search, filters, sort and page. */
export const UsersGridQuery = PagedQuery.extend({
  sort: z.enum(['nameAr', 'nameEn', 'userName', 'roleId', 'createdAt', 'lastLoginAt']).default('nameAr'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  search: P.text(100).optional(),
  roleId: P.queryInt(1, 6).optional(),
  departmentId: P.queryInt().optional(),
  regionId: P.queryInt().optional(),
  status: z.enum(['active', 'inactive']).optional(),
});
export type UsersGridQuery = z.output<typeof UsersGridQuery>;

export const UserRow = named('UserRow', {
  userId: z.string(),
  userName: z.string(),
  ...P.bilingual('name'),
  email: z.string(),
  mobile: z.string().nullable(),
  roleId: z.number().int(),
  departmentId: z.number().int().nullable(),
  regionIds: z.array(z.number().int()),
  cityIds: z.array(z.number().int()),
  active: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

export const UserDetail = UserRow.extend({
  mustChangePassword: z.boolean(),
  lockedUntil: z.string().nullable(),
}).meta({ id: 'UserDetail' });
export type UserDetail = z.infer<typeof UserDetail>;

/** A staff account's profile as the administrator types it (the domain checks its rules: domain/account/staff.ts). */
export const StaffProfile = z.object({
  name: z.object({ ar: P.text(200), en: P.text(200) }),
  email: P.text(254),
  mobile: P.text(20),
  /** 2 Staff, 3 Admin, 4 Reviewer, 5 Volunteer Admin, 6 Responder Admin (1, Volunteer, is refused: InvalidRole). */
  roleId: P.int(1, 6),
});
export type StaffProfile = z.infer<typeof StaffProfile>;

export const CreateStaffRequest = StaffProfile.extend(UserAreas.shape)
  .extend({ userName: P.text(50), password: P.text(200), departmentId: P.id.nullable() })
  .meta({ id: 'CreateStaffRequest' });
export type CreateStaffRequest = z.infer<typeof CreateStaffRequest>;

/** The users grid (GetActiveUsers), every account, with server-side search, filters, paging and sorting. */
export const listUsers = users.get('/api/users', {
  permission: staff('users', 'View'),
  query: UsersGridQuery,
  response: GridPage(UserRow),
});

/** One user (GetUserById). */
export const getUser = users.get('/api/users/:id', {
  ...ReadById,
  permission: staff('users', 'View'),
  response: UserDetail,
  errors: [404],
});

/** An administrator creates a staff account (RegisterUser): its owner changes the password at the first sign-in. */
export const createUser = users.post('/api/users', {
  permission: staff('users', 'Add'),
  body: CreateStaffRequest,
  response: z.object({ userId: z.string(), position: PositionText }),
  status: 201,
  errors: [409, 422],
});

/** Edits a staff account's names, e-mail, mobile and role (EditUser). */
export const editUser = users.put('/api/users/:id', {
  ...CommandOnId,
  permission: staff('users', 'Edit'),
  body: StaffProfile,
  errors: [404, 409, 422],
});

/** Deactivates an account (RemoveUser): its owner is signed out and refused at sign-in (DeactivatedUser). */
export const deactivateUser = users.post('/api/users/:id/deactivate', {
  ...CommandOnId,
  permission: staff('users', 'Delete'),
  body: z.object({ reason: P.text(500).default('') }),
  errors: [404, 409],
});

export const reactivateUser = users.post('/api/users/:id/reactivate', {
  ...CommandOnId,
  permission: staff('users', 'Edit'),
  errors: [404],
});

/** How many events a department change would move with the user (the web confirms with this number). */
export const departmentImpact = users.get('/api/users/:id/department-impact', {
  ...ReadById,
  permission: staff('users', 'Edit'),
  response: named('DepartmentImpact', { events: z.number().int() }),
});

/**
 * Changes the user's department and moves her events to it. `confirmedEvents`: the number the administrator
 * confirmed; when events were created or deleted since, nothing is written (409 DepartmentImpactChanged).
 */
export const changeDepartment = users.post('/api/users/:id/department', {
  ...CommandOnId,
  permission: staff('users', 'Edit'),
  body: z.object({ departmentId: P.id, confirmedEvents: P.int(0, 100_000) }),
  errors: [404, 409, 422],
});

/**
 * City volunteers (spec: Permissions, "city volunteers"): the approved volunteers living in the regions and cities a
 * staff member is authorised for.
 */
export const cityVolunteers = users.get('/api/users/:id/city-volunteers', {
  permission: staff('permissions', 'View'),
  params: IdParams,
  query: PagedQuery,
  response: RegistrationGridPage,
  errors: [404],
});

const Named = z.object({ id: z.number().int(), ...P.bilingual('name') });
/** What the users screens choose from: the active departments, regions and cities (with their region). */
export const UserOptions = named('UserOptions', {
  departments: z.array(Named),
  regions: z.array(Named),
  cities: z.array(Named.extend({ regionId: z.number().int().nullable() })),
});
export type UserOptions = z.infer<typeof UserOptions>;

export const userOptions = users.get('/api/users/options', {
  permission: staff('users', 'View'),
  response: UserOptions,
});
