import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { opportunityEvents } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { dateClamped, int4, int4Array, int4Clamped } from '../runner/values.ts';

/** rm.opportunities: the events list (public and staff), with seats taken and approved hours. */
export const opportunitiesProjection: Projection = {
  name: 'opportunities',
  // 2: the calendar's date-range index. 3: the event's region, city and type (issue 11), and the reject reason.
  version: 3,
  types: [
    'OpportunityCreated',
    'OpportunityEdited',
    'OpportunityApproved',
    'OpportunityRejected',
    'OpportunityStatusChanged',
    'OpportunityDeleteRequested',
    'OpportunityDeleted',
    'MaxInvitationsRaised',
    'MaxContributionsChanged',
    'SeatTaken',
    'SeatFreed',
    'HoursApprovedCounted',
  ],
  ...readModelTables(
    {
      opportunities: `
        opportunity_id uuid primary key,
        code text not null,
        name_ar text not null,
        name_en text not null,
        details jsonb not null,
        visibility int not null,
        region_ids int[] not null,
        city_ids int[] not null,
        start_date date not null,
        end_date date not null,
        attendance_type int not null,
        category_id int,
        work_field_id int,
        region_id int,
        city_id int,
        event_type_id int,
        reject_reason text,
        latitude double precision,
        longitude double precision,
        status int not null default 0,
        approval text not null default 'pending',
        max_contributions int not null,
        seats_taken int not null default 0,
        approved_hours numeric not null default 0,
        created_at timestamptz not null,
        updated_at timestamptz not null
      `,
    },
    (table) => `
      create index on ${table('opportunities')} (approval, status, start_date, opportunity_id);
      create index on ${table('opportunities')} (code);
      create index on ${table('opportunities')} (region_id, city_id);
      -- The calendar: public events whose dates overlap a range (api/opportunity/calendar.ts).
      create index on ${table('opportunities')} using gist (daterange(start_date, end_date, '[]'))
        where approval = 'approved' and status <> 4 and visibility = 0`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('opportunities'));
    for (const stored of events) {
      const e = decode(opportunityEvents, stored);
      if (!e) continue;
      const id = stored.streamId.slice('opportunity-'.length);
      const at = stored.metadata.occurredAt;
      const row = (d: OpportunityDetails) => sql`
        code = ${d.code}, name_ar = ${d.nameAr}, name_en = ${d.nameEn}, details = ${JSON.stringify(d)}::jsonb, visibility = ${int4(d.visibility)},
        region_ids = ${int4Array(d.regionIds)}::int[], city_ids = ${int4Array(d.cityIds)}::int[], start_date = ${dateClamped(d.startDate)},
        end_date = ${dateClamped(d.endDate)}, attendance_type = ${int4(d.attendanceType)}, category_id = ${int4(d.categoryId)},
        work_field_id = ${int4(d.workFieldId)}, region_id = ${int4(d.regionId)}, city_id = ${int4(d.cityId)},
        event_type_id = ${int4(d.eventTypeId)}, latitude = ${d.latitude ?? null}, longitude = ${d.longitude ?? null},
        max_contributions = ${int4Clamped(d.maxContributions)}, updated_at = ${at}`;
      switch (e.type) {
        case 'OpportunityCreated': {
          const d = e.data.details;
          await sql`insert into ${t} (opportunity_id, code, name_ar, name_en, details, visibility, region_ids, city_ids, start_date, end_date,
                attendance_type, max_contributions, created_at, updated_at)
              values (${id}, ${d.code}, ${d.nameAr}, ${d.nameEn}, ${JSON.stringify(d)}::jsonb, ${int4(d.visibility)},
                ${int4Array(d.regionIds)}::int[], ${int4Array(d.cityIds)}::int[], ${dateClamped(d.startDate)}, ${dateClamped(d.endDate)},
                ${int4(d.attendanceType)}, ${int4Clamped(d.maxContributions)}, ${at}, ${at})`.execute(tx);
          await sql`update ${t} set ${row(d)} where opportunity_id = ${id}`.execute(tx);
          break;
        }
        case 'OpportunityEdited':
          await sql`update ${t} set ${row(e.data.details)} where opportunity_id = ${id}`.execute(tx);
          break;
        case 'OpportunityApproved':
          await sql`update ${t} set approval = 'approved', reject_reason = null, updated_at = ${at} where opportunity_id = ${id}`.execute(
            tx,
          );
          break;
        case 'OpportunityRejected':
          await sql`update ${t} set approval = 'rejected', reject_reason = ${e.data.reason}, updated_at = ${at} where opportunity_id = ${id}`.execute(
            tx,
          );
          break;
        case 'OpportunityDeleteRequested':
          await sql`update ${t} set approval = 'pendingDelete', updated_at = ${at} where opportunity_id = ${id}`.execute(
            tx,
          );
          break;
        case 'OpportunityStatusChanged':
          await sql`update ${t} set status = ${e.data.to}, updated_at = ${at} where opportunity_id = ${id}`.execute(tx);
          break;
        case 'OpportunityDeleted':
          await sql`update ${t} set status = 4, updated_at = ${at} where opportunity_id = ${id}`.execute(tx);
          break;
        case 'MaxInvitationsRaised':
          await sql`update ${t} set details = jsonb_set(details, '{maxInvitations}', to_jsonb(${int4Clamped(e.data.to)}::int)), updated_at = ${at}
                    where opportunity_id = ${id}`.execute(tx);
          break;
        case 'MaxContributionsChanged':
          await sql`update ${t} set max_contributions = ${int4Clamped(e.data.to)}, details = jsonb_set(details, '{maxContributions}', to_jsonb(${int4Clamped(e.data.to)}::int)),
                    updated_at = ${at} where opportunity_id = ${id}`.execute(tx);
          break;
        case 'SeatTaken':
        case 'SeatFreed':
          await sql`update ${t} set seats_taken = seats_taken + ${e.type === 'SeatTaken' ? 1 : -1}, updated_at = ${at}
                    where opportunity_id = ${id}`.execute(tx);
          break;
        case 'HoursApprovedCounted':
          await sql`update ${t} set approved_hours = approved_hours + ${e.data.hours}, updated_at = ${at} where opportunity_id = ${id}`.execute(
            tx,
          );
          break;
      }
    }
  },
};
