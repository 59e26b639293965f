import { type RawBuilder, sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import { opportunityEvents } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { participationEvents, STATUS_AFTER } from '../../domain/participation/decide.ts';
import { registrationEvents } from '../../domain/registration/events.ts';
import { fieldsOf } from '../../domain/shared/upcast.ts';
import { COUNTED_STATUSES } from '../../domain/statistics/figures.ts';
import { groupsOfDistinctKeys } from '../runner/batches.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { dateClamped, int4, timestamp } from '../runner/values.ts';
import { REGISTRATION_STATUS_TYPES } from '../shared/registration-types.ts';

/** The events' own facts the statistics version (the approval, status and details; not the seats or department). */
const EVENT_FACT_TYPES = opportunityEvents.types.filter(
  (t) => t.startsWith('Opportunity') && t !== 'OpportunityDepartmentChanged',
);

/** The volunteers' filter fields but the registration date, with their types: the counts' dimensions. */
const DIMENSIONS = {
  status: 'int not null',
  region_id: 'int',
  city_id: 'int',
  gender: 'int',
  practitioner: 'boolean not null',
  category_id: 'int',
  sub_category1_id: 'int',
  sub_category2_id: 'int',
  experience_level_id: 'int',
};
const DIMENSION_NAMES = Object.keys(DIMENSIONS).join(', ');
/** The dimensions as columns of a create table (rm.stat_volunteers and rm.stat_volunteer_counts). */
const DIMENSION_COLUMNS = Object.entries(DIMENSIONS)
  .map(([column, type]) => `${column} ${type}`)
  .join(', ');

/** A version's validity period [valid_from, valid_to), the last columns of every fact table. */
const VALIDITY =
  'valid_from timestamptz not null, valid_to timestamptz, check (valid_to is null or valid_to >= valid_from)';

/**
 * The statistics read model (issue 10): fact tables whose rows are versions with a validity period
 * [valid_from, valid_to). An event that changes a fact closes the open version (valid_to) and opens a new one from
 * the event's own time (metadata.occurredAt, the command's `now`; else when it was recorded), never before the
 * version it replaces began (greatest(valid_from, at): domain/statistics/periods.ts nextValidFrom). Current reads
 * take `valid_to is null` (partial indexes); a read as of a past moment takes the version in force then, so it
 * answers what the screens showed at that moment, whatever was corrected later.
 */
export const statisticsProjection: Projection = {
  name: 'statistics',
  // 2: rm.stat_volunteer_counts (the open volunteer versions counted by their filter fields).
  version: 2,
  types: [
    ...REGISTRATION_STATUS_TYPES,
    ...EVENT_FACT_TYPES,
    ...Object.keys(STATUS_AFTER),
    'HoursRecorded',
    'HoursApproved',
    'HoursRejected',
    'HoursDeleted',
  ],
  ...readModelTables(
    {
      stat_volunteers: `
        volunteer_id uuid not null,
        ${DIMENSION_COLUMNS},
        registered_at timestamptz,
        ${VALIDITY}
      `,
      // The open volunteer versions counted by every filter field but the registration date, moved in the statement
      // that changes a version: current reads without a date range sum these rows instead of counting 100,000.
      stat_volunteer_counts: `
        ${DIMENSION_COLUMNS},
        n int not null,
        unique nulls not distinct (${DIMENSION_NAMES})
      `,
      stat_events: `
        opportunity_id uuid not null,
        status int not null,
        approval text not null,
        visibility int not null,
        region_id int,
        city_id int,
        event_type_id int,
        start_date date not null,
        end_date date not null,
        min_target int,
        max_target int,
        ${VALIDITY}
      `,
      stat_participations: `
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        status int not null,
        ${VALIDITY}
      `,
      stat_hours: `
        hours_id text not null,
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        hours numeric not null,
        state text not null,
        ${VALIDITY}
      `,
      // Each event's current participations and hours, kept as they change: current reads sum a row an event
      // instead of a million participations (reads as of a past moment aggregate the versions instead).
      stat_event_totals: `
        opportunity_id uuid primary key,
        invitations int not null default 0,
        participants int not null default 0,
        approved_hours numeric not null default 0,
        other_hours numeric not null default 0
      `,
    },
    (table) => {
      const v = table('stat_volunteers');
      const e = table('stat_events');
      const p = table('stat_participations');
      const h = table('stat_hours');
      return `
      create unique index on ${v} (volunteer_id) where valid_to is null;
      -- The open versions' filter and group columns, so current reads scan this index only (once vacuumed).
      create index on ${v} (${DIMENSION_NAMES}, registered_at) where valid_to is null;
      create index on ${v} (volunteer_id, valid_from);
      create index on ${v} (valid_from, valid_to);
      create unique index on ${e} (opportunity_id) where valid_to is null;
      create index on ${e} (start_date) where valid_to is null;
      create index on ${e} (opportunity_id, valid_from);
      create unique index on ${p} (opportunity_id, volunteer_id) where valid_to is null;
      create index on ${p} (opportunity_id, status) where valid_to is null;
      create index on ${p} (opportunity_id, valid_from);
      create unique index on ${h} (hours_id) where valid_to is null;
      create index on ${h} (opportunity_id, state) where valid_to is null;
      create index on ${h} (opportunity_id, valid_from)`;
    },
  ),
  async apply({ tx, table }, events) {
    const V = sql.raw(table('stat_volunteers'));
    const VC = sql.raw(table('stat_volunteer_counts'));
    /** Moves the counts: the closed version's combination down one, the opened one's up one (CTEs closed, opened). */
    const recount = sql`insert into ${VC} as c (${COUNT_DIMENSIONS}, n)
      select ${COUNT_DIMENSIONS}, sum(d) from (
        select ${COUNT_DIMENSIONS}, -1 as d from closed union all select ${COUNT_DIMENSIONS}, 1 from opened
      ) u group by ${COUNT_DIMENSIONS}
      on conflict (${COUNT_DIMENSIONS}) do update set n = c.n + excluded.n`;
    const E = sql.raw(table('stat_events'));
    const P = sql.raw(table('stat_participations'));
    const H = sql.raw(table('stat_hours'));
    const X = sql.raw(table('stat_event_totals'));
    /** Adds to an event's current totals. */
    const addTotals = (
      opportunityId: string,
      d: {
        invitations?: RawBuilder<unknown>;
        participants?: RawBuilder<unknown>;
        approved?: RawBuilder<unknown>;
        other?: RawBuilder<unknown>;
      },
    ) =>
      sql`insert into ${X} as x (opportunity_id, invitations, participants, approved_hours, other_hours)
        values (${opportunityId}, ${d.invitations ?? sql`0`}, ${d.participants ?? sql`0`}, ${d.approved ?? sql`0`}, ${d.other ?? sql`0`})
        on conflict (opportunity_id) do update set invitations = x.invitations + excluded.invitations,
          participants = x.participants + excluded.participants, approved_hours = x.approved_hours + excluded.approved_hours,
          other_hours = x.other_hours + excluded.other_hours`;
    const run = (q: RawBuilder<unknown>) => q.execute(tx);
    /**
     * A run of participation status changes, written when another kind of event comes (or the batch ends): one
     * statement for each group of changes in which no participation comes twice (each closes its open version, opens
     * the new one, and the event's totals move by the group's sum), with the rows one statement a change gives.
     */
    let statusRun: StatusChange[] = [];
    const writeStatusRun = async () => {
      for (const group of groupsOfDistinctKeys(statusRun, (c) => `${c.opportunityId}_${c.volunteerId}`))
        await run(sql`with r as (
            select * from unnest(${group.map((c) => c.opportunityId)}::uuid[], ${group.map((c) => c.volunteerId)}::uuid[],
              ${group.map((c) => c.status)}::int[], ${group.map((c) => c.at)}::timestamptz[],
              ${group.map((c) => ((COUNTED as readonly number[]).includes(c.status) ? 1 : 0))}::int[])
              as r(opportunity_id, volunteer_id, status, at, counted)),
          closed as (
            update ${P} as x set valid_to = greatest(x.valid_from, r.at) from r
            where x.opportunity_id = r.opportunity_id and x.volunteer_id = r.volunteer_id and x.valid_to is null
            returning x.opportunity_id, x.volunteer_id, x.valid_to, x.status),
          changes as (
            select r.*, c.valid_to as closed_at, c.status as closed_status, c.opportunity_id is not null as closed
            from r left join closed c on c.opportunity_id = r.opportunity_id and c.volunteer_id = r.volunteer_id),
          opened as (
            insert into ${P} (opportunity_id, volunteer_id, status, valid_from)
            select opportunity_id, volunteer_id, status, coalesce(closed_at, at) from changes)
          insert into ${X} as x (opportunity_id, invitations, participants, approved_hours, other_hours)
          select opportunity_id, sum(case when closed then 0 else 1 end),
            sum(counted - case when closed_status in (${sql.join(COUNTED)}) then 1 else 0 end), 0, 0
          from changes group by opportunity_id
          on conflict (opportunity_id) do update set invitations = x.invitations + excluded.invitations,
            participants = x.participants + excluded.participants`);
      statusRun = [];
    };
    for (const stored of events) {
      if (
        !stored.streamId.startsWith('participation-') ||
        STATUS_AFTER[stored.type as keyof typeof STATUS_AFTER] === undefined
      )
        await writeStatusRun();
      const at = occurredAt(stored);
      const reg = decode(registrationEvents, stored);
      if (reg && stored.streamId.startsWith('registration-')) {
        const id = stored.streamId.slice('registration-'.length);
        if (reg.type === 'RegistrationDraftSaved' || reg.type === 'RegistrationSubmitted') {
          const f = reg.data.form;
          const s = f.specialities ?? {};
          const submitted = reg.type === 'RegistrationSubmitted';
          await run(sql`with closed as (
              update ${V} set valid_to = greatest(valid_from, ${at}::timestamptz)
              where volunteer_id = ${id} and valid_to is null returning *),
            opened as (
            insert into ${V} (volunteer_id, status, region_id, city_id, gender, practitioner, category_id, sub_category1_id,
              sub_category2_id, experience_level_id, registered_at, valid_from)
            select ${id}, ${submitted ? 2 : 1}, ${int4(f.address?.regionId)}, ${int4(f.address?.cityId)},
              ${int4(f.personal?.gender)}, ${Boolean(f.practitioner?.cfhsNumber)}, ${int4(s.categoryId)},
              ${int4(s.subCategoryLevel1Id)}, ${int4(s.subCategoryLevel2Id)}, ${int4(s.experienceLevelId)},
              coalesce((select registered_at from closed), ${submitted ? at : null}::timestamptz),
              coalesce((select valid_to from closed), ${at}::timestamptz)
            returning *)
            ${recount}`);
          continue;
        }
        const status = REGISTRATION_STATUS[reg.type];
        if (status !== undefined)
          await run(newVersion(V, sql`volunteer_id = ${id}`, { status }, at, VOLUNTEER_COLUMNS, recount));
        continue;
      }
      const opp = decode(opportunityEvents, stored);
      if (opp && stored.streamId.startsWith('opportunity-')) {
        const id = stored.streamId.slice('opportunity-'.length);
        const key = sql`opportunity_id = ${id}`;
        switch (opp.type) {
          case 'OpportunityCreated':
          case 'OpportunityEdited': {
            const d = eventFacts(opp.data.details);
            await run(sql`with closed as (
                update ${E} set valid_to = greatest(valid_from, ${at}::timestamptz)
                where opportunity_id = ${id} and valid_to is null returning valid_to, status, approval)
              insert into ${E} (opportunity_id, status, approval, visibility, region_id, city_id, event_type_id, start_date,
                end_date, min_target, max_target, valid_from)
              select ${id}, coalesce((select status from closed), 0), coalesce((select approval from closed), 'pending'),
                ${d.visibility}, ${d.regionId}, ${d.cityId}, ${d.eventTypeId}, ${d.startDate}, ${d.endDate},
                ${d.minTarget}, ${d.maxTarget}, coalesce((select valid_to from closed), ${at}::timestamptz)`);
            break;
          }
          case 'OpportunityApproved':
          case 'OpportunityRejected':
          case 'OpportunityDeleteRequested': {
            const approval = { OpportunityApproved: 'approved', OpportunityRejected: 'rejected' }[opp.type as string];
            await run(newVersion(E, key, { approval: approval ?? 'pendingDelete' }, at, EVENT_COLUMNS));
            break;
          }
          case 'OpportunityStatusChanged':
            await run(newVersion(E, key, { status: int4(opp.data.to) ?? 0 }, at, EVENT_COLUMNS));
            break;
          case 'OpportunityDeleted':
            await run(newVersion(E, key, { status: 4 }, at, EVENT_COLUMNS));
            break;
        }
        continue;
      }
      const part = decode(participationEvents, stored);
      if (part && stored.streamId.startsWith('participation-')) {
        const [opportunityId, volunteerId] = stored.streamId.slice('participation-'.length).split('_') as [
          string,
          string,
        ];
        const status = STATUS_AFTER[part.type];
        if (status !== undefined) {
          statusRun.push({ opportunityId, volunteerId, status, at });
          continue;
        }
        switch (part.type) {
          case 'HoursRecorded':
            await run(sql`with closed as (
                update ${H} set valid_to = greatest(valid_from, ${at}::timestamptz)
                where hours_id = ${part.data.hoursId} and valid_to is null returning valid_to, hours, state),
              opened as (
                insert into ${H} (hours_id, opportunity_id, volunteer_id, hours, state, valid_from)
                select ${part.data.hoursId}, ${opportunityId}, ${volunteerId}, ${hoursOf(part.data.hours)}, 'pending',
                  coalesce((select valid_to from closed), ${at}::timestamptz))
              ${addTotals(opportunityId, {
                approved: sql`(-coalesce((select hours from closed where state = 'approved'), 0))`,
                other: sql`(${hoursOf(part.data.hours)}::numeric - coalesce((select hours from closed where state <> 'approved'), 0))`,
              })}`);
            break;
          case 'HoursApproved':
          case 'HoursRejected':
          case 'HoursDeleted': {
            // A deleted entry has no version from then on: its last one closes.
            const state = { HoursApproved: 'approved', HoursRejected: 'rejected' }[part.type as string] ?? null;
            await run(sql`with closed as (
                update ${H} set valid_to = greatest(valid_from, ${at}::timestamptz)
                where hours_id = ${part.data.hoursId} and valid_to is null
                returning hours_id, opportunity_id, volunteer_id, hours, state, valid_to),
              opened as (
                insert into ${H} (hours_id, opportunity_id, volunteer_id, hours, state, valid_from)
                select hours_id, opportunity_id, volunteer_id, hours, ${state}::text, valid_to from closed
                where ${state}::text is not null)
              ${addTotals(opportunityId, {
                approved: sql`(coalesce((select case when ${state}::text = 'approved' then hours else 0 end
                  - case when state = 'approved' then hours else 0 end from closed), 0))`,
                other: sql`(coalesce((select case when ${state}::text is not null and ${state}::text <> 'approved' then hours else 0 end
                  - case when state <> 'approved' then hours else 0 end from closed), 0))`,
              })}`);
            break;
          }
        }
      }
    }
    await writeStatusRun();
  },
};

interface StatusChange {
  opportunityId: string;
  volunteerId: string;
  status: number;
  at: string;
}

/** When the change happened: the command's `now`, else when the event was recorded. */
function occurredAt(stored: StoredEvent): string {
  return timestamp(stored.metadata.occurredAt) ?? stored.recordedAt.toISOString();
}

const REGISTRATION_STATUS: Partial<Record<string, number>> = {
  RegistrationInitiallyAccepted: 3,
  RegistrationApproved: 5,
  RegistrationRejected: 6,
  RegistrationReturnedToSubmitted: 2,
};

const VOLUNTEER_COLUMNS = ['volunteer_id', ...Object.keys(DIMENSIONS), 'registered_at'];
const EVENT_COLUMNS = [
  'opportunity_id',
  'status',
  'approval',
  'visibility',
  'region_id',
  'city_id',
  'event_type_id',
  'start_date',
  'end_date',
  'min_target',
  'max_target',
];

/**
 * A new version of the open row `key` names, with some columns changed and the others copied: the open version
 * closes at the event's time (never before it began) and the new one starts there. No open row: nothing happens
 * (an event about a fact the model never saw begin).
 */
function newVersion(
  t: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
  changed: Record<string, string | number>,
  at: string,
  columns: readonly string[],
  /** A statement over the CTEs closed and opened, run with them (the volunteers' counts). */
  then?: RawBuilder<unknown>,
): RawBuilder<unknown> {
  const values = columns.map((c) => (c in changed ? sql`${changed[c]}` : sql.ref(`closed.${c}`)));
  const insert = sql`insert into ${t} (${sql.join(columns.map((c) => sql.ref(c)))}, valid_from)
    select ${sql.join(values)}, closed.valid_to from closed`;
  const closed = sql`closed as (
      update ${t} set valid_to = greatest(valid_from, ${at}::timestamptz) where ${key} and valid_to is null returning *)`;
  if (!then) return sql`with ${closed} ${insert}`;
  return sql`with ${closed}, opened as (${insert} returning *) ${then}`;
}

/** The volunteers' count dimensions (rm.stat_volunteer_counts), in SQL. */
const COUNT_DIMENSIONS = sql.raw(DIMENSION_NAMES);

const COUNTED = COUNTED_STATUSES;

const hoursOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1e6 ? v : 0);

/**
 * What the statistics read of an event's details. Its region, city and type are the optional `regionId`, `cityId`
 * and `eventTypeId` (events recorded before they existed have none: their first region and city stand in, the type
 * is empty); read through fieldsOf, so a shape without them reads as empty.
 */
export function eventFacts(d: OpportunityDetails) {
  const extra = fieldsOf(d);
  const positive = (v: unknown) => {
    const n = int4(v);
    return n !== null && n >= 0 ? n : null;
  };
  return {
    visibility: int4(d.visibility) ?? 0,
    regionId: int4(extra.regionId) ?? int4(Array.isArray(d.regionIds) ? d.regionIds[0] : null),
    cityId: int4(extra.cityId) ?? int4(Array.isArray(d.cityIds) ? d.cityIds[0] : null),
    eventTypeId: int4(extra.eventTypeId),
    startDate: dateClamped(d.startDate) ?? '1970-01-01',
    endDate: dateClamped(d.endDate) ?? dateClamped(d.startDate) ?? '1970-01-01',
    minTarget: positive(d.minTarget),
    maxTarget: positive(d.maxTarget),
  };
}
