import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { participationEvents, STATUS_AFTER } from '../../domain/participation/decide.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4, timestamp } from '../runner/values.ts';

const STATUS = STATUS_AFTER;

/** rm.participations (rosters, "my events") and rm.participation_hours (hours and performance per entry). */
export const participationsProjection: Projection = {
  name: 'participations',
  // 2: an hours entry's check-in, check-out, cases and rating may be empty (values older versions let through).
  version: 2,
  types: [...Object.keys(STATUS), 'HoursRecorded', 'HoursApproved', 'HoursRejected', 'HoursDeleted'],
  ...readModelTables(
    {
      participations: `
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        status int not null,
        approved_hours numeric not null default 0,
        pending_hours numeric not null default 0,
        updated_at timestamptz not null,
        primary key (opportunity_id, volunteer_id)
      `,
      participation_hours: `
        hours_id text primary key,
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        hours numeric not null,
        cases_handled int,
        check_in timestamptz,
        check_out timestamptz,
        rating int,
        review text not null,
        state text not null
      `,
      // Participants per event and status, so a roster page does not count its rows every time.
      participation_counts:
        'opportunity_id uuid not null, status int not null, n int not null, primary key (opportunity_id, status)',
    },
    (table) => `
      create index on ${table('participations')} (volunteer_id, status);
      create index on ${table('participations')} (opportunity_id, status, volunteer_id);
      create index on ${table('participation_hours')} (opportunity_id, volunteer_id)`,
  ),
  async apply({ tx, table }, events) {
    const p = sql.raw(table('participations'));
    const h = sql.raw(table('participation_hours'));
    const c = sql.raw(table('participation_counts'));
    for (const stored of events) {
      const e = decode(participationEvents, stored);
      if (!e) continue;
      const [opportunityId, volunteerId] = stored.streamId.slice('participation-'.length).split('_') as [
        string,
        string,
      ];
      const at = stored.metadata.occurredAt;
      const status = STATUS[e.type];
      if (status !== undefined) {
        const previous = 'previousStatus' in e.data ? e.data.previousStatus : null;
        if (previous !== status) {
          if (previous !== null)
            await sql`update ${c} set n = n - 1 where opportunity_id = ${opportunityId} and status = ${previous}`.execute(
              tx,
            );
          await sql`insert into ${c} as x (opportunity_id, status, n) values (${opportunityId}, ${status}, 1)
                    on conflict (opportunity_id, status) do update set n = x.n + 1`.execute(tx);
        }
        await sql`insert into ${p} (opportunity_id, volunteer_id, status, updated_at) values (${opportunityId}, ${volunteerId}, ${status}, ${at})
                  on conflict (opportunity_id, volunteer_id) do update set status = excluded.status, updated_at = excluded.updated_at`.execute(
          tx,
        );
        continue;
      }
      switch (e.type) {
        case 'HoursRecorded': {
          const d = e.data;
          await sql`insert into ${h} (hours_id, opportunity_id, volunteer_id, hours, cases_handled, check_in, check_out, rating, review, state)
                    values (${d.hoursId}, ${opportunityId}, ${volunteerId}, ${d.hours}, ${int4(d.casesHandled)}, ${timestamp(d.checkIn)}, ${timestamp(d.checkOut)}, ${int4(d.rating)}, ${d.review}, 'pending')`.execute(
            tx,
          );
          break;
        }
        case 'HoursApproved':
        case 'HoursRejected':
          await sql`update ${h} set state = ${e.type === 'HoursApproved' ? 'approved' : 'rejected'} where hours_id = ${e.data.hoursId}`.execute(
            tx,
          );
          break;
        case 'HoursDeleted':
          await sql`delete from ${h} where hours_id = ${e.data.hoursId}`.execute(tx);
          break;
        default:
          continue;
      }
      await sql`update ${p} set
          approved_hours = coalesce((select sum(hours) from ${h} where opportunity_id = ${opportunityId} and volunteer_id = ${volunteerId} and state = 'approved'), 0),
          pending_hours = coalesce((select sum(hours) from ${h} where opportunity_id = ${opportunityId} and volunteer_id = ${volunteerId} and state = 'pending'), 0),
          updated_at = ${at}
        where opportunity_id = ${opportunityId} and volunteer_id = ${volunteerId}`.execute(tx);
    }
  },
};
