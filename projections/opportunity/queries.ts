import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import { type Approval, AUDIENCE, OpportunityStatus, Visibility } from '../../domain/opportunity/rules.ts';
import type { AccountDB } from '../account/queries.ts';
import type { RegistrationsDB } from '../registration/queries.ts';
import { pageWithTotal, rowCount } from '../shared/query.ts';

/** The read models' rows as the events API reads them (the live generations' views `rm.*`). */
export interface OpportunityDB {
  'rm.opportunities': {
    opportunity_id: string;
    code: string;
    name_ar: string;
    name_en: string;
    details: Record<string, unknown>;
    visibility: number;
    region_ids: number[];
    city_ids: number[];
    start_date: Date;
    end_date: Date;
    attendance_type: number;
    category_id: number | null;
    work_field_id: number | null;
    region_id: number | null;
    city_id: number | null;
    event_type_id: number | null;
    reject_reason: string | null;
    latitude: number | null;
    longitude: number | null;
    status: number;
    approval: Approval;
    max_contributions: number;
    seats_taken: number;
    approved_hours: string;
    created_at: Date;
    updated_at: Date;
  };
  'rm.participations': {
    opportunity_id: string;
    volunteer_id: string;
    status: number;
    approved_hours: string;
    pending_hours: string;
    updated_at: Date;
  };
  'rm.participation_hours': {
    hours_id: string;
    opportunity_id: string;
    volunteer_id: string;
    hours: string;
    cases_handled: number | null;
    check_in: Date | null;
    check_out: Date | null;
    rating: number | null;
    review: string;
    state: 'pending' | 'approved' | 'rejected';
  };
  'rm.participation_counts': { opportunity_id: string; status: number; n: number };
  /** Joined from the registrations and users read models (projections/registration, projections/account). */
  'rm.registrations': Pick<
    RegistrationsDB['rm.registrations'],
    'volunteer_id' | 'status' | 'region_id' | 'city_id' | 'gender'
  >;
  'rm.users': Pick<
    AccountDB['rm.users'],
    | 'user_id'
    | 'name_ar'
    | 'name_en'
    | 'email'
    | 'mobile'
    | 'nic_valid'
    | 'registration_complete'
    | 'region_ids'
    | 'city_ids'
  >;
}

type Db = Kysely<OpportunityDB>;
type EB = ExpressionBuilder<OpportunityDB, 'rm.opportunities'>;

// ---------------------------------------------------------------------------------------------------------- conditions

/** Every events list: approved and not deleted. */
function listed(eb: EB): Expression<SqlBool> {
  return eb.and([eb('approval', '=', 'approved'), eb('status', '<>', OpportunityStatus.Deleted)]);
}

/** What anyone may list without signing in: listed and open to everyone. */
function listedPublic(eb: EB): Expression<SqlBool> {
  return eb.and([listed(eb), eb('visibility', '=', Visibility.All)]);
}

/**
 * The public list's conditions as a fragment on rm.opportunities (the files API shows a public event's images under
 * the same rule).
 */
export function publicConditions(): RawBuilder<unknown>[] {
  return [
    sql`approval = 'approved'`,
    sql`status <> ${sql.lit(OpportunityStatus.Deleted)}`,
    sql`visibility = ${sql.lit(Visibility.All)}`,
  ];
}

/**
 * The restricted events open to a volunteer (the private list): for each visibility whose audience is not everyone,
 * the volunteer belongs to it (domain/opportunity/rules.ts AUDIENCE, the join check's own table) — her registration's
 * region or city is among the event's, or she holds a participation in an invited-only event.
 */
function openToVolunteer(eb: EB, volunteerId: string): Expression<SqlBool> {
  // Her registration's region (or city) is among the event's.
  const registered = (place: RawBuilder<boolean>) =>
    eb.exists(
      eb
        .selectFrom('rm.registrations as r')
        .select(sql`1`.as('one'))
        .where('r.volunteer_id', '=', volunteerId)
        .where(place),
    );
  const belongs = {
    region: () => registered(sql<boolean>`r.region_id = any(rm.opportunities.region_ids)`),
    city: () => registered(sql<boolean>`r.city_id = any(rm.opportunities.city_ids)`),
    invited: () =>
      eb.exists(
        eb
          .selectFrom('rm.participations as p')
          .select(sql`1`.as('one'))
          .whereRef('p.opportunity_id', '=', 'rm.opportunities.opportunity_id')
          .where('p.volunteer_id', '=', volunteerId),
      ),
  } as const;
  return eb.or(
    Object.entries(AUDIENCE).flatMap(([visibility, audience]) =>
      audience === 'everyone' ? [] : [eb.and([eb('visibility', '=', Number(visibility)), belongs[audience]()])],
    ),
  );
}

/** An rm.opportunities date column as its ISO day, whatever the server's time zone. */
const isoDay = (column: 'start_date' | 'end_date') => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

// ---------------------------------------------------------------------------------------------------------- lists

/**
 * The columns the events lists read (the public and private lists, the approvers' pending list, the manage grid and
 * its export): each maps those it shows.
 */
const LIST_COLUMNS = [
  sql<string>`opportunity_id::text`.as('id'),
  'code',
  'name_ar',
  'name_en',
  'status',
  isoDay('start_date').as('start_day'),
  isoDay('end_date').as('end_day'),
  'approval',
  'visibility',
  'attendance_type',
  'latitude',
  'longitude',
  'seats_taken',
  'max_contributions',
  'created_at',
] as const;

/** The lists' orders: the latest start first (visitors' lists), or the newest created first (staff lists). */
type ListOrder = 'start' | 'created';
function orderedBy<Q extends SelectQueryBuilder<OpportunityDB, 'rm.opportunities', object>>(q: Q, order: ListOrder): Q {
  return (
    order === 'start'
      ? q.orderBy('start_date', 'desc').orderBy('opportunity_id')
      : q.orderBy('created_at', 'desc').orderBy('opportunity_id', 'desc')
  ) as Q;
}

interface ListRow {
  id: string;
  code: string;
  name_ar: string;
  name_en: string;
  status: number;
  start_day: string;
  end_day: string;
}
/** What every events list shows of an event. */
const listItem = (x: ListRow) => ({
  id: x.id,
  code: x.code,
  nameAr: x.name_ar,
  nameEn: x.name_en,
  status: x.status,
  startDate: x.start_day,
  endDate: x.end_day,
});
/** A row of the manage grid (and the start of its export's row). */
const managedItem = (
  x: ListRow & { approval: Approval; visibility: number; seats_taken: number; max_contributions: number },
) => ({
  ...listItem(x),
  approval: x.approval,
  visibility: x.visibility,
  seatsTaken: x.seats_taken,
  maxContributions: x.max_contributions,
});

export interface EventsFilter {
  page: number;
  pageSize: number;
  /** The private list of this volunteer; the public list without it. */
  volunteerId?: string | undefined;
  status?: number | undefined;
  regionId?: number | undefined;
  cityId?: number | undefined;
  eventTypeId?: number | undefined;
  attendanceType?: number | undefined;
  code?: string | undefined;
  timePeriod?: number | undefined;
  day?: number | undefined;
  categoryId?: number | undefined;
  workFieldId?: number | undefined;
  workFieldGroupId?: number | undefined;
}

/** The list filters shared by the events lists and the map (all optional; an absent one keeps every event). */
export type EventsFilterFields = Omit<EventsFilter, 'page' | 'pageSize' | 'volunteerId'>;

/** The conditions of the list filters on rm.opportunities (the listing rule itself is the caller's). */
function filterConditions(eb: EB, f: EventsFilterFields): Expression<SqlBool>[] {
  const all: Expression<SqlBool>[] = [];
  if (f.status !== undefined) all.push(eb('status', '=', f.status));
  if (f.timePeriod) all.push(sql<boolean>`(details->>'timePeriod')::int in (${f.timePeriod}, 3)`);
  if (f.day !== undefined) all.push(sql<boolean>`details->'volunteeringDays' @> ${JSON.stringify([f.day])}::jsonb`);
  if (f.categoryId) all.push(eb('category_id', '=', f.categoryId));
  if (f.workFieldId) all.push(eb('work_field_id', '=', f.workFieldId));
  // The group has no column of its own: the event's details carry it (an event without one never matches).
  if (f.workFieldGroupId) all.push(sql<boolean>`(details->>'workFieldGroupId')::int = ${f.workFieldGroupId}`);
  // The event's own region or city (issue 11), or one it is restricted to: an event elsewhere never matches (the
  // old condition let every event not restricted to regions through, so the filter returned every event).
  if (f.regionId) all.push(eb.or([eb('region_id', '=', f.regionId), sql<boolean>`${f.regionId} = any(region_ids)`]));
  if (f.cityId) all.push(eb.or([eb('city_id', '=', f.cityId), sql<boolean>`${f.cityId} = any(city_ids)`]));
  if (f.eventTypeId) all.push(eb('event_type_id', '=', f.eventTypeId));
  if (f.attendanceType) all.push(eb('attendance_type', '=', f.attendanceType));
  if (f.code) all.push(eb('code', '=', f.code));
  return all;
}

/** An events list's conditions (public, or a volunteer's private one). */
function eventsWhere(f: Omit<EventsFilter, 'page' | 'pageSize'>) {
  return (eb: EB) => {
    const all: Expression<SqlBool>[] = [f.volunteerId ? listed(eb) : listedPublic(eb)];
    if (f.volunteerId) all.push(openToVolunteer(eb, f.volunteerId));
    all.push(...filterConditions(eb, f));
    return eb.and(all);
  };
}

/**
 * One page of rm.opportunities under `where`, in one of the lists' orders, and how many rows match: the events lists,
 * the approvers' pending list and the manage grid share it (each maps the columns it shows).
 */
async function pageOf(
  db: Db,
  where: (eb: EB) => Expression<SqlBool>,
  order: ListOrder,
  page: number,
  pageSize: number,
) {
  return pageWithTotal(orderedBy(db.selectFrom('rm.opportunities').select(LIST_COLUMNS).where(where), order), {
    page,
    pageSize,
  });
}

/** One page of an events list (public, or a volunteer's private one), the latest start first, and how many match. */
export async function eventsPage(db: Db, f: EventsFilter) {
  const { total, rows } = await pageOf(db, eventsWhere(f), 'start', f.page, f.pageSize);
  return {
    total,
    rows: rows.map((x) => ({
      ...listItem(x),
      attendanceType: x.attendance_type,
      latitude: x.latitude,
      longitude: x.longitude,
      seatsTaken: x.seats_taken,
      maxContributions: x.max_contributions,
    })),
  };
}

/** The public events whose dates overlap the range (both days included), at most `limit + 1` to tell truncation. */
export async function calendarEvents(db: Db, from: string, to: string, limit: number) {
  const rows = await db
    .selectFrom('rm.opportunities')
    .select(LIST_COLUMNS)
    // Same expression and predicate as the projection's partial GiST index.
    .where((eb) =>
      eb.and([
        listedPublic(eb),
        sql<boolean>`daterange(start_date, end_date, '[]') && daterange(${from}::date, ${to}::date, '[]')`,
      ]),
    )
    .orderBy('start_date')
    .orderBy('opportunity_id')
    .limit(limit + 1)
    .execute();
  return {
    truncated: rows.length > limit,
    rows: rows.slice(0, limit).map((x) => ({ ...listItem(x), attendanceType: x.attendance_type })),
  };
}

/**
 * The map's markers: public, listed, located, not closed and not remote events matching the list filters, the
 * soonest first, at most `limit`. A filter cannot bring closed (3) or remote (attendance 3) events back.
 */
export async function mapMarkers(db: Db, limit: number, f: EventsFilterFields = {}) {
  const rows = await db
    .selectFrom('rm.opportunities')
    .select([sql<string>`opportunity_id::text`.as('id'), 'name_ar', 'name_en', 'latitude', 'longitude', 'status'])
    .where((eb) =>
      eb.and([
        listedPublic(eb),
        eb('status', 'not in', [OpportunityStatus.Closed, OpportunityStatus.Deleted]),
        eb('attendance_type', '<>', 3),
        eb('latitude', 'is not', null),
        eb('longitude', 'is not', null),
        ...filterConditions(eb, f),
      ]),
    )
    .orderBy('start_date')
    .orderBy('opportunity_id')
    .limit(limit)
    .$narrowType<{ latitude: number; longitude: number }>()
    .execute();
  return rows.map((x) => ({
    id: x.id,
    nameAr: x.name_ar,
    nameEn: x.name_en,
    latitude: x.latitude,
    longitude: x.longitude,
    status: x.status,
  }));
}

export interface Viewer {
  userId: string;
  roleId: number;
}

/**
 * The condition on rm.opportunities of a staff scope (api/http/scope.ts): an event restricted to regions or cities
 * is in scope when those meet the covered areas; an event open to all or to invited volunteers only names no area.
 */
export function eventScopeCondition(covered: { regions: readonly number[]; cities: readonly number[] }) {
  return sql<boolean>`(visibility not in (${sql.lit(Visibility.Regions)}, ${sql.lit(Visibility.Cities)})
    or (visibility = ${sql.lit(Visibility.Regions)} and region_ids && ${[...covered.regions]}::int[])
    or (visibility = ${sql.lit(Visibility.Cities)} and city_ids && ${[...covered.cities]}::int[]))`;
}

/** One page of the events waiting for an approver (new, or a deletion to confirm), newest first, in the scope. */
export async function pendingEvents(db: Db, scope: RawBuilder<boolean> | null, page: number, pageSize: number) {
  const where = (eb: EB) =>
    eb.and([
      eb('approval', 'in', ['pending', 'pendingDelete']),
      eb('status', '<>', OpportunityStatus.Deleted),
      ...(scope ? [scope] : []),
    ]);
  const { total, rows } = await pageOf(db, where, 'created', page, pageSize);
  return {
    total,
    rows: rows.map((x) => ({
      ...listItem(x),
      approval: x.approval as 'pending' | 'pendingDelete',
      createdAt: new Date(x.created_at).toISOString(),
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------- one event

/** The event's row as its details page needs it, or undefined. */
export async function eventRow(db: Db, opportunityId: string) {
  return db
    .selectFrom('rm.opportunities')
    .select(['details', 'status', 'approval', 'reject_reason', 'seats_taken', 'visibility', 'region_ids', 'city_ids'])
    .where('opportunity_id', '=', opportunityId)
    .executeTakeFirst();
}

/** A volunteer's own participation status in an event, or undefined. */
export async function participationStatus(db: Db, opportunityId: string, volunteerId: string) {
  const row = await db
    .selectFrom('rm.participations')
    .select('status')
    .where('opportunity_id', '=', opportunityId)
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
  return row?.status;
}

/** A volunteer's registered region and city, or undefined without a registration. */
export async function registeredPlace(db: Db, volunteerId: string) {
  return db
    .selectFrom('rm.registrations')
    .select(['region_id', 'city_id'])
    .where('volunteer_id', '=', volunteerId)
    .executeTakeFirst();
}

/** An event shows this file as its main image or in its gallery. */
const showsFile = (fileId: string) =>
  sql<boolean>`(details->>'mainImageFileId' = ${fileId} or details->'galleryFileIds' @> ${JSON.stringify([fileId])}::jsonb)`;

/**
 * Whether a file is the main image or in the gallery of an event every visitor may see: approved, open to all and not
 * deleted (the public list's own conditions), or, with `scope`, of an event within that staff scope.
 */
export async function eventShowsFile(
  db: Kysely<OpportunityDB>,
  fileId: string,
  where: 'public' | RawBuilder<boolean>,
): Promise<boolean> {
  const conditions = where === 'public' ? [...publicConditions(), showsFile(fileId)] : [showsFile(fileId), where];
  const row = await db
    .selectFrom('rm.opportunities')
    .select(sql<number>`1`.as('one'))
    .where(sql<boolean>`${sql.join(conditions, sql` and `)}`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export interface ManageFilter {
  page: number;
  pageSize: number;
  status?: number | undefined;
  approval?: Approval | undefined;
  visibility?: number | undefined;
  regionId?: number | undefined;
  cityId?: number | undefined;
  code?: string | undefined;
}

/** The manage grid's filters without its paging: what its export selects. */
export type ManageExportFilter = Omit<ManageFilter, 'page' | 'pageSize'>;

/**
 * The manage grid's conditions (the staff scope and the filters): its page, count and export share them, so the file
 * holds exactly the grid's rows.
 */
function manageWhere(scope: RawBuilder<boolean> | null, f: ManageExportFilter) {
  return (eb: EB) => {
    const { approval, visibility, ...shared } = f;
    const all: Expression<SqlBool>[] = scope ? [scope] : [];
    if (approval) all.push(eb('approval', '=', approval));
    if (visibility !== undefined) all.push(eb('visibility', '=', visibility));
    all.push(...filterConditions(eb, shared));
    return eb.and(all);
  };
}

/**
 * The staff's events list (issue 11): every status (deleted too), approval and visibility, in the viewer's scope,
 * newest first, with the lists' filters. Restricted, rejected and deleted events are found here, not only by address.
 */
export async function manageEventsPage(db: Db, scope: RawBuilder<boolean> | null, f: ManageFilter) {
  const { total, rows } = await pageOf(db, manageWhere(scope, f), 'created', f.page, f.pageSize);
  return { total, rows: rows.map(managedItem) };
}

export interface EventExportRow {
  id: string;
  code: string;
  nameAr: string;
  nameEn: string;
  status: number;
  approval: Approval;
  visibility: number;
  startDate: string;
  endDate: string;
  attendanceType: number;
  regionIds: number[];
  cityIds: number[];
  seatsTaken: number;
  maxContributions: number;
  approvedHours: number;
}

/** How many events of the manage grid the filters select in the staff scope (the grid's own total). */
export async function eventsCount(db: Db, f: ManageExportFilter, scope: RawBuilder<boolean> | null): Promise<number> {
  return rowCount(db.selectFrom('rm.opportunities').where(manageWhere(scope, f)));
}

/**
 * Every event of the manage grid the filters select in the staff scope, in the grid's order (newest created first,
 * then the id descending), read in keyset batches: the creation moment's key goes back as text with its microseconds
 * and is compared in SQL (never through a JS Date).
 */
export async function* eventsRows(
  db: Db,
  f: ManageExportFilter,
  scope: RawBuilder<boolean> | null,
  batch = 1000,
): AsyncGenerator<EventExportRow> {
  const where = manageWhere(scope, f);
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const a: { at: string; id: string } | null = after;
    const rows = await orderedBy(
      db
        .selectFrom('rm.opportunities')
        .select([
          ...LIST_COLUMNS,
          sql<string>`created_at::text`.as('created_key'),
          'region_ids',
          'city_ids',
          sql<string>`approved_hours::text`.as('approved_hours'),
        ])
        .where(where)
        .$if(a !== null, (q) =>
          q.where(sql<boolean>`(created_at, opportunity_id) < (${a!.at}::timestamptz, ${a!.id}::uuid)`),
        ),
      'created',
    )
      .limit(batch)
      .execute();
    for (const x of rows)
      yield {
        ...managedItem(x),
        attendanceType: x.attendance_type,
        regionIds: x.region_ids,
        cityIds: x.city_ids,
        approvedHours: Number(x.approved_hours),
      };
    if (rows.length < batch) return;
    const last: { created_key: string; id: string } = rows[rows.length - 1]!;
    after = { at: last.created_key, id: last.id };
  }
}
