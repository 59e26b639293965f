import { type Kysely, type RawBuilder, sql } from 'kysely';
import { pageWithTotal, rowCount } from '../shared/query.ts';
import type { OpportunityDB } from './queries.ts';

type Db = Kysely<OpportunityDB>;
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A volunteer's place on an event: the participation's status and hours (read as text, answered as numbers). */
const STATUS_AND_HOURS = [
  'p.status',
  sql<string>`p.approved_hours::text`.as('approved_hours'),
  sql<string>`p.pending_hours::text`.as('pending_hours'),
] as const;
const statusAndHours = (x: { status: number; approved_hours: string; pending_hours: string }) => ({
  status: x.status,
  approvedHours: Number(x.approved_hours),
  pendingHours: Number(x.pending_hours),
});

/** The volunteer's own events with their hours, the latest start first (my events, and the live invitations stream). */
export async function participationsOf(db: Db, volunteerId: string) {
  const rows = await db
    .selectFrom('rm.participations as p')
    .innerJoin('rm.opportunities as o', 'o.opportunity_id', 'p.opportunity_id')
    .select(['p.opportunity_id', 'o.name_ar', 'o.name_en', 'o.start_date', 'o.end_date', ...STATUS_AND_HOURS])
    .where('p.volunteer_id', '=', volunteerId)
    .orderBy('o.start_date', 'desc')
    .execute();
  return rows.map((x) => ({
    opportunityId: x.opportunity_id,
    nameAr: x.name_ar,
    nameEn: x.name_en,
    startDate: iso(x.start_date),
    endDate: iso(x.end_date),
    ...statusAndHours(x),
  }));
}

/** An event's roster: each volunteer's account names and contact, status and hours (the roster page and its export). */
function rosterOf(db: Db, opportunityId: string) {
  return db
    .selectFrom('rm.participations as p')
    .leftJoin('rm.users as u', 'u.user_id', 'p.volunteer_id')
    .select([
      sql<string>`p.volunteer_id::text`.as('volunteer_id'),
      'u.name_ar',
      'u.name_en',
      'u.email',
      'u.mobile',
      ...STATUS_AND_HOURS,
    ])
    .where('p.opportunity_id', '=', opportunityId);
}

/** A roster row as the roster page shows it. */
const participantOf = (x: {
  volunteer_id: string;
  name_ar: string | null;
  name_en: string | null;
  status: number;
  approved_hours: string;
  pending_hours: string;
}) => ({
  volunteerId: x.volunteer_id,
  nameAr: x.name_ar,
  nameEn: x.name_en,
  ...statusAndHours(x),
});

/** One page of an event's roster (by status, then volunteer), and how many (the projection's counts per status). */
export async function rosterPage(
  db: Db,
  opportunityId: string,
  f: { status?: number | undefined; page: number; pageSize: number },
) {
  let rows = rosterOf(db, opportunityId);
  let count = db
    .selectFrom('rm.participation_counts')
    .select(sql<string>`coalesce(sum(n), 0)::text`.as('n'))
    .where('opportunity_id', '=', opportunityId);
  if (f.status) {
    rows = rows.where('p.status', '=', f.status);
    count = count.where('status', '=', f.status);
  }
  const [page, total] = await Promise.all([
    rows
      .orderBy('p.status')
      .orderBy('p.volunteer_id')
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize)
      .execute(),
    count.executeTakeFirst(),
  ]);
  return {
    total: Number(total?.n ?? 0),
    rows: page.map(participantOf),
  };
}

export interface ParticipantRow {
  volunteerId: string;
  nameAr: string | null;
  nameEn: string | null;
  email: string | null;
  mobile: string | null;
  status: number;
  approvedHours: number;
  pendingHours: number;
}

/** How many volunteers an event's roster holds (of one status, or all). */
export async function participantCount(db: Db, opportunityId: string, status?: number): Promise<number> {
  const q = db.selectFrom('rm.participations').where('opportunity_id', '=', opportunityId);
  return rowCount(status ? q.where('status', '=', status) : q);
}

/**
 * Every volunteer of an event's roster (invited, joined, released …; one status or all), by status then volunteer as
 * the roster pages, read in batches by that key: an export holds one batch in memory at a time.
 */
export async function* participantRows(
  db: Db,
  opportunityId: string,
  status?: number,
  batch = 1000,
): AsyncGenerator<ParticipantRow> {
  let after: { status: number; id: string } | null = null;
  for (;;) {
    let q = rosterOf(db, opportunityId);
    if (status) q = q.where('p.status', '=', status);
    if (after) {
      const a = after;
      q = q.where(sql<boolean>`(p.status, p.volunteer_id) > (${a.status}, ${a.id}::uuid)`);
    }
    const rows = await q.orderBy('p.status').orderBy('p.volunteer_id').limit(batch).execute();
    for (const x of rows) yield { ...participantOf(x), email: x.email, mobile: x.mobile };
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    after = { status: last.status, id: last.volunteer_id };
  }
}

/** Who asks to join, from the read models: the account, the registration and her participation in the event. */
export async function joinerOf(db: Db, userId: string, opportunityId: string) {
  return db
    .selectFrom('rm.users as u')
    .leftJoin('rm.registrations as r', 'r.volunteer_id', 'u.user_id')
    .select((eb) => [
      'u.nic_valid',
      'u.registration_complete',
      'r.status',
      'r.region_id',
      'r.city_id',
      'r.gender',
      eb
        .selectFrom('rm.participations as p')
        .select('p.status')
        .where('p.opportunity_id', '=', opportunityId)
        .whereRef('p.volunteer_id', '=', 'u.user_id')
        .as('invitation'),
    ])
    .where('u.user_id', '=', userId)
    .executeTakeFirst();
}

/** The registrations (status, region, city) of the given volunteers. */
export async function registrationsOf(db: Db, volunteerIds: readonly string[]) {
  return db
    .selectFrom('rm.registrations')
    .select([sql<string>`volunteer_id::text`.as('volunteer_id'), 'status', 'region_id', 'city_id'])
    .where(sql<boolean>`volunteer_id = any(${[...volunteerIds]}::uuid[])`)
    .execute();
}

export type HoursState = 'pending' | 'approved' | 'rejected';
export const HOURS_SORTS = ['checkIn', 'hours', 'volunteer', 'event'] as const;
export interface HoursFilter {
  state: HoursState;
  opportunityId?: string | undefined;
  volunteer?: string | undefined;
  /** Check-in days, both included (YYYY-MM-DD). */
  from?: string | undefined;
  to?: string | undefined;
  sort: (typeof HOURS_SORTS)[number];
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The hours grid's rows and conditions: its page, its count and its export select the same entries. */
function hoursBase(db: Db, scope: RawBuilder<boolean> | null, f: HoursExportFilter) {
  let q = db
    .selectFrom('rm.participation_hours as h')
    .innerJoin('rm.opportunities as o', 'o.opportunity_id', 'h.opportunity_id')
    .leftJoin('rm.users as u', 'u.user_id', 'h.volunteer_id')
    .where('h.state', '=', f.state);
  // The scope's condition names rm.opportunities' columns bare (rm.users has region_ids too): a subquery of its own.
  if (scope)
    q = q.where('h.opportunity_id', 'in', db.selectFrom('rm.opportunities').select('opportunity_id').where(scope));
  if (f.opportunityId) q = q.where('h.opportunity_id', '=', f.opportunityId);
  if (f.volunteer) {
    const v = like(f.volunteer);
    q = q.where((eb) => eb.or([eb('u.name_ar', 'ilike', v), eb('u.name_en', 'ilike', v)]));
  }
  if (f.from) q = q.where('h.check_in', '>=', new Date(`${f.from}T00:00:00Z`));
  if (f.to) q = q.where('h.check_in', '<', new Date(Date.parse(`${f.to}T00:00:00Z`) + 86_400_000));
  return q;
}

const HOURS_SORT_COLUMN = {
  checkIn: 'h.check_in',
  hours: 'h.hours',
  volunteer: 'u.name_ar',
  event: 'o.name_ar',
} as const satisfies Record<HoursFilter['sort'], string>;
const HOURS_SORT_TYPE: Record<HoursFilter['sort'], string> = {
  checkIn: 'timestamptz',
  hours: 'numeric',
  volunteer: 'text',
  event: 'text',
};

const HOURS_COLUMNS = [
  'h.hours_id',
  sql<string>`h.opportunity_id::text`.as('opportunity_id'),
  sql<string>`h.volunteer_id::text`.as('volunteer_id'),
  'o.code',
  'o.name_ar as event_ar',
  'o.name_en as event_en',
  'u.name_ar',
  'u.name_en',
  sql<string>`h.hours::text`.as('hours'),
  'h.cases_handled',
  'h.check_in',
  'h.check_out',
  'h.rating',
  'h.state',
] as const;

type HoursRecord = {
  hours_id: string;
  opportunity_id: string;
  volunteer_id: string;
  code: string;
  event_ar: string;
  event_en: string;
  name_ar: string | null;
  name_en: string | null;
  hours: string;
  cases_handled: number | null;
  check_in: Date | null;
  check_out: Date | null;
  rating: number | null;
  state: HoursState;
};
const hoursRow = (x: HoursRecord) => ({
  opportunityId: x.opportunity_id,
  volunteerId: x.volunteer_id,
  hoursId: x.hours_id,
  eventCode: x.code,
  eventAr: x.event_ar,
  eventEn: x.event_en,
  nameAr: x.name_ar,
  nameEn: x.name_en,
  hours: Number(x.hours),
  casesHandled: x.cases_handled,
  checkIn: x.check_in?.toISOString() ?? null,
  checkOut: x.check_out?.toISOString() ?? null,
  rating: x.rating,
  state: x.state,
});
export type HoursGridRow = ReturnType<typeof hoursRow>;
export type HoursExportFilter = Omit<HoursFilter, 'page' | 'pageSize'>;

/** How many entries the hours grid's filters select in the scope (an export's total). */
export async function hoursCount(db: Db, scope: RawBuilder<boolean> | null, f: HoursExportFilter): Promise<number> {
  return rowCount(hoursBase(db, scope, f));
}

/**
 * Every entry the hours grid's filters select in the scope, in the grid's order (its sort, empty values last either
 * way, then the entry id), read in keyset batches; a batch's last key comes back as text (microseconds kept).
 */
export async function* hoursRows(
  db: Db,
  scope: RawBuilder<boolean> | null,
  f: HoursExportFilter,
  batch = 1000,
): AsyncGenerator<HoursGridRow> {
  const col = sql.ref(HOURS_SORT_COLUMN[f.sort]);
  const type = sql.raw(HOURS_SORT_TYPE[f.sort]);
  const dir = sql.raw(f.dir === 'asc' ? 'asc nulls last' : 'desc nulls last');
  const cmp = sql.raw(f.dir === 'asc' ? '>' : '<');
  for (const phase of ['values', 'nulls'] as const) {
    let after: { key: string | null; id: string } | null = null;
    for (;;) {
      let q = hoursBase(db, scope, f).where(
        phase === 'nulls' ? sql<boolean>`${col} is null` : sql<boolean>`${col} is not null`,
      );
      if (after) {
        const { key, id } = after;
        q = q.where(
          phase === 'nulls'
            ? sql<boolean>`h.hours_id > ${id}`
            : sql<boolean>`(${col} ${cmp} ${key}::${type} or (${col} = ${key}::${type} and h.hours_id > ${id}))`,
        );
      }
      const rows = await q
        .select([...HOURS_COLUMNS, sql<string | null>`${col}::text`.as('sort_key')])
        .orderBy(sql`${col} ${dir}, h.hours_id asc`)
        .limit(batch)
        .execute();
      for (const { sort_key: _k, ...x } of rows) yield hoursRow(x);
      if (rows.length < batch) break;
      const last = rows[rows.length - 1]!;
      after = { key: last.sort_key, id: last.hours_id };
    }
  }
}

/**
 * One page of the hours entries of every event inside the scope (a staff member's regions and cities, the pending
 * events list's condition on rm.opportunities; null: every event), by state, event, volunteer name and check-in days.
 */
export async function hoursAcrossEvents(db: Db, scope: RawBuilder<boolean> | null, f: HoursFilter) {
  const { rows, total } = await pageWithTotal(
    hoursBase(db, scope, f)
      .select(HOURS_COLUMNS)
      .orderBy(HOURS_SORT_COLUMN[f.sort], (ob) => (f.dir === 'asc' ? ob.asc() : ob.desc()).nullsLast())
      .orderBy('h.hours_id'),
    f,
  );
  return { total, rows: rows.map(hoursRow) };
}

/** An event's names and the volunteers whose participation is in one of these statuses (stop invitations' mails). */
export async function eventWithParticipants(db: Db, opportunityId: string, statuses: readonly number[]) {
  const event = await db
    .selectFrom('rm.opportunities')
    .select(['name_ar', 'name_en'])
    .where('opportunity_id', '=', opportunityId)
    .executeTakeFirst();
  if (!event) return null;
  const rows = await db
    .selectFrom('rm.participations')
    .select(['volunteer_id', 'status'])
    .where('opportunity_id', '=', opportunityId)
    .where('status', 'in', [...statuses])
    .orderBy('volunteer_id')
    .execute();
  return {
    nameAr: event.name_ar,
    nameEn: event.name_en,
    waiting: rows.map((r) => ({ volunteerId: r.volunteer_id, status: r.status })),
  };
}
