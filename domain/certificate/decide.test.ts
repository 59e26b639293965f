import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { type CertificateEvent, certificatesDecider, type IssuedCertificate } from './decide.ts';
import {
  assertSpecialisationComplete,
  type CertifiedRecord,
  canonicalJson,
  certificateYears,
  DEFAULT_CERTIFICATE_YEAR,
  hoursPerEvent,
  signedStatement,
  specialisationComplete,
} from './record.ts';

const now = new Date('2026-11-24T09:00:00Z');
const given = specFor(certificatesDecider, () => now);

function record(hoursIds: string[], hours = hoursIds.length * 4): CertifiedRecord {
  return {
    v: 1,
    kind: 'participation',
    subject: 'participation:e1',
    volunteer: { id: 'v1', nameAr: 'سارة أحمد', nameEn: 'Sara Ahmed', referenceNumber: 'R-1' },
    event: {
      id: 'e1',
      code: 'EV1',
      nameAr: 'حملة',
      nameEn: 'Campaign',
      startDate: '2026-01-01',
      endDate: '2026-01-03',
    },
    year: null,
    eventType: null,
    hours,
    events: [],
    hoursIds,
    issuer: { clientCode: 'MOH', nameAr: 'وزارة الصحة', nameEn: 'Ministry of Health' },
    photoFileId: null,
  };
}
const cert = (id: string, hoursIds: string[]): IssuedCertificate => ({
  certificateId: id,
  subject: 'participation:e1',
  record: record(hoursIds),
  issuedAt: now.toISOString(),
  signature: 'sig',
  keyId: 'k',
});
const issued = (c: IssuedCertificate, supersedes: string | null = null): CertificateEvent => ({
  type: 'CertificateIssued',
  data: { ...c, supersedes },
});

describe('issuing a certificate', () => {
  it('issues the first certificate of a subject', () => {
    given()
      .when({ type: 'Issue', certificate: cert('c1', ['h1']) })
      .thenEmits([issued(cert('c1', ['h1']))]);
  });

  it('issues nothing when the same record is already valid (the cached certificate is served)', () => {
    given(issued(cert('c1', ['h1'])))
      .when({ type: 'Issue', certificate: cert('c1', ['h1']) })
      .thenEmits([]);
  });

  it('supersedes the valid certificate when the hours behind the subject changed', () => {
    given(issued(cert('c1', ['h1'])))
      .when({ type: 'Issue', certificate: cert('c2', ['h1', 'h2']) })
      .thenEmits([
        { type: 'CertificateSuperseded', data: { certificateId: 'c1', subject: 'participation:e1', by: 'c2' } },
        issued(cert('c2', ['h1', 'h2']), 'c1'),
      ]);
  });

  it('refuses a certificate of hours without an approved hour (NoHoursFound)', () => {
    given()
      .when({ type: 'Issue', certificate: { ...cert('c1', []), record: record([], 0) } })
      .thenFails('NoHoursFound');
  });
});

describe('hours rejected after the certificate was issued', () => {
  it('revokes the certificate whose entry is no longer approved, and re-issues with the hours that remain', () => {
    given(issued(cert('c1', ['h1', 'h2'])))
      .when({ type: 'Reconcile', approvedHoursIds: ['h1'], current: [cert('c2', ['h1'])] })
      .thenEmits([
        {
          type: 'CertificateRevoked',
          data: { certificateId: 'c1', subject: 'participation:e1', reason: 'HoursNoLongerApproved', hoursIds: ['h2'] },
        },
        issued(cert('c2', ['h1'])),
      ]);
  });

  it('revokes without re-issuing when no approved hour is left', () => {
    given(issued(cert('c1', ['h1'])))
      .when({ type: 'Reconcile', approvedHoursIds: [], current: [] })
      .thenEmits((events) => expect(events.map((e) => e.type)).toEqual(['CertificateRevoked']));
  });

  it('leaves a certificate whose entries are all still approved', () => {
    given(issued(cert('c1', ['h1'])))
      .when({ type: 'Reconcile', approvedHoursIds: ['h1', 'h9'], current: [cert('c1', ['h1'])] })
      .thenEmits([]);
  });

  it('does not issue certificates nobody asked for', () => {
    given()
      .when({ type: 'Reconcile', approvedHoursIds: ['h1'], current: [cert('c1', ['h1'])] })
      .thenEmits([]);
  });
});

describe('the signed record', () => {
  it('has one canonical form whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 'x'], c: null } })).toBe('{"a":{"c":null,"d":[2,"x"]},"b":1}');
    expect(canonicalJson({ a: { c: null, d: [2, 'x'] }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: [2, 'x'], c: null } }),
    );
  });

  it('signs the id, the issue time and the record together', () => {
    const s = signedStatement('c1', '2026-01-01T00:00:00.000Z', record(['h1']));
    expect(s.startsWith('{"certificateId":"c1","issuedAt":"2026-01-01T00:00:00.000Z","record":{')).toBe(true);
    expect(s).toContain('"nameAr":"سارة أحمد"');
  });
});

describe('rules from the spec', () => {
  it('offers the years from 2018, defaulting to 2020', () => {
    expect(certificateYears(now)[0]).toBe(2018);
    expect(certificateYears(now).at(-1)).toBe(2026);
    expect(DEFAULT_CERTIFICATE_YEAR).toBe(2020);
  });

  it('needs complete specialisation data first', () => {
    const complete = { specialities: { professionId: 1, subCategoryLevel1Id: 2, preferredWorkFields: [3] } };
    expect(specialisationComplete(complete)).toBe(true);
    expect(specialisationComplete({ specialities: { professionId: 1, preferredWorkFields: [3] } })).toBe(false);
    expect(() => assertSpecialisationComplete({})).toThrow('CertificateSpecializationIncomplete');
  });

  it('sums the approved hours per event to two decimals, the events in the order of their first entry', () => {
    const entries = [
      { eventId: 'b', hours: 0.1, hoursId: '1' },
      { eventId: 'a', hours: 2, hoursId: '2' },
      { eventId: 'b', hours: 0.2, hoursId: '3' },
    ];
    expect(hoursPerEvent(entries)).toEqual([
      { first: entries[0], hours: 0.3 },
      { first: entries[1], hours: 2 },
    ]);
    expect(hoursPerEvent([])).toEqual([]);
  });
});
