import { type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';

/** The event reports' read model (projections/reports/event-reports.ts). */
export interface ReportsDB {
  'rm.report_events': {
    opportunity_id: string;
    valid_from: Date;
    valid_to: Date | null;
    code: string;
    name_ar: string;
    name_en: string;
    start_date: string | null;
    end_date: string | null;
    status: number;
    visibility: number | null;
    region_ids: number[];
    city_ids: number[];
  };
  'rm.report_participants': {
    opportunity_id: string;
    volunteer_id: string;
    valid_from: Date;
    valid_to: Date | null;
    status: number;
    attendance: string;
    approved_hours: string;
    pending_hours: string;
    rejected_hours: string;
    cases_handled: number;
    rating: string | null;
    incidents: number;
  };
}
type Db = Kysely<ReportsDB>;

export interface ReportFilter {
  /** Code or name (either language), contained. */
  search?: string | undefined;
  status?: number | undefined;
  /** Events starting within these ISO days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  /**
   * An ISO instant: the figures and each event's listed fields (code, names, dates, status, places) valid then, so
   * only the events created by then, as they stood. Absent: now.
   */
  asOf?: string | undefined;
}

export interface ReportFigures {
  participants: number;
  attended: number;
  expected: number;
  absent: number;
  released: number;
  approvedHours: number;
  pendingHours: number;
  rejectedHours: number;
  casesHandled: number;
  ratingCount: number;
  averageRating: number | null;
  incidents: number;
}
export interface ReportListRow extends ReportFigures {
  id: string;
  code: string;
  nameAr: string;
  nameEn: string;
  startDate: string | null;
  endDate: string | null;
  status: number;
}

type EventsEB = ExpressionBuilder<ReportsDB, 'rm.report_events'>;

function eventWhere(eb: EventsEB, f: ReportFilter, scope: RawBuilder<boolean> | null): Expression<SqlBool> {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return eb.and([
    ...(scope ? [scope] : []),
    validAt('', f.asOf),
    ...(f.status !== undefined ? [eb('status', '=', f.status)] : []),
    ...(f.from ? [eb('start_date', '>=', f.from)] : []),
    ...(f.to ? [eb('start_date', '<=', f.to)] : []),
    ...(like ? [eb.or([eb('code', 'ilike', like), eb('name_ar', 'ilike', like), eb('name_en', 'ilike', like)])] : []),
  ]);
}

/** The versions (of the rows aliased `alias`, or unqualified) valid at the moment (the current ones without one). */
function validAt(alias: 'p' | '', asOf: string | undefined) {
  const [from, to] = ['valid_from', 'valid_to'].map((c) => sql.ref(alias ? `${alias}.${c}` : c));
  return asOf
    ? sql<SqlBool>`${from} <= ${new Date(asOf)} and (${to} is null or ${to} > ${new Date(asOf)})`
    : sql<SqlBool>`${to} is null`;
}

/** The figures' aggregates over rows `p` (the same as domain/reports totalsOf). */
const FIGURES_SQL = sql`
  count(p.volunteer_id)::int as participants,
  (count(*) filter (where p.attendance = 'attended'))::int as attended,
  (count(*) filter (where p.attendance = 'expected'))::int as expected,
  (count(*) filter (where p.attendance = 'absent'))::int as absent,
  (count(*) filter (where p.attendance = 'released'))::int as released,
  coalesce(sum(p.approved_hours), 0)::float8 as approved_hours,
  coalesce(sum(p.pending_hours), 0)::float8 as pending_hours,
  coalesce(sum(p.rejected_hours), 0)::float8 as rejected_hours,
  coalesce(sum(p.cases_handled), 0)::int as cases_handled,
  count(p.rating)::int as rating_count,
  round(avg(p.rating), 2)::float8 as average_rating,
  coalesce(sum(p.incidents), 0)::int as incidents`;

interface FiguresRow {
  participants: number;
  attended: number;
  expected: number;
  absent: number;
  released: number;
  approved_hours: number;
  pending_hours: number;
  rejected_hours: number;
  cases_handled: number;
  rating_count: number;
  average_rating: number | null;
  incidents: number;
}
const round2 = (n: number) => Math.round(n * 100) / 100;
const figures = (r: FiguresRow): ReportFigures => ({
  participants: r.participants,
  attended: r.attended,
  expected: r.expected,
  absent: r.absent,
  released: r.released,
  approvedHours: round2(r.approved_hours),
  pendingHours: round2(r.pending_hours),
  rejectedHours: round2(r.rejected_hours),
  casesHandled: r.cases_handled,
  ratingCount: r.rating_count,
  averageRating: r.average_rating,
  incidents: r.incidents,
});

/** One page of the event reports list (newest start first) with each event's figures, and the number of events. */
export async function eventReportsPage(
  db: Db,
  scope: RawBuilder<boolean> | null,
  f: ReportFilter,
  page: number,
  pageSize: number,
): Promise<{ rows: ReportListRow[]; total: number }> {
  const base = db.selectFrom('rm.report_events').where((eb) => eventWhere(eb, f, scope));
  const [events, count] = await Promise.all([
    base
      .select(REPORT_EVENT_COLUMNS)
      .orderBy('start_date', (ob) => ob.desc().nullsLast())
      .orderBy('opportunity_id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withFigures(db, events, f.asOf), total: Number(count.n) };
}

type ReportEventRow = { id: string } & Pick<
  ReportsDB['rm.report_events'],
  'code' | 'name_ar' | 'name_en' | 'start_date' | 'end_date' | 'status'
>;

/** The events with their figures at the moment (now without one): one aggregate over the events given. */
async function withFigures(db: Db, events: ReportEventRow[], asOf: string | undefined): Promise<ReportListRow[]> {
  const ids = events.map((e) => e.id);
  const rows = ids.length
    ? await sql<FiguresRow & { id: string }>`
        select p.opportunity_id::text as id, ${FIGURES_SQL}
        from rm.report_participants p
        where p.opportunity_id = any(${ids}::uuid[]) and ${validAt('p', asOf)}
        group by p.opportunity_id`.execute(db)
    : { rows: [] };
  const byId = new Map(rows.rows.map((r) => [r.id, r]));
  const none: FiguresRow = {
    participants: 0,
    attended: 0,
    expected: 0,
    absent: 0,
    released: 0,
    approved_hours: 0,
    pending_hours: 0,
    rejected_hours: 0,
    cases_handled: 0,
    rating_count: 0,
    average_rating: null,
    incidents: 0,
  };
  return events.map((e) => ({
    id: e.id,
    code: e.code,
    nameAr: e.name_ar,
    nameEn: e.name_en,
    startDate: e.start_date,
    endDate: e.end_date,
    status: e.status,
    ...figures(byId.get(e.id) ?? none),
  }));
}

const REPORT_EVENT_COLUMNS = [
  sql<string>`opportunity_id::text`.as('id'),
  'code',
  'name_ar',
  'name_en',
  sql<string | null>`to_char(start_date, 'YYYY-MM-DD')`.as('start_date'),
  sql<string | null>`to_char(end_date, 'YYYY-MM-DD')`.as('end_date'),
  'status',
] as const;

/** How many events the list's filters select in the scope (an export's total). */
export async function eventReportsCount(db: Db, scope: RawBuilder<boolean> | null, f: ReportFilter): Promise<number> {
  const r = await db
    .selectFrom('rm.report_events')
    .where((eb) => eventWhere(eb, f, scope))
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Every event of the list the filters select in the scope, with its figures, in the list's order (newest start first,
 * no start last, then the id), read in keyset batches: one aggregate per batch.
 */
export async function* eventReportRows(
  db: Db,
  scope: RawBuilder<boolean> | null,
  f: ReportFilter,
  batch = 500,
): AsyncGenerator<ReportListRow> {
  for (const phase of ['dated', 'undated'] as const) {
    let after: { day: string | null; id: string } | null = null;
    for (;;) {
      const a: { day: string | null; id: string } | null = after;
      const events: ReportEventRow[] = await db
        .selectFrom('rm.report_events')
        .where((eb) =>
          eb.and([
            eventWhere(eb, f, scope),
            phase === 'dated' ? sql<SqlBool>`start_date is not null` : sql<SqlBool>`start_date is null`,
            ...(a
              ? [
                  phase === 'dated'
                    ? sql<SqlBool>`(start_date < ${a.day}::date or (start_date = ${a.day}::date and opportunity_id > ${a.id}::uuid))`
                    : sql<SqlBool>`opportunity_id > ${a.id}::uuid`,
                ]
              : []),
          ]),
        )
        .select(REPORT_EVENT_COLUMNS)
        .orderBy('start_date', (ob) => ob.desc().nullsLast())
        .orderBy('opportunity_id')
        .limit(batch)
        .execute();
      yield* await withFigures(db, events, f.asOf);
      if (events.length < batch) break;
      const last: ReportEventRow = events[events.length - 1]!;
      after = { day: last.start_date, id: last.id };
    }
  }
}

export interface RosterExportRow {
  volunteerId: string;
  nameAr: string | null;
  nameEn: string | null;
  status: number;
  attendance: string;
  approvedHours: number;
  pendingHours: number;
  rejectedHours: number;
  casesHandled: number;
  rating: number | null;
  incidents: number;
}

/** How many volunteers one event's roster holds at the moment. */
export async function reportRosterCount(db: Db, opportunityId: string, asOf: string | undefined): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from rm.report_participants p
    where p.opportunity_id = ${opportunityId}::uuid and ${validAt('p', asOf)}`.execute(db);
  return r.rows[0]?.n ?? 0;
}

/**
 * One event's roster at the moment (now without one) with each volunteer's figures and names (rm.users), by
 * volunteer id in keyset batches: the rows of the event report's roster, as its PDF export prints them.
 */
export async function* reportRosterRows(
  db: Db,
  opportunityId: string,
  asOf: string | undefined,
  batch = 1000,
): AsyncGenerator<RosterExportRow> {
  let after: string | null = null;
  for (;;) {
    const rows: {
      volunteer_id: string;
      name_ar: string | null;
      name_en: string | null;
      status: number;
      attendance: string;
      approved_hours: number;
      pending_hours: number;
      rejected_hours: number;
      cases_handled: number;
      rating: number | null;
      incidents: number;
    }[] = (
      await sql<never>`select p.volunteer_id::text as volunteer_id, u.name_ar, u.name_en, p.status, p.attendance,
          p.approved_hours::float8 as approved_hours, p.pending_hours::float8 as pending_hours,
          p.rejected_hours::float8 as rejected_hours, p.cases_handled, p.rating::float8 as rating, p.incidents
        from rm.report_participants p left join rm.users u on u.user_id = p.volunteer_id
        where p.opportunity_id = ${opportunityId}::uuid and ${validAt('p', asOf)}
          ${after ? sql`and p.volunteer_id > ${after}::uuid` : sql``}
        order by p.volunteer_id limit ${batch}`.execute(db)
    ).rows;
    for (const x of rows)
      yield {
        volunteerId: x.volunteer_id,
        nameAr: x.name_ar,
        nameEn: x.name_en,
        status: x.status,
        attendance: x.attendance,
        approvedHours: round2(x.approved_hours),
        pendingHours: round2(x.pending_hours),
        rejectedHours: round2(x.rejected_hours),
        casesHandled: x.cases_handled,
        rating: x.rating,
        incidents: x.incidents,
      };
    if (rows.length < batch) return;
    after = rows[rows.length - 1]!.volunteer_id;
  }
}

export interface ReportSummary extends ReportFigures {
  events: number;
  /** Participants by status (1…10). */
  byStatus: Record<string, number>;
  /** Participants by their rating rounded (1 Poor … 5 Excellent). */
  ratingDistribution: [number, number, number, number, number];
}

/** The totals across every event the filter and scope take (spec: event reports summary). */
export async function eventReportsSummary(
  db: Db,
  scope: RawBuilder<boolean> | null,
  f: ReportFilter,
): Promise<ReportSummary> {
  const events = db
    .selectFrom('rm.report_events')
    .where((eb) => eventWhere(eb, f, scope))
    .select('opportunity_id');
  const [n, totals, statuses, ratings] = await Promise.all([
    events
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    sql<FiguresRow>`select ${FIGURES_SQL} from rm.report_participants p
      where p.opportunity_id in (${events}) and ${validAt('p', f.asOf)}`.execute(db),
    sql<{ status: number; n: number }>`select p.status, count(*)::int as n from rm.report_participants p
      where p.opportunity_id in (${events}) and ${validAt('p', f.asOf)} group by p.status`.execute(db),
    sql<{ level: number; n: number }>`select round(p.rating)::int as level, count(*)::int as n
      from rm.report_participants p
      where p.opportunity_id in (${events}) and ${validAt('p', f.asOf)} and p.rating is not null group by 1`.execute(
      db,
    ),
  ]);
  const distribution: [number, number, number, number, number] = [0, 0, 0, 0, 0];
  for (const r of ratings.rows) distribution[Math.min(4, Math.max(0, r.level - 1))]! += r.n;
  return {
    events: Number(n.n),
    ...figures(totals.rows[0]!),
    byStatus: Object.fromEntries(statuses.rows.map((r) => [String(r.status), r.n])),
    ratingDistribution: distribution,
  };
}

/** The event's row (for the scope check), null when unknown. */
export async function reportEventOf(db: Db, opportunityId: string) {
  return (
    (await db
      .selectFrom('rm.report_events')
      .select(['visibility', 'region_ids', 'city_ids'])
      .where('opportunity_id', '=', opportunityId)
      .where('valid_to', 'is', null)
      .executeTakeFirst()) ?? null
  );
}

/** Everyone who ever had a participation in the event (a participation is never removed, only its status moves). */
export const participantIdsOf = (db: Db, opportunityId: string) =>
  participationIds(db, 'volunteer_id', 'opportunity_id', opportunityId);

/** The events a volunteer ever had a participation in. */
export const opportunityIdsOfVolunteer = (db: Db, volunteerId: string) =>
  participationIds(db, 'opportunity_id', 'volunteer_id', volunteerId);

/** One side of the participations (volunteers or events) that the other side's id ever had. */
async function participationIds(
  db: Db,
  side: 'volunteer_id' | 'opportunity_id',
  of: 'volunteer_id' | 'opportunity_id',
  id: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('rm.report_participants')
    .select(sql<string>`${sql.ref(side)}::text`.as('id'))
    .distinct()
    .where(of, '=', id)
    .execute();
  return rows.map((r) => r.id);
}
