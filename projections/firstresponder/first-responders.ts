import { sql } from 'kysely';
import {
  FIRST_RESPONDER_STREAM_PREFIX,
  FirstResponderEventTypes,
  firstResponderEvents,
} from '../../domain/firstresponder/events.ts';
import { readModelTables, streamEvents } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { date, timestamp } from '../runner/values.ts';

/**
 * rm.first_responders: one row per volunteer's first-responder request — the requests (pending), approved and rejected
 * lists of the responder admin, and the volunteer's own request in update mode.
 */
export const firstRespondersProjection: Projection = {
  name: 'first-responders',
  version: 1,
  types: [...FirstResponderEventTypes],
  ...readModelTables(
    {
      first_responders: `
        volunteer_id uuid primary key,
        status text not null,
        certificate_expiry date,
        has_bls boolean not null,
        file_id text not null,
        employee_code text,
        reject_reason text,
        decided_by text,
        decided_at timestamptz,
        requested_at timestamptz,
        updated_at timestamptz`,
    },
    (table) => `
      create index on ${table('first_responders')} (status, updated_at desc)`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('first_responders'));
    for (const { e, id: volunteerId } of streamEvents(events, FIRST_RESPONDER_STREAM_PREFIX, firstResponderEvents)) {
      const at = timestamp(e.data.at);
      switch (e.type) {
        case 'FirstResponderRequested':
        case 'FirstResponderRequestUpdated': {
          const d = e.data;
          const expiry = date(d.certificateExpiryDate);
          await sql`insert into ${t} (volunteer_id, status, certificate_expiry, has_bls, file_id, employee_code,
                      requested_at, updated_at)
                    values (${volunteerId}, 'pending', ${expiry}, ${d.hasBls === true}, ${String(d.fileId ?? '')},
                      ${d.employeeCode ?? null}, ${at}, ${at})
                    on conflict (volunteer_id) do update set status = 'pending', certificate_expiry = excluded.certificate_expiry,
                      has_bls = excluded.has_bls, file_id = excluded.file_id, employee_code = excluded.employee_code,
                      reject_reason = null, decided_by = null, decided_at = null, updated_at = excluded.updated_at`.execute(
            tx,
          );
          break;
        }
        case 'FirstResponderApproved':
          await sql`update ${t} set status = 'approved', decided_by = ${e.data.approvedBy}, decided_at = ${at},
                      updated_at = ${at} where volunteer_id = ${volunteerId}`.execute(tx);
          break;
        case 'FirstResponderRejected':
          await sql`update ${t} set status = 'rejected', reject_reason = ${e.data.reason}, decided_by = ${e.data.rejectedBy},
                      decided_at = ${at}, updated_at = ${at} where volunteer_id = ${volunteerId}`.execute(tx);
          break;
        case 'FirstResponderRejectionUndone':
          await sql`update ${t} set status = 'pending', reject_reason = null, decided_by = null, decided_at = null,
                      updated_at = ${at} where volunteer_id = ${volunteerId}`.execute(tx);
          break;
      }
    }
  },
};
