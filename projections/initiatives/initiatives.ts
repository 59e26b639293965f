import { sql } from 'kysely';
import { INITIATIVE_STREAM_PREFIX, InitiativeEventTypes, initiativeEvents } from '../../domain/initiative/events.ts';
import { happenedAt, readModelTables, streamEvents } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4 } from '../runner/values.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v : null);
const coordinate = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** rm.initiatives: one row per proposed event (the admin grid's columns and filters, the proposer's own list). */
export const initiativesProjection: Projection = {
  name: 'initiatives',
  version: 1,
  types: InitiativeEventTypes,
  ...readModelTables(
    {
      initiatives: `
        initiative_id uuid primary key,
        code text not null,
        name text not null,
        description text not null,
        details text not null,
        region_id int,
        city_id int,
        location text not null,
        latitude double precision,
        longitude double precision,
        proposer_id uuid,
        center_sent boolean not null,
        status int not null,
        event_id uuid,
        reject_reason text,
        year int not null,
        created_at timestamptz not null,
        updated_at timestamptz not null`,
    },
    (table) => `
      create index on ${table('initiatives')} (created_at desc, initiative_id desc);
      create index on ${table('initiatives')} (proposer_id, created_at desc)`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('initiatives'));
    for (const { e, id: streamId, stored } of streamEvents(events, INITIATIVE_STREAM_PREFIX, initiativeEvents)) {
      // The stream names the initiative; the time is the event's own, else when it was recorded.
      const id = uuid(streamId);
      if (!id) continue;
      const at = happenedAt(e.data.at, stored);
      switch (e.type) {
        case 'InitiativeProposed': {
          const d = e.data;
          await sql`insert into ${t} (initiative_id, code, name, description, details, region_id, city_id, location,
                      latitude, longitude, proposer_id, center_sent, status, year, created_at, updated_at)
                    values (${id}, ${text(d.code)}, ${text(d.name)}, ${text(d.description)}, ${text(d.details)},
                      ${int4(d.regionId)}, ${int4(d.cityId)}, ${text(d.location)}, ${coordinate(d.latitude)},
                      ${coordinate(d.longitude)}, ${uuid(d.proposerId)}, ${d.centerSent === true},
                      0, ${new Date(at).getUTCFullYear()}, ${at}, ${at})
                    on conflict (initiative_id) do nothing`.execute(tx);
          break;
        }
        case 'InitiativeApproved':
          await sql`update ${t} set status = 1, event_id = ${uuid(e.data.eventId)}, updated_at = ${at}
                    where initiative_id = ${id}`.execute(tx);
          break;
        case 'InitiativeRejected':
          await sql`update ${t} set status = 2, reject_reason = ${text(e.data.reason)}, updated_at = ${at}
                    where initiative_id = ${id}`.execute(tx);
          break;
      }
    }
  },
};
