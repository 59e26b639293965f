import { type Kysely, sql } from 'kysely';

/** The accounts read models as the API reads them (the live generations' views `rm.users`, `rm.login_log`). */
export interface AccountDB {
  'rm.users': {
    user_id: string;
    user_name: string;
    name_ar: string;
    name_en: string;
    role_id: number;
    active: boolean;
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
  /** Only the status, for the session's user (projections/registration). */
  'rm.registrations': { volunteer_id: string; status: number };
}

export interface SessionUserRow {
  userName: string;
  nameAr: string;
  nameEn: string;
  roleId: number;
  registrationComplete: boolean;
  nicValid: boolean;
  registrationStatus: number | null;
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
