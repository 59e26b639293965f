import { type Kysely, sql } from 'kysely';
import type { ApprovedHours, CertificateReads, EventRow } from '../../commands/certificate/reads.ts';
import type { CertificateState } from '../../domain/certificate/decide.ts';
import type { CertifiedRecord } from '../../domain/certificate/record.ts';
import type { Incident } from '../../domain/participation/decide.ts';
import type { OpportunityDB } from '../opportunity/queries.ts';
import type { RegistrationsDB } from '../registration/queries.ts';

/** The read models certificates are made from and kept in (live views). */
export interface CertificatesDB {
  'rm.certificates': {
    certificate_id: string;
    volunteer_id: string;
    subject: string;
    kind: string;
    record: CertifiedRecord;
    issued_at: Date;
    signature: string;
    key_id: string;
    state: CertificateState;
    state_reason: string | null;
    state_at: Date | null;
  };
  'rm.contributions': {
    incident_id: string;
    opportunity_id: string;
    volunteer_id: string;
    incident: Incident;
    submitted: boolean;
    recorded_at: Date;
  };
  /** Read from the opportunity and registration read models (projections/opportunity, projections/registration). */
  'rm.participation_hours': Pick<
    OpportunityDB['rm.participation_hours'],
    'hours_id' | 'opportunity_id' | 'volunteer_id' | 'hours' | 'check_in' | 'state'
  >;
  'rm.participations': Pick<
    OpportunityDB['rm.participations'],
    'opportunity_id' | 'volunteer_id' | 'status' | 'approved_hours' | 'pending_hours'
  >;
  'rm.opportunities': Pick<
    OpportunityDB['rm.opportunities'],
    'opportunity_id' | 'code' | 'name_ar' | 'name_en' | 'start_date' | 'end_date' | 'category_id' | 'status'
  >;
  'rm.registrations': Pick<
    RegistrationsDB['rm.registrations'],
    'volunteer_id' | 'reference_number' | 'status' | 'name_ar' | 'name_en'
  >;
}

/** An event's id, code, names and dates under the names the certificate screens give them (`o`: rm.opportunities). */
const eventColumns = [
  sql<string>`o.opportunity_id::text`.as('eventId'),
  'o.code',
  'o.name_ar as nameAr',
  'o.name_en as nameEn',
  sql<string>`o.start_date::text`.as('startDate'),
  sql<string>`o.end_date::text`.as('endDate'),
] as const;

/** Every approved hours entry of a volunteer, with its event (oldest event first). */
export async function approvedHoursOf(db: Kysely<CertificatesDB>, volunteerId: string): Promise<ApprovedHours[]> {
  const rows = await db
    .selectFrom('rm.participation_hours as h')
    .innerJoin('rm.opportunities as o', 'o.opportunity_id', 'h.opportunity_id')
    .where('h.volunteer_id', '=', volunteerId)
    .where('h.state', '=', 'approved')
    .select([
      'h.hours_id as hoursId',
      sql<string>`h.hours::text`.as('hours'),
      ...eventColumns,
      'o.category_id as categoryId',
      sql<number>`extract(year from coalesce(h.check_in at time zone 'UTC', o.start_date))::int`.as('year'),
    ])
    .orderBy('o.start_date')
    .orderBy('h.hours_id')
    .execute();
  return rows.map((r) => ({ ...r, hours: Number(r.hours) }));
}

export async function eventOf(db: Kysely<CertificatesDB>, eventId: string): Promise<EventRow | null> {
  const r = await db
    .selectFrom('rm.opportunities')
    .where('opportunity_id', '=', eventId)
    .select([
      'code',
      'name_ar',
      'name_en',
      sql<string>`start_date::text`.as('start_date'),
      sql<string>`end_date::text`.as('end_date'),
      'category_id',
    ])
    .executeTakeFirst();
  return r
    ? {
        id: eventId,
        code: r.code,
        nameAr: r.name_ar,
        nameEn: r.name_en,
        startDate: r.start_date,
        endDate: r.end_date,
        categoryId: r.category_id,
      }
    : null;
}

/** The volunteer's participation status in an event (null: none). */
export async function participationStatus(
  db: Kysely<CertificatesDB>,
  eventId: string,
  volunteerId: string,
): Promise<number | null> {
  const r = await db
    .selectFrom('rm.participations')
    .where('opportunity_id', '=', eventId)
    .where('volunteer_id', '=', volunteerId)
    .select('status')
    .executeTakeFirst();
  return r?.status ?? null;
}

export interface CertificateRow {
  certificateId: string;
  volunteerId: string;
  subject: string;
  kind: string;
  record: CertifiedRecord;
  issuedAt: string;
  signature: string;
  keyId: string;
  state: CertificateState;
  stateAt: string | null;
}

const certificateColumns = [
  'certificate_id',
  sql<string>`volunteer_id::text`.as('volunteer_id'),
  'subject',
  'kind',
  'record',
  'issued_at',
  'signature',
  'key_id',
  'state',
  'state_at',
] as const;

function toCertificate(r: Omit<CertificatesDB['rm.certificates'], 'state_reason'>): CertificateRow {
  return {
    certificateId: r.certificate_id,
    volunteerId: r.volunteer_id,
    subject: r.subject,
    kind: r.kind,
    record: r.record,
    issuedAt: r.issued_at.toISOString(),
    signature: r.signature,
    keyId: r.key_id,
    state: r.state,
    stateAt: r.state_at?.toISOString() ?? null,
  };
}

export async function certificateById(
  db: Kysely<CertificatesDB>,
  certificateId: string,
): Promise<CertificateRow | null> {
  const r = await db
    .selectFrom('rm.certificates')
    .where('certificate_id', '=', certificateId)
    .select(certificateColumns)
    .executeTakeFirst();
  return r ? toCertificate(r) : null;
}

/** The volunteer's certificates, newest first (at most 200). */
export async function certificatesOf(db: Kysely<CertificatesDB>, volunteerId: string): Promise<CertificateRow[]> {
  const rows = await db
    .selectFrom('rm.certificates')
    .where('volunteer_id', '=', volunteerId)
    .select(certificateColumns)
    .orderBy('issued_at', 'desc')
    .limit(200)
    .execute();
  return rows.map(toCertificate);
}

export interface PastEventRow extends Omit<EventRow, 'id' | 'categoryId'> {
  eventId: string;
  status: number;
  approvedHours: number;
  pendingHours: number;
  contributions: number;
}

/**
 * The volunteer's past events (spec: past events, GetPastEventsByYear): events that ended before `today` or hold
 * approved hours, in one Gregorian year of their start, newest first.
 */
export async function pastEventsOf(
  db: Kysely<CertificatesDB>,
  volunteerId: string,
  year: number,
  today: string,
): Promise<PastEventRow[]> {
  const rows = await db
    .selectFrom('rm.participations as p')
    .innerJoin('rm.opportunities as o', 'o.opportunity_id', 'p.opportunity_id')
    .where('p.volunteer_id', '=', volunteerId)
    .where(sql<boolean>`(o.end_date < ${today}::date or p.approved_hours > 0)`)
    .where(sql<boolean>`extract(year from o.start_date) = ${year}`)
    .select([
      ...eventColumns,
      'p.status',
      sql<string>`p.approved_hours::text`.as('approvedHours'),
      sql<string>`p.pending_hours::text`.as('pendingHours'),
      sql<number>`(select count(*)::int from rm.contributions c where c.opportunity_id = p.opportunity_id and c.volunteer_id = p.volunteer_id)`.as(
        'contributions',
      ),
    ])
    .orderBy('o.start_date', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({ ...r, approvedHours: Number(r.approvedHours), pendingHours: Number(r.pendingHours) }));
}

/** Approved hours per year (spec: hoursByYearPerformance), for the years that have any. */
export async function hoursByYearOf(
  db: Kysely<CertificatesDB>,
  volunteerId: string,
): Promise<{ year: number; hours: number; events: number }[]> {
  const all = await approvedHoursOf(db, volunteerId);
  const by = new Map<number, { hours: number; events: Set<string> }>();
  for (const h of all) {
    const y = by.get(h.year) ?? { hours: 0, events: new Set<string>() };
    y.hours += h.hours;
    y.events.add(h.eventId);
    by.set(h.year, y);
  }
  return [...by]
    .sort(([a], [b]) => b - a)
    .map(([year, y]) => ({ year, hours: Math.round(y.hours * 100) / 100, events: y.events.size }));
}

export interface ContributionRow {
  eventId: string;
  nameAr: string;
  nameEn: string;
  incident: Incident;
  submitted: boolean;
  recordedAt: string;
}

/** The incidents the volunteer recorded (spec: past contribution, GetEventVolunteerIncidents), newest first. */
export async function contributionsOf(
  db: Kysely<CertificatesDB>,
  volunteerId: string,
  eventId?: string,
): Promise<ContributionRow[]> {
  let q = db
    .selectFrom('rm.contributions as c')
    .innerJoin('rm.opportunities as o', 'o.opportunity_id', 'c.opportunity_id')
    .where('c.volunteer_id', '=', volunteerId);
  if (eventId) q = q.where('c.opportunity_id', '=', eventId);
  const rows = await q
    .select([
      sql<string>`c.opportunity_id::text`.as('event_id'),
      'o.name_ar',
      'o.name_en',
      'c.incident',
      'c.submitted',
      'c.recorded_at',
    ])
    .orderBy('c.recorded_at', 'desc')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    eventId: r.event_id,
    nameAr: r.name_ar,
    nameEn: r.name_en,
    incident: r.incident,
    submitted: r.submitted,
    recordedAt: r.recorded_at.toISOString(),
  }));
}

export async function registrationRowOf(
  db: Kysely<CertificatesDB>,
  volunteerId: string,
): Promise<{ referenceNumber: string | null; status: number; nameAr: string; nameEn: string } | null> {
  const r = await db
    .selectFrom('rm.registrations')
    .where('volunteer_id', '=', volunteerId)
    .select(['reference_number', 'status', 'name_ar', 'name_en'])
    .executeTakeFirst();
  return r ? { referenceNumber: r.reference_number, status: r.status, nameAr: r.name_ar, nameEn: r.name_en } : null;
}

export type { ApprovedHours, EventRow };

/** The reads issuing a certificate makes (commands/certificate/reads.ts), over this read model. */
export function certificateReads(db: Kysely<CertificatesDB>): CertificateReads {
  return {
    approvedHoursOf: (volunteerId) => approvedHoursOf(db, volunteerId),
    eventOf: (eventId) => eventOf(db, eventId),
    participationStatus: (eventId, volunteerId) => participationStatus(db, eventId, volunteerId),
  };
}
