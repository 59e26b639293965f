import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  BREAKDOWN_VIEWS,
  type BreakdownView,
  COUNTED_STATUSES,
  KPI_FIGURES,
  type KpiFigure,
} from '../../domain/statistics/figures.ts';
import { change as changeOf, type Period, percentage, periodRange, round2 } from '../../domain/statistics/periods.ts';
import type { LookupsDB } from '../lookups/queries.ts';

/** The statistics read model's tables (projections/statistics/statistics.ts): versions with validity periods. */
export interface StatisticsDB {
  'rm.stat_volunteers': {
    volunteer_id: string;
    status: number;
    region_id: number | null;
    city_id: number | null;
    gender: number | null;
    practitioner: boolean;
    category_id: number | null;
    sub_category1_id: number | null;
    sub_category2_id: number | null;
    experience_level_id: number | null;
    registered_at: Date | null;
    valid_from: Date;
    valid_to: Date | null;
  };
  'rm.stat_events': {
    opportunity_id: string;
    status: number;
    approval: string;
    visibility: number;
    region_id: number | null;
    city_id: number | null;
    event_type_id: number | null;
    start_date: string;
    end_date: string;
    min_target: number | null;
    max_target: number | null;
    valid_from: Date;
    valid_to: Date | null;
  };
  'rm.stat_participations': {
    opportunity_id: string;
    volunteer_id: string;
    status: number;
    valid_from: Date;
    valid_to: Date | null;
  };
  'rm.stat_hours': {
    hours_id: string;
    opportunity_id: string;
    volunteer_id: string;
    hours: string;
    state: string;
    valid_from: Date;
    valid_to: Date | null;
  };
  /** The master data's names and targets (projections/lookups). */
  'rm.lookups': Pick<
    LookupsDB['rm.lookups'],
    'kind' | 'id' | 'name_ar' | 'name_en' | 'position' | 'active' | 'min_target' | 'max_target' | 'group_id'
  >;
}

/** Report types (spec filter ReportType): which counters the dashboard answers; none: all of them. */
export const REPORT_TYPES = { registrations: 1, volunteers: 2, events: 3 } as const;

/** The spec's dashboard filters (GetDashboardStatistics), each optional. */
export interface StatisticsFilters {
  regionId?: number | undefined;
  cityId?: number | undefined;
  /** Registration status of the volunteers. */
  statusId?: number | undefined;
  gender?: number | undefined;
  practitioner?: boolean | undefined;
  categoryId?: number | undefined;
  subCategoryLevel1Id?: number | undefined;
  subCategoryLevel2Id?: number | undefined;
  experienceLevelId?: number | undefined;
  /** Event type. */
  typeId?: number | undefined;
  isPublic?: boolean | undefined;
  /** Days, inclusive: a volunteer's first submission, an event's start. */
  startDate?: string | undefined;
  endDate?: string | undefined;
  eventStatus?: number | undefined;
  reportType?: number | undefined;
  /** The city group of the volunteer's or the event's city (the master data's current grouping). */
  cityGroupId?: number | undefined;
}

/** Whose figures: a staff member's covered regions and cities, or everything (null). */
export type StatisticsScope = { regions: readonly number[]; cities: readonly number[] } | null;

/** When: null for now (open versions), else the moment whose versions were in force. */
export type AsOf = string | null;

const TRUE = sql<boolean>`true`;
const and = (xs: RawBuilder<boolean>[]) => (xs.length === 0 ? TRUE : sql<boolean>`(${sql.join(xs, sql` and `)})`);

/** The version of a fact row in force: the open one now, else the one whose period holds the moment. */
export function validAt(alias: string, asOf: AsOf): RawBuilder<boolean> {
  const from = sql.ref(`${alias}.valid_from`);
  const to = sql.ref(`${alias}.valid_to`);
  if (asOf === null) return sql<boolean>`${to} is null`;
  return sql<boolean>`(${from} <= ${asOf}::timestamptz and (${to} is null or ${to} > ${asOf}::timestamptz))`;
}

/**
 * A city group's cities as the master data groups them now: a city regrouped later counts in its new group for every
 * date, as names and targets are read as they are now (the grouping is a way of looking at the facts, not a fact).
 */
const inCityGroup = (col: RawBuilder<unknown>, groupId: number) =>
  sql<boolean>`${col} in (select l.id from rm.lookups l where l.kind = 'city' and l.group_id = ${groupId})`;

/**
 * Where the volunteers are counted from, alias v: now and with no date range, the counts the projection keeps per
 * combination of the filter fields (rm.stat_volunteer_counts: a row per combination instead of a row per volunteer);
 * else the versions themselves. `count` is the number of volunteers a group of rows stands for.
 */
export function volunteerFacts(f: StatisticsFilters, scope: StatisticsScope, asOf: AsOf) {
  if (asOf === null && !f.startDate && !f.endDate)
    return {
      from: sql`rm.stat_volunteer_counts v`,
      // A combination no open version has any more keeps its row at 0: not a group to show.
      where: sql<boolean>`(v.n > 0 and ${volunteerWhere(f, scope, asOf, 'v', false)})`,
      count: sql`coalesce(sum(v.n), 0)`,
    };
  return { from: sql`rm.stat_volunteers v`, where: volunteerWhere(f, scope, asOf), count: sql`count(*)` };
}

export function volunteerWhere(
  f: StatisticsFilters,
  scope: StatisticsScope,
  asOf: AsOf,
  a = 'v',
  versions = true,
): RawBuilder<boolean> {
  const c = (col: string) => sql.ref(`${a}.${col}`);
  const xs: RawBuilder<boolean>[] = versions ? [validAt(a, asOf)] : [];
  const eq = (col: string, v: number | boolean | undefined) => {
    if (v !== undefined) xs.push(sql<boolean>`${c(col)} = ${v}`);
  };
  eq('region_id', f.regionId);
  eq('city_id', f.cityId);
  eq('status', f.statusId);
  eq('gender', f.gender);
  eq('practitioner', f.practitioner);
  eq('category_id', f.categoryId);
  eq('sub_category1_id', f.subCategoryLevel1Id);
  eq('sub_category2_id', f.subCategoryLevel2Id);
  eq('experience_level_id', f.experienceLevelId);
  if (f.cityGroupId !== undefined) xs.push(inCityGroup(c('city_id'), f.cityGroupId));
  if (f.startDate) xs.push(sql<boolean>`${c('registered_at')} >= ${f.startDate}::date`);
  if (f.endDate) xs.push(sql<boolean>`${c('registered_at')} < ${f.endDate}::date + 1`);
  if (scope)
    xs.push(
      sql<boolean>`(${c('region_id')} = any(${[...scope.regions]}::int[]) or ${c('city_id')} = any(${[...scope.cities]}::int[]))`,
    );
  return and(xs);
}

export function eventWhere(f: StatisticsFilters, scope: StatisticsScope, asOf: AsOf, a = 'e'): RawBuilder<boolean> {
  const c = (col: string) => sql.ref(`${a}.${col}`);
  const xs: RawBuilder<boolean>[] = [validAt(a, asOf)];
  if (f.regionId !== undefined) xs.push(sql<boolean>`${c('region_id')} = ${f.regionId}`);
  if (f.cityId !== undefined) xs.push(sql<boolean>`${c('city_id')} = ${f.cityId}`);
  if (f.typeId !== undefined) xs.push(sql<boolean>`${c('event_type_id')} = ${f.typeId}`);
  if (f.cityGroupId !== undefined) xs.push(inCityGroup(c('city_id'), f.cityGroupId));
  if (f.eventStatus !== undefined) xs.push(sql<boolean>`${c('status')} = ${f.eventStatus}`);
  if (f.isPublic !== undefined)
    xs.push(f.isPublic ? sql<boolean>`${c('visibility')} = 0` : sql<boolean>`${c('visibility')} <> 0`);
  if (f.startDate) xs.push(sql<boolean>`${c('start_date')} >= ${f.startDate}::date`);
  if (f.endDate) xs.push(sql<boolean>`${c('start_date')} <= ${f.endDate}::date`);
  // Staff: events of their areas, and those that name no place (open to all, invited only), as the events lists.
  if (scope)
    xs.push(
      sql<boolean>`(${c('visibility')} not in (1, 2) or ${c('region_id')} = any(${[...scope.regions]}::int[])
        or ${c('city_id')} = any(${[...scope.cities]}::int[]))`,
    );
  return and(xs);
}

const n = (v: unknown) => Number(v ?? 0);

/** Participations that count towards targets and KPIs: accepted by staff, asking release, released after, absent. */
const COUNTED = sql.raw(`(${COUNTED_STATUSES.join(', ')})`);

/**
 * The events (alias e) with their participations and hours (alias x: invitations, participants, approved_hours,
 * other_hours). Now: the totals the projection keeps per event (one row an event). As of a past moment: the
 * participation and hours versions in force then, summed per event.
 */
export function eventsWithTotals(asOf: AsOf) {
  if (asOf === null)
    return sql`rm.stat_events e left join rm.stat_event_totals x on x.opportunity_id = e.opportunity_id`;
  return sql`rm.stat_events e left join (
      select u.opportunity_id, sum(u.invitations) as invitations, sum(u.participants) as participants,
        sum(u.approved_hours) as approved_hours, sum(u.other_hours) as other_hours
      from (
        select p.opportunity_id, 1 as invitations, (p.status in ${COUNTED})::int as participants,
          0::numeric as approved_hours, 0::numeric as other_hours
        from rm.stat_participations p where ${validAt('p', asOf)}
        union all
        select h.opportunity_id, 0, 0, case when h.state = 'approved' then h.hours else 0 end,
          case when h.state <> 'approved' then h.hours else 0 end
        from rm.stat_hours h where ${validAt('h', asOf)}
      ) u group by u.opportunity_id
    ) x on x.opportunity_id = e.opportunity_id`;
}
interface EventSums {
  n: string;
  invitations: string | null;
  participants: string | null;
  approved_hours: string | null;
  other_hours: string | null;
}
const EVENT_SUMS = sql`count(*) as n, sum(x.invitations) as invitations, sum(x.participants) as participants,
  sum(x.approved_hours) as approved_hours, sum(x.other_hours) as other_hours`;

// ---------------------------------------------------------------------------------------------------------- dashboard

export interface Counter {
  label: string;
  value: number;
  percentage: number;
}
export interface AreaFigures {
  id: number;
  nameAr: string;
  nameEn: string;
  registered: number;
  registeredPercentage: number;
  events: number;
  eventsPercentage: number;
  approvedHours: number;
  notApprovedHours: number;
}
export interface Dashboard {
  counters: Counter[];
  regions: AreaFigures[];
  eventTypes: AreaFigures[];
  /** By the city group of the volunteer's or the event's city (the master data's current grouping). */
  cityGroups: AreaFigures[];
}

/** Registration statuses the counters name (domain/registration/status.ts). */
const REGISTRATION_COUNTERS = [
  ['draft', 1],
  ['submitted', 2],
  ['initiallyAccepted', 3],
  ['approved', 5],
  ['rejected', 6],
] as const;
const EVENT_STATUS_COUNTERS = [
  ['upcoming', 0],
  ['active', 2],
  ['closed', 3],
  ['deleted', 4],
] as const;

interface EventGroup extends EventSums {
  status: number;
  region: number | null;
  city: number | null;
  type: number | null;
  approved: string;
}

/**
 * The dashboard statistics (spec: GetDashboardStatistics): counters with label, value and percentage, and per region
 * and event type the registered volunteers, the events (each with its share) and the approved and not-approved hours.
 * Volunteers are counted by their region; events, hours and participants by the event's region and type. Two
 * aggregates (volunteers by status and region; events by status, region and type with their totals) feed it all.
 */
export async function dashboardStatistics(
  db: Kysely<StatisticsDB>,
  f: StatisticsFilters,
  scope: StatisticsScope,
  asOf: AsOf,
): Promise<Dashboard> {
  const v = volunteerFacts(f, scope, asOf);
  const [vol, ev, regionNames, typeNames, groupNames, cityNames] = await Promise.all([
    sql<{
      status: number;
      region: number | null;
      city: number | null;
      n: string;
    }>`select v.status, v.region_id as region, v.city_id as city, ${v.count} as n
      from ${v.from} where ${v.where} group by 1, 2, 3`.execute(db),
    sql<EventGroup>`select e.status, e.region_id as region, e.city_id as city, e.event_type_id as type,
      count(*) filter (where e.approval = 'approved') as approved, ${EVENT_SUMS}
      from ${eventsWithTotals(asOf)} where ${eventWhere(f, scope, asOf)} group by 1, 2, 3, 4`.execute(db),
    lookupNames(db, 'region'),
    lookupNames(db, 'eventType'),
    lookupNames(db, 'cityGroup'),
    lookupNames(db, 'city'),
  ]);
  const groupOfCity = new Map(cityNames.map((c) => [c.id, c.group_id]));
  const groupOf = (city: number | null) => (city === null ? null : (groupOfCity.get(city) ?? null));
  const add = <K>(m: Map<K, number>, k: K, v: number) => m.set(k, (m.get(k) ?? 0) + v);
  const byStatus = new Map<number, number>();
  const volunteersByRegion = new Map<number | null, number>();
  const volunteersByGroup = new Map<number | null, number>();
  for (const r of vol.rows) {
    add(byStatus, r.status, n(r.n));
    add(volunteersByRegion, r.region, n(r.n));
    add(volunteersByGroup, groupOf(r.city), n(r.n));
  }
  const volunteers = [...byStatus.values()].reduce((a, b) => a + b, 0);
  const eventsByStatus = new Map<number, number>();
  for (const r of ev.rows) add(eventsByStatus, r.status, n(r.n));
  const sum = (k: keyof EventSums | 'approved') => ev.rows.reduce((a, r) => a + n(r[k]), 0);
  const events = sum('n');
  const participants = sum('participants');
  const approvedHours = round2(sum('approved_hours'));
  const notApprovedHours = round2(sum('other_hours'));

  const counters: Counter[] = [];
  const want = (type: number) => f.reportType === undefined || f.reportType === type;
  if (want(REPORT_TYPES.registrations) || want(REPORT_TYPES.volunteers)) {
    counters.push({ label: 'volunteers', value: volunteers, percentage: volunteers === 0 ? 0 : 100 });
    for (const [label, status] of REGISTRATION_COUNTERS) {
      const v = byStatus.get(status) ?? 0;
      counters.push({ label, value: v, percentage: percentage(v, volunteers) });
    }
  }
  if (want(REPORT_TYPES.events)) {
    counters.push({ label: 'events', value: events, percentage: events === 0 ? 0 : 100 });
    const approved = sum('approved');
    counters.push({ label: 'eventsApproved', value: approved, percentage: percentage(approved, events) });
    for (const [label, status] of EVENT_STATUS_COUNTERS) {
      const v = eventsByStatus.get(status) ?? 0;
      counters.push({ label: `events.${label}`, value: v, percentage: percentage(v, events) });
    }
    counters.push({ label: 'participants', value: participants, percentage: 100 * Math.sign(participants) });
    const hours = approvedHours + notApprovedHours;
    counters.push({ label: 'approvedHours', value: approvedHours, percentage: percentage(approvedHours, hours) });
    counters.push({
      label: 'notApprovedHours',
      value: notApprovedHours,
      percentage: percentage(notApprovedHours, hours),
    });
  }
  const groupEvents = (keyOf: (r: EventGroup) => number | null) => {
    const out = new Map<number | null, { events: number; participants: number; approved: number; other: number }>();
    for (const r of ev.rows) {
      const k = keyOf(r);
      const x = out.get(k) ?? { events: 0, participants: 0, approved: 0, other: 0 };
      x.events += n(r.n);
      x.participants += n(r.participants);
      x.approved += n(r.approved_hours);
      x.other += n(r.other_hours);
      out.set(k, x);
    }
    return out;
  };
  const byRegion = groupEvents((r) => r.region);
  const byType = groupEvents((r) => r.type);
  const byGroup = groupEvents((r) => groupOf(r.city));
  // Per region, the volunteers registered there; per event type, the participations that count in its events.
  const regions = areaRows(regionNames, volunteersByRegion, byRegion, volunteers, events);
  const typeRegistered = new Map([...byType].map(([k, x]) => [k, x.participants]));
  const eventTypes = areaRows(
    typeNames,
    typeRegistered,
    byType,
    [...typeRegistered.values()].reduce((a, b) => a + b, 0),
    events,
  );
  // Per city group, the volunteers whose city is in it and the events whose city is in it.
  const cityGroups = areaRows(groupNames, volunteersByGroup, byGroup, volunteers, events);
  return { counters, regions, eventTypes, cityGroups };
}

function areaRows(
  names: { id: number; name_ar: string; name_en: string; active: boolean }[],
  registered: Map<number | null, number>,
  byArea: Map<number | null, { events: number; approved: number; other: number }>,
  registeredTotal: number,
  eventsTotal: number,
): AreaFigures[] {
  // Every active item, and any other (inactive, or unknown to the master data) the figures name.
  const named = new Map(names.map((x) => [x.id, x]));
  const ids = [
    ...names.filter((x) => x.active).map((x) => x.id),
    ...[...registered.keys(), ...byArea.keys()].filter((k): k is number => k !== null).sort((a, b) => a - b),
  ];
  return [...new Set(ids)].map((id) => {
    const r = registered.get(id) ?? 0;
    const x = byArea.get(id);
    return {
      id,
      nameAr: named.get(id)?.name_ar ?? '',
      nameEn: named.get(id)?.name_en ?? '',
      registered: r,
      registeredPercentage: percentage(r, registeredTotal),
      events: x?.events ?? 0,
      eventsPercentage: percentage(x?.events ?? 0, eventsTotal),
      approvedHours: round2(x?.approved ?? 0),
      notApprovedHours: round2(x?.other ?? 0),
    };
  });
}

function lookupNames(db: Kysely<StatisticsDB>, kind: string) {
  return db
    .selectFrom('rm.lookups')
    .select(['id', 'name_ar', 'name_en', 'active', 'min_target', 'max_target', 'group_id'])
    .where('kind', '=', kind)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

// --------------------------------------------------------------------------------------------------------- breakdowns

export interface BreakdownRow {
  /** The group's value: a lookup id, a status, a gender, 1/0 for a yes/no; null for "not given". */
  key: number | null;
  nameAr: string | null;
  nameEn: string | null;
  value: number;
  percentage: number;
  /** eventsAllRegions: the region's events by status (upcoming, active, closed, deleted). */
  byStatus?: { upcoming: number; active: number; closed: number; deleted: number };
}
export interface Breakdown {
  dimension: string;
  total: number;
  rows: BreakdownRow[];
}

/** Each dimension's group key over the fact's alias X (constants, never input). */
const VOLUNTEER_DIMENSIONS: Record<string, { column: string; lookup?: string }> = {
  status: { column: 'X.status' },
  region: { column: 'X.region_id', lookup: 'region' },
  city: { column: 'X.city_id', lookup: 'city' },
  gender: { column: 'X.gender' },
  practitioner: { column: 'X.practitioner::int' },
  category: { column: 'X.category_id', lookup: 'category' },
  subCategoryLevel1: { column: 'X.sub_category1_id', lookup: 'subCategoryLevel1' },
  subCategoryLevel2: { column: 'X.sub_category2_id', lookup: 'subCategoryLevel2' },
  experienceLevel: { column: 'X.experience_level_id', lookup: 'experienceLevel' },
};
/** Approval as a number: 0 pending, 1 approved, 2 rejected, 3 pending delete (the spec's grid row status codes). */
const EVENT_DIMENSIONS: Record<string, { column: string; lookup?: string }> = {
  status: { column: 'X.status' },
  approval: { column: "array_position(array['pending','approved','rejected','pendingDelete'], X.approval) - 1" },
  region: { column: 'X.region_id', lookup: 'region' },
  eventType: { column: 'X.event_type_id', lookup: 'eventType' },
  public: { column: '(X.visibility = 0)::int' },
};
const VIEW_DIMENSIONS: Record<BreakdownView, { fact: 'v' | 'e'; dimensions: string[] }> = {
  registrations: { fact: 'v', dimensions: ['status', 'region'] },
  volunteers: {
    fact: 'v',
    dimensions: [
      'gender',
      'practitioner',
      'category',
      'subCategoryLevel1',
      'subCategoryLevel2',
      'experienceLevel',
      'city',
    ],
  },
  events: { fact: 'e', dimensions: ['status', 'approval', 'eventType', 'public'] },
  eventsAllRegions: { fact: 'e', dimensions: ['region'] },
};

export async function breakdowns(
  db: Kysely<StatisticsDB>,
  view: BreakdownView,
  f: StatisticsFilters,
  scope: StatisticsScope,
  asOf: AsOf,
): Promise<Breakdown[]> {
  const { fact, dimensions } = VIEW_DIMENSIONS[view];
  const defs = dimensions.map((dimension) => (fact === 'v' ? VOLUNTEER_DIMENSIONS : EVENT_DIMENSIONS)[dimension]!);
  const cols = defs.map((dim) => sql.raw(dim.column.replaceAll('X.', `${fact}.`)));
  const v = volunteerFacts(f, scope, asOf);
  const from = fact === 'v' ? v.from : sql`rm.stat_events e`;
  const where = fact === 'v' ? v.where : eventWhere(f, scope, asOf);
  // One scan for every dimension of the page: a grouping set each; grouping(c) = 0 names the set a row belongs to.
  const [grouped, ...names] = await Promise.all([
    sql<Record<string, number | string | null>>`
      select ${sql.join(cols.map((c, i) => sql`${c} as ${sql.ref(`k${i}`)}, grouping(${c}) as ${sql.ref(`g${i}`)}`))},
        ${fact === 'v' ? v.count : sql`count(*)`} as n,
        ${
          fact === 'e'
            ? sql`count(*) filter (where e.status = 0) as s0, count(*) filter (where e.status = 2) as s2,
          count(*) filter (where e.status = 3) as s3, count(*) filter (where e.status = 4) as s4`
            : sql`0 as s0, 0 as s2, 0 as s3, 0 as s4`
        }
      from ${from} where ${where}
      group by grouping sets (${sql.join(cols.map((c) => sql`(${c})`))})`.execute(db),
    ...defs.map((dim) => (dim.lookup ? lookupNames(db, dim.lookup) : Promise.resolve([]))),
  ]);
  return dimensions.map((dimension, i) => {
    const named = new Map(names[i]!.map((x) => [x.id, x]));
    const rows = grouped.rows
      .filter((r) => n(r[`g${i}`]) === 0)
      .map((r) => ({
        k: r[`k${i}`] === null ? null : n(r[`k${i}`]),
        n: r.n,
        s0: r.s0,
        s2: r.s2,
        s3: r.s3,
        s4: r.s4,
      }))
      .sort((a, b) => (a.k === null ? 1 : b.k === null ? -1 : a.k - b.k));
    const total = rows.reduce((a, r) => a + n(r.n), 0);
    return {
      dimension,
      total,
      rows: rows.map((r) => {
        const name = r.k === null ? undefined : named.get(r.k);
        return {
          key: r.k,
          nameAr: name?.name_ar ?? null,
          nameEn: name?.name_en ?? null,
          value: n(r.n),
          percentage: percentage(n(r.n), total),
          ...(view === 'eventsAllRegions'
            ? { byStatus: { upcoming: n(r.s0), active: n(r.s2), closed: n(r.s3), deleted: n(r.s4) } }
            : {}),
        };
      }),
    };
  });
}

// ------------------------------------------------------------------------------------------------------------ targets

export interface TargetRow {
  id: string | number;
  nameAr: string;
  nameEn: string;
  events: number;
  participants: number;
  minTarget: number | null;
  maxTarget: number | null;
  /** Participants per event against the targets: below the minimum, within, above the maximum; null without targets. */
  standing: 'below' | 'within' | 'above' | null;
}

const standingOf = (v: number, min: number | null, max: number | null): TargetRow['standing'] => {
  if (min === null && max === null) return null;
  if (min !== null && v < min) return 'below';
  if (max !== null && v > max) return 'above';
  return 'within';
};

/**
 * Events target: each event's participants against its own minimum and maximum targets, else its type's; the 200
 * latest by start. Event-types target: per type, its events, their participants and the average per event against
 * the type's targets (lookups).
 */
export async function targets(
  db: Kysely<StatisticsDB>,
  view: 'events' | 'eventTypes',
  f: StatisticsFilters,
  scope: StatisticsScope,
  asOf: AsOf,
): Promise<TargetRow[]> {
  const types = new Map((await lookupNames(db, 'eventType')).map((x) => [x.id, x]));
  const rows = await sql<{
    id: string;
    type: number | null;
    min: number | null;
    max: number | null;
    participants: string;
  }>`select e.opportunity_id as id, e.event_type_id as type, e.min_target as min, e.max_target as max,
      coalesce(x.participants, 0) as participants
    from ${eventsWithTotals(asOf)} where ${eventWhere(f, scope, asOf)} and e.status <> 4
    order by e.start_date desc, e.opportunity_id limit ${view === 'events' ? 200 : 1_000_000}`.execute(db);
  if (view === 'events') {
    const names = await eventNames(
      db,
      rows.rows.map((r) => r.id),
    );
    return rows.rows.map((r) => {
      const type = r.type === null ? undefined : types.get(r.type);
      const min = r.min ?? type?.min_target ?? null;
      const max = r.max ?? type?.max_target ?? null;
      const p = n(r.participants);
      const name = names.get(r.id);
      return {
        id: r.id,
        nameAr: name?.nameAr ?? '',
        nameEn: name?.nameEn ?? '',
        events: 1,
        participants: p,
        minTarget: min,
        maxTarget: max,
        standing: standingOf(p, min, max),
      };
    });
  }
  const byType = new Map<number, { events: number; participants: number }>();
  for (const r of rows.rows) {
    if (r.type === null) continue;
    const x = byType.get(r.type) ?? { events: 0, participants: 0 };
    x.events += 1;
    x.participants += n(r.participants);
    byType.set(r.type, x);
  }
  return [...types.values()]
    .filter((t) => t.active || byType.has(t.id))
    .map((t) => {
      const x = byType.get(t.id) ?? { events: 0, participants: 0 };
      const average = x.events === 0 ? 0 : x.participants / x.events;
      return {
        id: t.id,
        nameAr: t.name_ar,
        nameEn: t.name_en,
        events: x.events,
        participants: x.participants,
        minTarget: t.min_target,
        maxTarget: t.max_target,
        standing: x.events === 0 ? null : standingOf(average, t.min_target, t.max_target),
      };
    });
}

/** Event names from the events list's read model (names are not facts the statistics keep versions of). */
async function eventNames(db: Kysely<StatisticsDB>, ids: string[]) {
  if (ids.length === 0) return new Map<string, { nameAr: string; nameEn: string }>();
  const r = await sql<{ id: string; name_ar: string; name_en: string }>`select opportunity_id as id, name_ar, name_en
    from rm.opportunities where opportunity_id = any(${ids}::uuid[])`.execute(db);
  return new Map(r.rows.map((x) => [x.id, { nameAr: x.name_ar, nameEn: x.name_en }]));
}

// ---------------------------------------------------------------------------------------------------- KPI comparison

export interface KpiRow {
  figure: KpiFigure;
  selection: number;
  base: number;
  change: number;
  changePercent: number | null;
}

/** The KPI figures of the events that start within a period. */
async function kpiOf(
  db: Kysely<StatisticsDB>,
  p: Period,
  f: StatisticsFilters,
  scope: StatisticsScope,
  asOf: AsOf,
): Promise<Record<KpiFigure, number>> {
  const { from, to } = periodRange(p);
  const inPeriod = and([
    eventWhere({ ...f, startDate: undefined, endDate: undefined }, scope, asOf),
    sql<boolean>`e.start_date >= ${from}::date and e.start_date < ${to}::date`,
  ]);
  const { rows } = await sql<EventSums & { approved: string; closed: string }>`select ${EVENT_SUMS},
      count(*) filter (where e.approval = 'approved') as approved, count(*) filter (where e.status = 3) as closed
      from ${eventsWithTotals(asOf)} where ${inPeriod}`.execute(db);
  const r = rows[0];
  return {
    events: n(r?.n),
    approvedEvents: n(r?.approved),
    closedEvents: n(r?.closed),
    invitations: n(r?.invitations),
    participants: n(r?.participants),
    approvedHours: round2(n(r?.approved_hours)),
    notApprovedHours: round2(n(r?.other_hours)),
  };
}

/** KPI comparison of events (spec): the selection and the base period side by side, with the change. */
export async function kpiComparison(
  db: Kysely<StatisticsDB>,
  selection: Period,
  base: Period,
  f: StatisticsFilters,
  scope: StatisticsScope,
  asOf: AsOf,
): Promise<KpiRow[]> {
  const [s, b] = await Promise.all([kpiOf(db, selection, f, scope, asOf), kpiOf(db, base, f, scope, asOf)]);
  return KPI_FIGURES.map((figure) => {
    const c = changeOf(s[figure], b[figure]);
    return { figure, selection: s[figure], base: b[figure], change: c.absolute, changePercent: c.percent };
  });
}

export { BREAKDOWN_VIEWS, type BreakdownView, KPI_FIGURES, type KpiFigure };
