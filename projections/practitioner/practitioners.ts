import { sql } from 'kysely';
import {
  PRACTITIONER_STREAM_PREFIX,
  PractitionerEventTypes,
  practitionerEvents,
} from '../../domain/practitioner/events.ts';
import { readModelTables, streamEvents } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { date, int4, timestamp } from '../runner/values.ts';

/** rm.practitioners: each volunteer's last CFHS check (status as answered; expiry is applied when read). */
export const practitionersProjection: Projection = {
  name: 'practitioners',
  version: 1,
  types: [...PractitionerEventTypes],
  ...readModelTables({
    practitioners: `
        volunteer_id uuid primary key,
        cfhs_number text not null,
        status_id int,
        classification_ar text,
        classification_en text,
        licence_expiry date,
        checked_at timestamptz`,
  }),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('practitioners'));
    for (const { e, id } of streamEvents(events, PRACTITIONER_STREAM_PREFIX, practitionerEvents)) {
      const d = e.data;
      await sql`insert into ${t} (volunteer_id, cfhs_number, status_id, classification_ar, classification_en,
                  licence_expiry, checked_at)
                values (${id}, ${String(d.cfhsNumber ?? '')},
                  ${int4(d.statusId)}, ${d.classification?.ar ?? null}, ${d.classification?.en ?? null},
                  ${date(d.licenceExpiryDate)}, ${timestamp(d.at)})
                on conflict (volunteer_id) do update set cfhs_number = excluded.cfhs_number, status_id = excluded.status_id,
                  classification_ar = excluded.classification_ar, classification_en = excluded.classification_en,
                  licence_expiry = excluded.licence_expiry, checked_at = excluded.checked_at`.execute(tx);
    }
  },
};
