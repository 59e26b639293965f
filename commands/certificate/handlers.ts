import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type CertificateCommand,
  certificatesDecider,
  certificatesStream,
  type IssuedCertificate,
} from '../../domain/certificate/decide.ts';
import {
  assertCertificateYear,
  assertSpecialisationComplete,
  type CertifiedEvent,
  type CertifiedRecord,
  canonicalJson,
  hoursPerEvent,
  roundHours,
  type Subject,
  signedStatement,
  subjectKey,
} from '../../domain/certificate/record.ts';
import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { HOLDS_SEAT, type ParticipationStatus } from '../../domain/participation/status.ts';
import { registrationDecider } from '../../domain/registration/decide.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { RegistrationStatus } from '../../domain/registration/status.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { AnyDB } from '../db/kysely.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import type { ApprovedHours, CertificateReads } from './reads.ts';
import type { CertificateSigner } from './signing.ts';

export interface CertificateDeps {
  store: EventStore;
  db: Kysely<AnyDB>;
  client: ClientConfig;
  signer: CertificateSigner;
  lookups: () => Promise<LookupSnapshot>;
  /** The read models issuing reads (given by the composition root). */
  reads: CertificateReads;
}

/** The certificate's id: the SHA-256 of the record's canonical form (first 32 hex digits). Same record, same id. */
export function certificateIdOf(record: CertifiedRecord): string {
  return createHash('sha256').update(canonicalJson(record)).digest('hex').slice(0, 32);
}

const fullName = (parts: (string | undefined)[]) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(' ');

export function volunteerNames(form: RegistrationForm): { nameAr: string; nameEn: string } {
  const p = form.personal ?? {};
  return {
    nameAr: fullName([p.firstNameAr, p.secondNameAr, p.thirdNameAr, p.lastNameAr]),
    nameEn: fullName([p.firstNameEn, p.secondNameEn, p.thirdNameEn, p.lastNameEn]),
  };
}

/** The volunteer's application, folded from its stream (names, photo, specialities, reference number). */
export async function applicationOf(store: EventStore, volunteerId: string) {
  const f = await loadFolded(store, registrationStream(volunteerId), registrationDecider);
  if (!f.state.exists) throw new DomainError('NotFound');
  return f.state;
}

function eventsWithHours(entries: readonly ApprovedHours[]): CertifiedEvent[] {
  return hoursPerEvent(entries).map(({ first: h, hours }) => ({
    id: h.eventId,
    code: h.code,
    nameAr: h.nameAr,
    nameEn: h.nameEn,
    startDate: h.startDate,
    endDate: h.endDate,
    hours,
  }));
}

/**
 * What a subject certifies now: the volunteer's application (stream) for the names and the specialisation rule, the
 * approved hours (read model) for the hours. Throws the spec's refusals: incomplete specialisation, no hours, not in
 * the event.
 */
export async function recordFor(
  deps: CertificateDeps,
  volunteerId: string,
  subject: Subject,
  now: Date,
  approved?: readonly ApprovedHours[],
): Promise<CertifiedRecord> {
  const app = await applicationOf(deps.store, volunteerId);
  if (app.status !== RegistrationStatus.Approved) throw new DomainError('YouMustBeVolunteer');
  assertSpecialisationComplete(app.form);
  const names = volunteerNames(app.form);
  const base: CertifiedRecord = {
    v: 1,
    kind: subject.kind,
    subject: subjectKey(subject),
    volunteer: { id: volunteerId, ...names, referenceNumber: app.referenceNumber },
    event: null,
    year: null,
    eventType: null,
    hours: null,
    events: [],
    hoursIds: [],
    issuer: { clientCode: deps.client.code, nameAr: deps.client.name.ar, nameEn: deps.client.name.en },
    photoFileId: null,
  };
  const photoFileId = app.form.photoFileId ?? null;
  if (subject.kind === 'badge') return { ...base, photoFileId };
  if (subject.kind === 'card' || subject.kind === 'participation') {
    const event = await deps.reads.eventOf(subject.eventId);
    if (!event) throw new DomainError('NoEventFound');
    const { categoryId: _c, ...ev } = event;
    if (subject.kind === 'card') {
      const status = await deps.reads.participationStatus(subject.eventId, volunteerId);
      if (status === null || !HOLDS_SEAT.includes(status as ParticipationStatus)) throw new DomainError('InvalidEvent');
      return { ...base, event: ev, photoFileId };
    }
    const entries = (approved ?? (await deps.reads.approvedHoursOf(volunteerId))).filter(
      (h) => h.eventId === subject.eventId,
    );
    return withHours({ ...base, event: ev }, entries);
  }
  const all = approved ?? (await deps.reads.approvedHoursOf(volunteerId));
  if (subject.kind === 'hours') {
    assertCertificateYear(subject.year, now);
    return withHours(
      { ...base, year: subject.year },
      all.filter((h) => h.year === subject.year),
    );
  }
  const type = (await deps.lookups()).get('category', subject.typeId);
  if (!type) throw new DomainError('NotFound');
  return withHours(
    { ...base, eventType: { id: type.id, nameAr: type.nameAr, nameEn: type.nameEn } },
    all.filter((h) => h.categoryId === subject.typeId),
  );
}

function withHours(r: CertifiedRecord, entries: readonly ApprovedHours[]): CertifiedRecord {
  const events = eventsWithHours(entries);
  return {
    ...r,
    hours: roundHours(entries.reduce((s, h) => s + h.hours, 0)),
    events: r.kind === 'participation' ? [] : events,
    hoursIds: entries.map((h) => h.hoursId).sort(),
  };
}

/** The record with its id and the deployment's signature of the statement. */
export function signRecord(signer: CertificateSigner, record: CertifiedRecord, now: Date): IssuedCertificate {
  const certificateId = certificateIdOf(record);
  const issuedAt = now.toISOString();
  return {
    certificateId,
    subject: record.subject,
    record,
    issuedAt,
    signature: signer.sign(signedStatement(certificateId, issuedAt, record)),
    keyId: signer.keyId,
  };
}

/**
 * Issue (or find) the subject's certificate. The same record already valid appends nothing and answers its id: the
 * cached file is served. A changed record supersedes the previous certificate (CertificateSuperseded, then Issued).
 */
export async function issueCertificate(
  deps: CertificateDeps,
  volunteerId: string,
  subject: Subject,
  ctx: CommandContext,
): Promise<{ certificateId: string; position: Position }> {
  const record = await recordFor(deps, volunteerId, subject, ctx.now);
  const certificate = signRecord(deps.signer, record, ctx.now);
  const cmd: CertificateCommand = { type: 'Issue', certificate };
  const r = await handleCommand(deps.store, certificatesStream(volunteerId), certificatesDecider, cmd, ctx);
  return { certificateId: certificate.certificateId, position: r.position };
}

/**
 * After the volunteer's hours changed: revoke the certificates whose entries are no longer approved and re-issue
 * every hours-certifying subject the volunteer holds a certificate of with what it certifies now.
 */
export async function reconcileCertificates(
  deps: CertificateDeps,
  volunteerId: string,
  ctx: CommandContext,
): Promise<{ position: Position; events: number }> {
  const stream = certificatesStream(volunteerId);
  const f = await loadFolded(deps.store, stream, certificatesDecider);
  const approved = await deps.reads.approvedHoursOf(volunteerId);
  const current: IssuedCertificate[] = [];
  for (const key of f.state.valid.keys()) {
    const subject = subjectOf(key);
    if (!subject || subject.kind === 'card' || subject.kind === 'badge') continue;
    try {
      current.push(signRecord(deps.signer, await recordFor(deps, volunteerId, subject, ctx.now, approved), ctx.now));
    } catch (e) {
      // No hours left (or data no longer complete): nothing to re-issue; the revocation below still applies.
      if (!(e instanceof DomainError)) throw e;
    }
  }
  const r = await handleCommand(
    deps.store,
    stream,
    certificatesDecider,
    { type: 'Reconcile', approvedHoursIds: approved.map((h) => h.hoursId), current },
    ctx,
  );
  return { position: r.position, events: r.events.length };
}

/** The subject a key names (subjectKey's inverse). */
export function subjectOf(key: string): Subject | null {
  const [kind, arg] = key.split(':') as [string, string | undefined];
  switch (kind) {
    case 'participation':
    case 'card':
      return arg ? { kind, eventId: arg } : null;
    case 'hours':
      return arg ? { kind, year: Number(arg) } : null;
    case 'eventType':
      return arg ? { kind, typeId: Number(arg) } : null;
    case 'badge':
      return { kind: 'badge' };
    default:
      return null;
  }
}
