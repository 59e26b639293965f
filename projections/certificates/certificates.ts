import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { certificateEvents } from '../../domain/certificate/decide.ts';
import { participationEvents } from '../../domain/participation/decide.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';

/**
 * rm.certificates (every certificate issued: its signed record and whether it is valid, superseded or revoked: the
 * public verification page and the volunteer's list) and rm.contributions (the incidents a volunteer recorded per
 * event: "past contribution").
 */
export const certificatesProjection: Projection = {
  name: 'certificates',
  version: 1,
  types: ['CertificateIssued', 'CertificateSuperseded', 'CertificateRevoked', 'IncidentRecorded'],
  ...readModelTables(
    {
      certificates: `
        certificate_id text primary key,
        volunteer_id uuid not null,
        subject text not null,
        kind text not null,
        record jsonb not null,
        issued_at timestamptz not null,
        signature text not null,
        key_id text not null,
        state text not null,
        state_reason text,
        state_at timestamptz`,
      contributions: `
        incident_id text not null,
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        incident jsonb not null,
        submitted boolean not null,
        recorded_at timestamptz not null,
        primary key (opportunity_id, volunteer_id, incident_id)`,
    },
    (table) => `
      create index on ${table('certificates')} (volunteer_id, issued_at desc);
      
      create index on ${table('contributions')} (volunteer_id, recorded_at desc)`,
  ),
  async apply({ tx, table }, events) {
    const c = sql.raw(table('certificates'));
    const k = sql.raw(table('contributions'));
    for (const stored of events) {
      const at = stored.metadata.occurredAt;
      const participation = stored.streamId.startsWith('participation-') ? decode(participationEvents, stored) : null;
      if (participation?.type === 'IncidentRecorded') {
        const d = participation.data;
        const [opportunityId, volunteerId] = stored.streamId.slice('participation-'.length).split('_');
        const incidentId = String(d.incident?.incidentId ?? stored.id).slice(0, 100);
        await sql`insert into ${k} (incident_id, opportunity_id, volunteer_id, incident, submitted, recorded_at)
                  values (${incidentId}, ${opportunityId}, ${volunteerId}, ${JSON.stringify(d.incident ?? {})}::jsonb, ${!!d.submitted}, ${at})
                  on conflict (opportunity_id, volunteer_id, incident_id) do update
                  set incident = excluded.incident, submitted = excluded.submitted, recorded_at = excluded.recorded_at`.execute(
          tx,
        );
        continue;
      }
      const e = decode(certificateEvents, stored);
      if (!e) continue;
      const volunteerId = stored.streamId.slice('certificates-'.length);
      switch (e.type) {
        case 'CertificateIssued': {
          const d = e.data;
          await sql`insert into ${c} (certificate_id, volunteer_id, subject, kind, record, issued_at, signature, key_id, state)
                    values (${d.certificateId}, ${volunteerId}, ${d.subject}, ${d.record.kind}, ${JSON.stringify(d.record)}::jsonb,
                            ${d.issuedAt}, ${d.signature}, ${d.keyId}, 'valid')
                    on conflict (certificate_id) do update set issued_at = excluded.issued_at, signature = excluded.signature,
                      key_id = excluded.key_id, state = 'valid', state_reason = null, state_at = null`.execute(tx);
          break;
        }
        case 'CertificateSuperseded':
        case 'CertificateRevoked': {
          const revoked = e.type === 'CertificateRevoked';
          await sql`update ${c} set state = ${revoked ? 'revoked' : 'superseded'},
                    state_reason = ${revoked ? e.data.reason : e.data.by}, state_at = ${at}
                    where certificate_id = ${e.data.certificateId}`.execute(tx);
          break;
        }
      }
    }
  },
};
