import { z } from 'zod';
import { CertificateKinds } from '../../domain/certificate/record.ts';
import { AfterQuery, CommandAccepted, LangQuery, Names as Named, named, PdfAnswer } from './common.ts';
import { endpoints, mine, staff } from './endpoint.ts';
import * as P from './primitives.ts';

const certificates = endpoints('certificates');
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A certificate's id: the first 32 hex digits of its record's SHA-256. */
export const CertificateId = z.string().regex(/^[0-9a-f]{32}$/, { error: 'ValidationFailed' });

/** An event's names and days, as every certificate's event shows them. */
const NamedDays = { ...Named, startDate: isoDay, endDate: isoDay };
const CertifiedEvent = z.object({ id: z.string(), code: z.string(), ...NamedDays });

/** The record a certificate certifies (domain/certificate/record.ts), as signed. */
export const CertifiedRecord = named('CertifiedRecord', {
  v: z.literal(1),
  kind: z.enum(CertificateKinds),
  subject: z.string(),
  volunteer: z.object({ id: z.string(), ...Named, referenceNumber: z.string().nullable() }),
  event: CertifiedEvent.nullable(),
  year: z.number().int().nullable(),
  eventType: z.object({ id: z.number().int(), ...Named }).nullable(),
  hours: z.number().nullable(),
  events: z.array(CertifiedEvent.extend({ hours: z.number() })),
  hoursIds: z.array(z.string()),
  issuer: z.object({ clientCode: z.string(), ...Named }),
  photoFileId: z.string().nullable(),
});

export const CertificateState = z.enum(['valid', 'superseded', 'revoked']);
/** A certificate's record, when it was issued, and whether it still stands. */
const Standing = {
  record: CertifiedRecord,
  issuedAt: z.string(),
  state: CertificateState,
  stateAt: z.string().nullable(),
};

export const CertificateSummary = named('CertificateSummary', {
  certificateId: z.string(),
  kind: z.enum(CertificateKinds),
  subject: z.string(),
  ...Standing,
});
export type CertificateSummary = z.infer<typeof CertificateSummary>;

/** An event the volunteer may ask a participation certificate or card for. */
export const CertifiableEvent = z.object({
  eventId: z.string(),
  ...NamedDays,
  approvedHours: z.number(),
  categoryId: z.number().int().nullable(),
});

export const MyCertificates = named('MyCertificates', {
  certificates: z.array(CertificateSummary),
  events: z.array(CertifiableEvent),
  eventTypes: z.array(z.object({ id: z.number().int(), ...Named, hours: z.number() })),
  /** Spec: certificates need complete specialisation data. */
  specialisationComplete: z.boolean(),
  years: z.array(z.number().int()),
  defaultYear: z.number().int(),
});
export type MyCertificates = z.infer<typeof MyCertificates>;

export const CertificateIssued = CommandAccepted.extend({ certificateId: z.string() }).meta({
  id: 'CertificateIssued',
});

export const listMyCertificates = certificates.get('/api/me/certificates', {
  query: AfterQuery,
  response: MyCertificates,
});

/** A document of one event the volunteer took part in. */
const ForEvent = { params: z.object({ eventId: P.uuid() }), response: CertificateIssued } as const;
/** A PDF in the language asked. */
const PdfInLang = { query: LangQuery, ...PdfAnswer } as const;

/** Spec PrintCertificate: a participation certificate for one event with its approved hours. */
export const issueParticipationCertificate = certificates.post('/api/me/certificates/participation/:eventId', ForEvent);

/** Spec PrintPreviousCertificate / GetCertificateOnYear (screen CertificatesHours): approved hours of one year. */
export const issueHoursCertificate = certificates.post('/api/me/certificates/hours/:year', {
  permission: mine('certificateshours', 'View'),
  params: z.object({ year: P.queryInt(2018, 2100) }),
  response: CertificateIssued,
});

/** Spec GetCertificateOnEventType (screen CertificatesEventType): approved hours in events of that event's type. */
export const issueEventTypeCertificate = certificates.post('/api/me/certificates/event-type/:eventId', {
  ...ForEvent,
  permission: mine('certificateseventtype', 'View'),
});

/** Spec VolunteerCardWithEventInfo: the volunteer card for an event the volunteer holds a seat in. */
export const issueCard = certificates.post('/api/me/certificates/card/:eventId', ForEvent);

/** Spec PrintIDCard (print badge): the volunteer's ID badge. */
export const issueBadge = certificates.post('/api/me/certificates/badge', { response: CertificateIssued });

/**
 * Staff print a volunteer's badge (spec: GET PrintIDCard?volunteerId → PDF; screen registrationadmin): issues the badge
 * on the volunteer's certificates stream if its record changed (the same record appends nothing) and serves its PDF. A
 * volunteer outside the staff member's regions and cities is not found, as their application is.
 */
export const printIdCard = certificates.get('/api/registrations/:volunteerId/id-card', {
  permission: staff('registrationadmin', 'View'),
  params: z.object({ volunteerId: P.uuid() }),
  ...PdfInLang,
});

/** The PDF of one of the caller's certificates (from the cache, or rendered by a job first). */
export const downloadCertificate = certificates.get('/api/me/certificates/:certificateId/pdf', {
  params: z.object({ certificateId: CertificateId }),
  ...PdfInLang,
});

/** Public: what a certificate certifies, whether it still stands, and the signature to check it offline. */
export const CertificateVerification = named('CertificateVerification', {
  certificateId: z.string(),
  ...Standing,
  /** The exact bytes signed (UTF-8): canonical JSON of { certificateId, issuedAt, record }. */
  statement: z.string(),
  /** Ed25519 signature of `statement`, base64. */
  signature: z.string(),
  keyId: z.string(),
  /** Checked here with the published key; check it yourself with docs/certificates.md. */
  signatureValid: z.boolean(),
});
export type CertificateVerification = z.infer<typeof CertificateVerification>;

export const verifyCertificate = certificates.get('/api/certificates/:certificateId', {
  params: z.object({ certificateId: CertificateId }),
  response: CertificateVerification,
});

export const CertificatePublicKey = named('CertificatePublicKey', {
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  publicKeyPem: z.string(),
});

/** Public: the deployment's signing key (SPKI PEM), for offline checks. */
export const certificatePublicKey = certificates.get('/api/certificates/public-key', {
  response: CertificatePublicKey,
});

/** Spec "post card": a post card made from a name (PrintPostCardEnhance?name). It certifies nothing: no QR. */
export const postCard = certificates.get('/api/post-card', {
  permission: staff('postcard', 'View'),
  query: z.object({ name: P.text(100), ...LangQuery.shape }),
  ...PdfAnswer,
});

export const PastEvent = z.object({
  eventId: z.string(),
  code: z.string(),
  ...NamedDays,
  status: z.number().int(),
  approvedHours: z.number(),
  pendingHours: z.number(),
  contributions: z.number().int(),
});
export type PastEvent = z.infer<typeof PastEvent>;

export const PastEvents = named('PastEvents', {
  year: z.number().int(),
  items: z.array(PastEvent),
  /** Approved hours per year (spec: hoursByYearPerformance). */
  hoursByYear: z.array(z.object({ year: z.number().int(), hours: z.number(), events: z.number().int() })),
  years: z.array(z.number().int()),
});
export type PastEvents = z.infer<typeof PastEvents>;

/** Spec: past events (GetPastEventsByYear?Year) with the hours of each year. */
export const listPastEvents = certificates.get('/api/me/past-events', {
  query: z.object({ year: P.queryInt(2018, 2100).optional() }),
  response: PastEvents,
});

export const Contribution = z.object({
  eventId: z.string(),
  ...Named,
  incident: z.object({
    incidentId: z.string(),
    fullName: z.string(),
    genderType: z.number(),
    age: z.number(),
    nationalityId: z.number(),
    startTime: z.string(),
    closeTime: z.string().nullish(),
    proceduresTaken: z.string().nullish(),
    complaint: z.string().nullish(),
  }),
  submitted: z.boolean(),
  recordedAt: z.string(),
});
export type Contribution = z.infer<typeof Contribution>;

/** Spec: past contribution (GetEventVolunteerIncidents?eventId): the incidents the volunteer recorded. */
export const listContributions = certificates.get('/api/me/contributions', {
  query: z.object({ eventId: P.uuid().optional() }),
  response: named('Contributions', { items: z.array(Contribution) }),
});
