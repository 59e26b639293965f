import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { RegistrationsDB } from '../registration/queries.ts';
import { keysetRows } from '../shared/keyset.ts';
import { rowCount } from '../shared/query.ts';

/** The accounts read models as the API reads them (the live generations' views `rm.users`, `rm.login_log`). */
export interface AccountDB {
  'rm.users': {
    user_id: string;
    user_name: string;
    name_ar: string;
    name_en: string;
    email: string;
    mobile: string | null;
    department_id: number | null;
    role_id: number;
    active: boolean;
    must_change_password: boolean;
    last_login_at: Date | null;
    locked_until: Date | null;
    created_at: Date;
    nic_valid: boolean;
    registration_complete: boolean;
    region_ids: number[];
    city_ids: number[];
  };
  'rm.login_log': {
    event_id: string;
    at: Date;
    user_id: string | null;
    user_name: string | null;
    login_status: number;
    ip: string | null;
    user_agent: string | null;
  };
  'rm.owned_opportunities': {
    opportunity_id: string;
    owner_id: string;
    department_id: number | null;
    deleted: boolean;
  };
  /** Only the status, for the session's user (projections/registration). */
  'rm.registrations': Pick<RegistrationsDB['rm.registrations'], 'volunteer_id' | 'status'>;
}

export interface SessionUserRow {
  userName: string;
  nameAr: string;
  nameEn: string;
  roleId: number;
  registrationComplete: boolean;
  nicValid: boolean;
  registrationStatus: number | null;
  departmentId: number | null;
}

/** A signed-in user as the session shows it: the account and its registration's status (null without one). */
export async function sessionUserOf(db: Kysely<AccountDB>, userId: string): Promise<SessionUserRow | null> {
  const row = await db
    .selectFrom('rm.users as u')
    .leftJoin('rm.registrations as r', 'r.volunteer_id', 'u.user_id')
    .select([
      'u.user_name as userName',
      'u.name_ar as nameAr',
      'u.name_en as nameEn',
      'u.role_id as roleId',
      'u.registration_complete as registrationComplete',
      'u.nic_valid as nicValid',
      'r.status as registrationStatus',
      'u.department_id as departmentId',
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
  return row ?? null;
}

/** The regions and cities a user is limited to (empty for none). */
export async function areasOf(
  db: Kysely<AccountDB>,
  userId: string,
): Promise<{ regionIds: number[]; cityIds: number[] }> {
  const row = await db
    .selectFrom('rm.users')
    .select(['region_ids', 'city_ids'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { regionIds: row?.region_ids ?? [], cityIds: row?.city_ids ?? [] };
}

/** The names of some users (ids that are not UUIDs are left out), by id. */
export async function namesOf(
  db: Kysely<AccountDB>,
  userIds: readonly string[],
): Promise<Map<string, { nameAr: string; nameEn: string }>> {
  const ids = [...new Set(userIds.filter((x) => /^[0-9a-f-]{36}$/.test(x)))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('rm.users')
    .select([sql<string>`user_id::text`.as('id'), 'name_ar', 'name_en'])
    .where('user_id', '=', sql<string>`any(${ids}::uuid[])`)
    .execute();
  return new Map(rows.map((u) => [u.id, { nameAr: u.name_ar, nameEn: u.name_en }]));
}

/** A user's Arabic name, or null when there is no such user (or the id is no UUID). */
export async function arabicNameOf(db: Kysely<AccountDB>, userId: string): Promise<string | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) return null;
  const row = await db.selectFrom('rm.users').select('name_ar').where('user_id', '=', userId).executeTakeFirst();
  return row?.name_ar ?? null;
}

/** Staff who can be named as an interview's reviewer: active roles 2 to 5, by Arabic name. */
export async function staffMembers(
  db: Kysely<AccountDB>,
): Promise<{ id: string; nameAr: string; nameEn: string; roleId: number }[]> {
  return db
    .selectFrom('rm.users')
    .select([sql<string>`user_id::text`.as('id'), 'name_ar as nameAr', 'name_en as nameEn', 'role_id as roleId'])
    .where('active', '=', true)
    .where('role_id', 'in', [2, 3, 4, 5])
    .orderBy('name_ar')
    .execute();
}

export interface LoginLogRow {
  at: string;
  userId: string | null;
  userName: string | null;
  nameAr: string | null;
  nameEn: string | null;
  loginStatus: number;
  ip: string | null;
  userAgent: string | null;
}

/** The users log's filters: a date range (days, inclusive), login statuses, and the address and browser (contained). */
export interface LoginLogFilter {
  from?: string | undefined;
  to?: string | undefined;
  loginStatuses?: number[] | undefined;
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function loginLogQuery(db: Kysely<AccountDB>, q: LoginLogFilter) {
  let query = db
    .selectFrom('rm.login_log as l')
    .leftJoin('rm.users as u', 'u.user_id', 'l.user_id')
    .select([
      'l.event_id',
      'l.at',
      'l.user_id',
      sql<string | null>`coalesce(u.user_name, l.user_name)`.as('user_name'),
      'u.name_ar',
      'u.name_en',
      'l.login_status',
      'l.ip',
      'l.user_agent',
    ]);
  if (q.loginStatuses?.length) query = query.where('l.login_status', 'in', q.loginStatuses);
  if (q.from) query = query.where(sql<boolean>`l.at >= ${q.from}::date`);
  if (q.to) query = query.where(sql<boolean>`l.at < ${q.to}::date + 1`);
  if (q.ip) query = query.where('l.ip', 'ilike', contains(q.ip));
  if (q.userAgent) query = query.where('l.user_agent', 'ilike', contains(q.userAgent));
  return query;
}

type LoginLogRecord = {
  event_id: string;
  at: Date;
  user_id: string | null;
  user_name: string | null;
  name_ar: string | null;
  name_en: string | null;
  login_status: number;
  ip: string | null;
  user_agent: string | null;
};
const loginLogRow = (x: LoginLogRecord): LoginLogRow => ({
  at: x.at.toISOString(),
  userId: x.user_id,
  userName: x.user_name,
  nameAr: x.name_ar,
  nameEn: x.name_en,
  loginStatus: x.login_status,
  ip: x.ip,
  userAgent: x.user_agent,
});

/** One page of the users log (GetUsersLogReportData), newest first, and how many rows the filters select. */
export async function loginLogPage(
  db: Kysely<AccountDB>,
  q: LoginLogFilter & { page: number; pageSize: number },
): Promise<{ rows: LoginLogRow[]; total: number }> {
  const rows = await loginLogQuery(db, q)
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('l.at', 'desc')
    .orderBy('l.event_id')
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(loginLogRow) };
}

/** How many rows of the users log the filters select (an export's total). */
export async function loginLogCount(db: Kysely<AccountDB>, q: LoginLogFilter): Promise<number> {
  return rowCount(loginLogQuery(db, q));
}

/**
 * Every row of the users log the filters select, newest first, read in batches by key (time, event id): an export of
 * any size holds one batch in memory at a time.
 */
export async function* loginLogRows(
  db: Kysely<AccountDB>,
  q: LoginLogFilter,
  batch = 1000,
): AsyncGenerator<LoginLogRow> {
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    let query = loginLogQuery(db, q);
    if (after) {
      const { at, id } = after;
      query = query.where(sql<boolean>`(l.at < ${at} or (l.at = ${at} and l.event_id > ${id}))`);
    }
    const rows = await query.orderBy('l.at', 'desc').orderBy('l.event_id').limit(batch).execute();
    for (const r of rows) yield loginLogRow(r);
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.event_id };
  }
}

export type UserSort = 'nameAr' | 'nameEn' | 'userName' | 'roleId' | 'createdAt' | 'lastLoginAt';

export interface UserGridFilter {
  page: number;
  pageSize: number;
  sort: UserSort;
  dir: 'asc' | 'desc';
  /** Part of a name (Arabic or English), the user name or the e-mail. */
  search?: string | undefined;
  roleId?: number | undefined;
  departmentId?: number | undefined;
  regionId?: number | undefined;
  /** active or inactive (deactivated). */
  status?: 'active' | 'inactive' | undefined;
}

export interface UserRow {
  userId: string;
  userName: string;
  nameAr: string;
  nameEn: string;
  email: string;
  mobile: string | null;
  roleId: number;
  departmentId: number | null;
  regionIds: number[];
  cityIds: number[];
  active: boolean;
  lastLoginAt: string | null;
  createdAt: string;
}

const USER_SORT: Record<UserSort, string> = {
  nameAr: 'lower(name_ar)',
  nameEn: 'lower(name_en)',
  userName: 'user_name_lower',
  roleId: 'role_id',
  createdAt: 'created_at',
  lastLoginAt: 'last_login_at',
};

/** `%` and `_` typed in a search are the characters themselves, not patterns. */
const likeEscaped = (text: string) =>
  `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const userColumns = [
  sql<string>`user_id::text`.as('userId'),
  'user_name as userName',
  'name_ar as nameAr',
  'name_en as nameEn',
  'email',
  'mobile',
  'role_id as roleId',
  'department_id as departmentId',
  'region_ids as regionIds',
  'city_ids as cityIds',
  'active',
  'last_login_at as lastLoginAt',
  'created_at as createdAt',
] as const;

function userRow(
  x: Omit<UserRow, 'lastLoginAt' | 'createdAt'> & { lastLoginAt: Date | null; createdAt: Date },
): UserRow {
  return { ...x, lastLoginAt: x.lastLoginAt?.toISOString() ?? null, createdAt: x.createdAt.toISOString() };
}

const USER_SORT_TYPE: Record<UserSort, string> = {
  nameAr: 'text',
  nameEn: 'text',
  userName: 'text',
  roleId: 'int',
  createdAt: 'timestamptz',
  lastLoginAt: 'timestamptz',
};

/** The users grid's conditions: its page, its count and its export select the same users. */
function usersWhere(q: Omit<UserGridFilter, 'page' | 'pageSize' | 'sort' | 'dir'>): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`true`];
  if (q.search?.trim()) {
    const like = likeEscaped(q.search);
    where.push(
      sql<SqlBool>`(lower(name_ar) like ${like} or lower(name_en) like ${like} or user_name_lower like ${like} or lower(email) like ${like})`,
    );
  }
  if (q.roleId) where.push(sql<SqlBool>`role_id = ${q.roleId}`);
  if (q.departmentId) where.push(sql<SqlBool>`department_id = ${q.departmentId}`);
  if (q.regionId) where.push(sql<SqlBool>`${q.regionId}::int = any(region_ids)`);
  if (q.status) where.push(sql<SqlBool>`active = ${q.status === 'active'}`);
  return where;
}

/** One page of the users grid and how many users match (server-side search, filters, paging and sorting). */
export async function usersGrid(db: Kysely<AccountDB>, q: UserGridFilter): Promise<{ rows: UserRow[]; total: number }> {
  const cond = sql<SqlBool>`${sql.join(usersWhere(q), sql` and `)}`;
  const order = sql.raw(
    q.dir === 'desc'
      ? `${USER_SORT[q.sort]} desc nulls last, user_id desc`
      : `${USER_SORT[q.sort]} asc nulls first, user_id asc`,
  );
  const rows = await db
    .selectFrom('rm.users')
    .select([...userColumns, sql<string>`count(*) over ()`.as('total')])
    .where(cond)
    .orderBy(order)
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize)
    .execute();
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(({ total: _t, ...x }) => userRow(x)) };
}

export type UsersExportFilter = Omit<UserGridFilter, 'page' | 'pageSize'>;

/** How many users the grid's filters select (an export's total). */
export async function usersCount(db: Kysely<AccountDB>, q: UsersExportFilter): Promise<number> {
  return rowCount(db.selectFrom('rm.users').where(sql<SqlBool>`${sql.join(usersWhere(q), sql` and `)}`));
}

/** Every user the grid's filters select, in the grid's order (its sort, then the id), read in keyset batches. */
export async function* usersRows(db: Kysely<AccountDB>, q: UsersExportFilter, batch = 1000): AsyncGenerator<UserRow> {
  const order = { column: USER_SORT[q.sort], type: USER_SORT_TYPE[q.sort], id: 'user_id', desc: q.dir === 'desc' };
  const rows = keysetRows(db.selectFrom('rm.users').select(userColumns), order, usersWhere(q), batch, (x) => x.userId);
  for await (const x of rows) yield userRow(x);
}

export interface UserDetail extends UserRow {
  mustChangePassword: boolean;
  lockedUntil: string | null;
}

/** One user as the edit screen shows her (null when there is no such user). */
export async function userDetail(db: Kysely<AccountDB>, userId: string): Promise<UserDetail | null> {
  const x = await db
    .selectFrom('rm.users')
    .select([...userColumns, 'must_change_password as mustChangePassword', 'locked_until as lockedUntil'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!x) return null;
  const { mustChangePassword, lockedUntil, ...row } = x;
  return { ...userRow(row), mustChangePassword, lockedUntil: lockedUntil?.toISOString() ?? null };
}

/** The events a user owns (created) and that still count: the ones a department change moves with her. */
export async function ownedOpportunityIds(db: Kysely<AccountDB>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('rm.owned_opportunities')
    .select(sql<string>`opportunity_id::text`.as('id'))
    .where('owner_id', '=', userId)
    .where('deleted', '=', false)
    .orderBy('opportunity_id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The active accounts an e-mail address belongs to (forgot password, forgot username): case does not matter. Only the
 * lookup is read here; what each account may be sent is decided on its own stream.
 */
export async function activeUserIdsByEmail(db: Kysely<AccountDB>, email: string): Promise<string[]> {
  const rows = await db
    .selectFrom('rm.users')
    .select('user_id')
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('active', '=', true)
    .limit(10)
    .execute();
  return rows.map((r) => r.user_id);
}
