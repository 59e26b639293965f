import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { INITIATIVE_STREAM_PREFIX, InitiativeEventTypes, initiativeEvents } from '../../domain/initiative/events.ts';
import type { Projection } from '../runner/projection.ts';

/** rm.initiatives: one row per proposed event (the admin grid's columns and filters, the proposer's own list). */
export const initiativesProjection: Projection = {
  name: 'initiatives',
  version: 1,
  tables: ['initiatives'],
  types: InitiativeEventTypes,
  async setup({ tx, table }) {
    await sql
      .raw(`
      create table ${table('initiatives')} (
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
        updated_at timestamptz not null
      );
      create index on ${table('initiatives')} (created_at desc, initiative_id desc);
      create index on ${table('initiatives')} (proposer_id, created_at desc);`)
      .execute(tx);
  },
  async apply({ tx, table }, events) {
    const t = sql.raw(table('initiatives'));
    for (const stored of events) {
      if (!stored.streamId.startsWith(INITIATIVE_STREAM_PREFIX)) continue;
      const e = decode(initiativeEvents, stored);
      if (!e) continue;
      switch (e.type) {
        case 'InitiativeProposed': {
          const d = e.data;
          await sql`insert into ${t} (initiative_id, code, name, description, details, region_id, city_id, location,
                      latitude, longitude, proposer_id, center_sent, status, year, created_at, updated_at)
                    values (${d.initiativeId}, ${d.code}, ${d.name}, ${d.description}, ${d.details}, ${d.regionId},
                      ${d.cityId}, ${d.location}, ${d.latitude}, ${d.longitude}, ${d.proposerId}, ${d.centerSent === true},
                      0, ${new Date(d.at).getUTCFullYear()}, ${d.at}, ${d.at})
                    on conflict (initiative_id) do nothing`.execute(tx);
          break;
        }
        case 'InitiativeApproved':
          await sql`update ${t} set status = 1, event_id = ${e.data.eventId}, updated_at = ${e.data.at}
                    where initiative_id = ${e.data.initiativeId}`.execute(tx);
          break;
        case 'InitiativeRejected':
          await sql`update ${t} set status = 2, reject_reason = ${e.data.reason}, updated_at = ${e.data.at}
                    where initiative_id = ${e.data.initiativeId}`.execute(tx);
          break;
      }
    }
  },
};
