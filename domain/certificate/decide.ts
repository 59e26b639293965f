import type { Decider, DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import { assertCertifiable, type CertifiedRecord } from './record.ts';

export const certificatesStream = (volunteerId: string) => `certificates-${volunteerId}`;

export type CertificateState = 'valid' | 'superseded' | 'revoked';

/** A certificate as issued: the record, its id (the record's hash) and the deployment's signature of the statement. */
export interface IssuedCertificate {
  certificateId: string;
  subject: string;
  record: CertifiedRecord;
  issuedAt: string;
  /** Ed25519 over signedStatement(certificateId, issuedAt, record), base64. */
  signature: string;
  /** Which public key checks it (the SHA-256 of the key's DER, hex, first 16 characters). */
  keyId: string;
}

export type CertificateEvent =
  | DomainEvent<'CertificateIssued', IssuedCertificate & { supersedes: string | null }>
  | DomainEvent<'CertificateSuperseded', { certificateId: string; subject: string; by: string }>
  | DomainEvent<
      'CertificateRevoked',
      { certificateId: string; subject: string; reason: 'HoursNoLongerApproved'; hoursIds: string[] }
    >;

export type CertificateCommand =
  /** Issue the subject's certificate for this record; the same record already valid issues nothing (cached). */
  | { type: 'Issue'; certificate: IssuedCertificate }
  /**
   * The volunteer's hours changed: revoke every valid certificate that certifies an entry no longer approved, and
   * re-issue the subjects whose record changed (`current`: the record each subject certifies now, null when nothing).
   */
  | { type: 'Reconcile'; approvedHoursIds: readonly string[]; current: readonly IssuedCertificate[] };

/** A volunteer's certificates: every one ever issued, by id, and the valid one of each subject. */
export interface Certificates {
  byId: Map<string, { subject: string; state: CertificateState; hoursIds: string[] }>;
  valid: Map<string, string>;
}

export const initialCertificates = (): Certificates => ({ byId: new Map(), valid: new Map() });

export function evolve(s: Certificates, e: CertificateEvent): Certificates {
  const byId = new Map(s.byId);
  const valid = new Map(s.valid);
  switch (e.type) {
    case 'CertificateIssued':
      byId.set(e.data.certificateId, { subject: e.data.subject, state: 'valid', hoursIds: e.data.record.hoursIds });
      valid.set(e.data.subject, e.data.certificateId);
      break;
    case 'CertificateSuperseded':
    case 'CertificateRevoked': {
      const c = byId.get(e.data.certificateId);
      if (c)
        byId.set(e.data.certificateId, { ...c, state: e.type === 'CertificateRevoked' ? 'revoked' : 'superseded' });
      if (valid.get(e.data.subject) === e.data.certificateId) valid.delete(e.data.subject);
      break;
    }
  }
  return { byId, valid };
}

function issue(s: Certificates, c: IssuedCertificate): CertificateEvent[] {
  assertCertifiable(c.record);
  const current = s.valid.get(c.subject) ?? null;
  if (current === c.certificateId) return [];
  // The same record issued again after a revocation or a newer one is a new issue of the same id: it is valid again.
  const events: CertificateEvent[] = [];
  if (current)
    events.push({
      type: 'CertificateSuperseded',
      data: { certificateId: current, subject: c.subject, by: c.certificateId },
    });
  events.push({ type: 'CertificateIssued', data: { ...c, supersedes: current } });
  return events;
}

/** The rule of revocation: a valid certificate is revoked when one of the entries it certifies is no longer approved. */
export function revokedEntries(certified: readonly string[], approved: ReadonlySet<string>): string[] {
  return certified.filter((h) => !approved.has(h));
}

export function decide(cmd: CertificateCommand, s: Certificates, _now: Date): CertificateEvent[] {
  switch (cmd.type) {
    case 'Issue':
      return issue(s, cmd.certificate);
    case 'Reconcile': {
      const approved = new Set(cmd.approvedHoursIds);
      const events: CertificateEvent[] = [];
      let state = s;
      for (const [subject, certificateId] of s.valid) {
        const c = s.byId.get(certificateId)!;
        const gone = revokedEntries(c.hoursIds, approved);
        if (gone.length === 0) continue;
        const e: CertificateEvent = {
          type: 'CertificateRevoked',
          data: { certificateId, subject, reason: 'HoursNoLongerApproved', hoursIds: gone },
        };
        events.push(e);
        state = evolve(state, e);
      }
      // Re-issue only the subjects that had a certificate (the volunteer asked for it once) and still certify hours.
      for (const c of cmd.current) {
        if (!s.valid.has(c.subject) && !events.some((e) => e.data.subject === c.subject)) continue;
        if (c.record.hoursIds.length === 0) continue;
        const more = issue(state, c);
        for (const e of more) state = evolve(state, e);
        events.push(...more);
      }
      return events;
    }
  }
}

/** The certificate stream's event types (the decoding boundary, commands/event-store/decode.ts). */
export const certificateEvents: EventTypes<CertificateEvent> = eventTypes<CertificateEvent>({
  CertificateIssued: true,
  CertificateSuperseded: true,
  CertificateRevoked: true,
});

export const certificatesDecider: Decider<Certificates, CertificateCommand, CertificateEvent> = {
  events: certificateEvents,
  initialState: initialCertificates,
  evolve,
  decide,
};
