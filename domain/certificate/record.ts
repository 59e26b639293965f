import type { RegistrationForm } from '../registration/form.ts';
import { DomainError } from '../shared/errors.ts';

/**
 * What the portal certifies (spec: PrintCertificate, PrintPreviousCertificate/GetCertificateOnYear,
 * GetCertificateOnEventType, VolunteerCardWithEventInfo, PrintIDCard): one kind per document.
 */
export const CertificateKinds = ['participation', 'hours', 'eventType', 'card', 'badge'] as const;
export type CertificateKind = (typeof CertificateKinds)[number];

/** Spec: "volunteer hour years 2018 to 2020; default certificate year 2020". Later years are open as they come. */
export const FIRST_CERTIFICATE_YEAR = 2018;
export const DEFAULT_CERTIFICATE_YEAR = 2020;

/** The years a volunteer may ask an hours certificate for: 2018 to the current year. */
export function certificateYears(now: Date): number[] {
  const last = Math.max(now.getUTCFullYear(), DEFAULT_CERTIFICATE_YEAR);
  const years: number[] = [];
  for (let y = FIRST_CERTIFICATE_YEAR; y <= last; y++) years.push(y);
  return years;
}

export function assertCertificateYear(year: number, now: Date): void {
  if (!certificateYears(now).includes(year)) throw new DomainError('InvalidDate', { year });
}

/** Which document of a volunteer a certificate is: one valid certificate per subject at a time. */
export type Subject =
  | { kind: 'participation'; eventId: string }
  | { kind: 'hours'; year: number }
  | { kind: 'eventType'; typeId: number }
  | { kind: 'card'; eventId: string }
  | { kind: 'badge' };

export function subjectKey(s: Subject): string {
  switch (s.kind) {
    case 'participation':
    case 'card':
      return `${s.kind}:${s.eventId}`;
    case 'hours':
      return `hours:${s.year}`;
    case 'eventType':
      return `eventType:${s.typeId}`;
    case 'badge':
      return 'badge';
  }
}

export interface CertifiedEvent {
  id: string;
  code: string;
  nameAr: string;
  nameEn: string;
  /** ISO days. */
  startDate: string;
  endDate: string;
  hours: number;
}

/**
 * The record a certificate certifies: everything printed on it and shown on the verification page. Its canonical
 * form (canonicalJson) is what the deployment's key signs, and its hash names the certificate, so the same record
 * is the same certificate (and the same cached file).
 */
export interface CertifiedRecord {
  v: 1;
  kind: CertificateKind;
  subject: string;
  volunteer: { id: string; nameAr: string; nameEn: string; referenceNumber: string | null };
  /** participation, card: the event. */
  event: Omit<CertifiedEvent, 'hours'> | null;
  /** hours: the Gregorian year. */
  year: number | null;
  /** eventType: the type (the event's category). */
  eventType: { id: number; nameAr: string; nameEn: string } | null;
  /** participation, hours, eventType: approved hours in total and per event. */
  hours: number | null;
  events: CertifiedEvent[];
  /** The approved hours entries certified: one rejected later revokes the certificate. */
  hoursIds: string[];
  issuer: { clientCode: string; nameAr: string; nameEn: string };
  /** card, badge: the photo file printed on it (a new photo is a new card); null otherwise. */
  photoFileId: string | null;
}

/** Hours are certified to two decimals (entries are numeric; their sum must not print 7.000000001). */
export const roundHours = (h: number) => Math.round(h * 100) / 100;

/**
 * Approved hours entries summed per event (to two decimals, as certified), the events in the order of their first
 * entry, each with that entry (what names the event).
 */
export function hoursPerEvent<H extends { eventId: string; hours: number }>(
  entries: readonly H[],
): { first: H; hours: number }[] {
  const by = new Map<string, { first: H; hours: number }>();
  for (const h of entries) {
    const e = by.get(h.eventId) ?? { first: h, hours: 0 };
    e.hours = roundHours(e.hours + h.hours);
    by.set(h.eventId, e);
  }
  return [...by.values()];
}

/** The kinds that certify hours: none without an approved hour (spec: NoHoursFound). */
export const HOURS_KINDS: readonly CertificateKind[] = ['participation', 'hours', 'eventType'];

export function assertCertifiable(r: CertifiedRecord): void {
  if (HOURS_KINDS.includes(r.kind) && (!r.hours || r.hours <= 0 || r.hoursIds.length === 0))
    throw new DomainError('NoHoursFound', { subject: r.subject });
}

/**
 * Spec: "certificate needs complete specialization data". The specialities the submit rules require (profession,
 * first sub-category, at least one preferred work field) must be on the volunteer's application.
 */
export function specialisationComplete(form: RegistrationForm): boolean {
  const s = form.specialities ?? {};
  return !!s.professionId && !!s.subCategoryLevel1Id && (s.preferredWorkFields?.length ?? 0) > 0;
}

export function assertSpecialisationComplete(form: RegistrationForm): void {
  if (!specialisationComplete(form)) throw new DomainError('CertificateSpecializationIncomplete');
}

/**
 * Canonical JSON: object keys sorted (by UTF-16 code units), no whitespace, arrays in order, numbers as JavaScript
 * prints them. The bytes signed and hashed; anyone can rebuild them from the record shown on the verification page.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: non-finite number');
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The signed statement: the record, the certificate's id and when it was issued. The verification page shows it and
 * its signature; `openssl pkeyutl -verify -rawin` checks it against the published public key (docs/certificates.md).
 */
export function signedStatement(certificateId: string, issuedAt: string, record: CertifiedRecord): string {
  return canonicalJson({ certificateId, issuedAt, record });
}
