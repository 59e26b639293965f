import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import { opportunityEvents } from '../../domain/opportunity/decide.ts';
import { participationEvents } from '../../domain/participation/decide.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { dateClamped, int4, int4Array, timestamp, withoutNul } from '../runner/values.ts';
import { applyParticipantChanges, type ParticipantChange } from './participant-reports.ts';

const OPPORTUNITY_TYPES = ['OpportunityCreated', 'OpportunityEdited', 'OpportunityStatusChanged', 'OpportunityDeleted'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The moment an event happened: its command's `now`, else when it was recorded. */
const happenedAt = (e: StoredEvent) => timestamp(e.metadata.occurredAt) ?? e.recordedAt.toISOString();

/**
 * The event reports' read model (docs/architecture.md, "Event reports").
 *
 * - rm.report_events: each event's listed fields (code, names, dates, status, the places the staff scope reads) with
 *   their validity period `[valid_from, valid_to)`, from the moment it was created: a list as of a past date shows
 *   each event as it stood then (as the single report's fold does) and leaves out the events created after it.
 * - rm.report_participants: each participation's report figures with their validity period `[valid_from, valid_to)`
 *   (the moments of the events that set and replaced them; `valid_to` null for the current figures). The figures are
 *   the domain's own (`participantReportOf` over the participation folded by the decider's `evolve`, whose state the
 *   current row keeps), so this list agrees with one event's report, and "as of T" is the rows valid at T.
 */
export const eventReportsProjection: Projection = {
  name: 'event_reports',
  version: 2,
  types: [...OPPORTUNITY_TYPES, ...participationEvents.types],
  ...readModelTables(
    {
      report_events: `
        opportunity_id uuid not null,
        valid_from timestamptz not null,
        valid_to timestamptz,
        code text not null,
        name_ar text not null,
        name_en text not null,
        start_date date,
        end_date date,
        status int not null,
        visibility int,
        region_ids int[] not null,
        city_ids int[] not null,
        primary key (opportunity_id, valid_from)
      `,
      report_participants: `
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        valid_from timestamptz not null,
        valid_to timestamptz,
        status int not null,
        attendance text not null,
        approved_hours numeric not null,
        pending_hours numeric not null,
        rejected_hours numeric not null,
        cases_handled int not null,
        rating numeric,
        incidents int not null,
        state jsonb,
        primary key (opportunity_id, volunteer_id, valid_from)
      `,
    },
    (table) => `
      create unique index on ${table('report_events')} (opportunity_id) where valid_to is null;
      create index on ${table('report_events')} (start_date desc, opportunity_id) where valid_to is null;
      create index on ${table('report_participants')} (opportunity_id, valid_from);
      create index on ${table('report_participants')} (volunteer_id, valid_from)`,
  ),
  async apply({ tx, table }, events) {
    const ev = sql.raw(table('report_events'));
    const rp = sql.raw(table('report_participants'));
    // The participants' changes apply together after the loop: they read and write report_participants only, which
    // the events' changes do not touch, so the order between the two is free.
    const participantChanges: ParticipantChange[] = [];
    for (const stored of events) {
      const at = happenedAt(stored);
      if (stored.streamId.startsWith('opportunity-')) {
        const id = stored.streamId.slice('opportunity-'.length);
        const e = decode(opportunityEvents, stored);
        if (!e || !UUID.test(id)) continue;
        const current = await sql<{ valid_from: Date }>`select valid_from from ${ev}
          where opportunity_id = ${id} and valid_to is null`
          .execute(tx)
          .then((r) => r.rows[0]);
        const creating = e.type === 'OpportunityCreated' || e.type === 'OpportunityEdited';
        if (!current && !creating) continue;
        // A later moment opens a new version (a copy of the current one, then changed); events of one moment, or one
        // dated before the current version (out of order), change the current version in place.
        if (current && current.valid_from.getTime() < Date.parse(at))
          await sql`with closed as (update ${ev} set valid_to = ${at} where opportunity_id = ${id} and valid_to is null
                      returning *)
                    insert into ${ev} (opportunity_id, valid_from, code, name_ar, name_en, start_date, end_date, status,
                      visibility, region_ids, city_ids)
                    select opportunity_id, ${at}, code, name_ar, name_en, start_date, end_date, status, visibility,
                      region_ids, city_ids from closed`.execute(tx);
        switch (e.type) {
          case 'OpportunityCreated':
          case 'OpportunityEdited': {
            const d = withoutNul(e.data.details);
            const [code, nameAr, nameEn, start, end] = [
              d.code,
              d.nameAr,
              d.nameEn,
              dateClamped(d.startDate),
              dateClamped(d.endDate),
            ];
            const [visibility, regions, cities] = [int4(d.visibility), int4Array(d.regionIds), int4Array(d.cityIds)];
            await (current
              ? sql`update ${ev} set code = ${code}, name_ar = ${nameAr}, name_en = ${nameEn}, start_date = ${start},
                      end_date = ${end}, visibility = ${visibility}, region_ids = ${regions}::int[], city_ids = ${cities}::int[]
                    where opportunity_id = ${id} and valid_to is null`
              : sql`insert into ${ev} (opportunity_id, valid_from, code, name_ar, name_en, start_date, end_date, status,
                      visibility, region_ids, city_ids)
                    values (${id}, ${at}, ${code}, ${nameAr}, ${nameEn}, ${start}, ${end}, 0, ${visibility},
                      ${regions}::int[], ${cities}::int[])`
            ).execute(tx);
            break;
          }
          case 'OpportunityStatusChanged':
          case 'OpportunityDeleted': {
            const status = e.type === 'OpportunityDeleted' ? 4 : (int4(e.data.to) ?? 0);
            await sql`update ${ev} set status = ${status} where opportunity_id = ${id} and valid_to is null`.execute(
              tx,
            );
            break;
          }
        }
        continue;
      }
      if (!stored.streamId.startsWith('participation-')) continue;
      const e = decode(participationEvents, stored);
      const [opportunityId, volunteerId] = stored.streamId.slice('participation-'.length).split('_');
      if (!e || !opportunityId || !volunteerId || !UUID.test(opportunityId) || !UUID.test(volunteerId)) continue;
      participantChanges.push({ opportunityId, volunteerId, event: e, at });
    }
    await applyParticipantChanges(tx, rp, participantChanges);
  },
};
