import type { NicRecord } from '../identity/nic.ts';
import type { LookupSnapshot } from '../lookups/snapshot.ts';
import type { ClientConfig } from '../shared/clients.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type FieldChange, type RegistrationEvent, registrationEvents } from './events.ts';
import type { RegistrationForm } from './form.ts';
import { correctedFromIdentity } from './identity-correction.ts';
import { isBlank, normaliseForm, summaryCode, validateRegistration } from './rules.ts';
import { RegistrationStatus } from './status.ts';

export interface Note {
  noteId: string;
  note: string;
  at: string;
}

export interface Registration {
  exists: boolean;
  status: RegistrationStatus | null;
  form: RegistrationForm;
  referenceNumber: string | null;
  appointment: { at: string; location: string; reviewerId: string; reviewerName: string } | null;
  rejectReason: string | null;
  notes: Note[];
}

export type RegistrationCommand =
  | { type: 'SaveDraft'; volunteerId: string; form: RegistrationForm; client: ClientConfig; lookups: LookupSnapshot }
  | { type: 'Submit'; volunteerId: string; form: RegistrationForm; client: ClientConfig; lookups: LookupSnapshot }
  | { type: 'InitiallyAccept'; appointmentAt: string; location: string; reviewerId: string; reviewerName: string }
  | { type: 'Approve' }
  | { type: 'Reject'; reason: string }
  | { type: 'ReturnToSubmitted' }
  /** A successful user verification: the record corrects the registration's names and birth date (identity-correction.ts). */
  | { type: 'CorrectFromIdentity'; record: NicRecord }
  | { type: 'AddNote'; noteId: string; note: string }
  | { type: 'RemoveNote'; noteId: string };

export const initialRegistration = (): Registration => ({
  exists: false,
  status: null,
  form: {},
  referenceNumber: null,
  appointment: null,
  rejectReason: null,
  notes: [],
});

export function evolve(s: Registration, e: RegistrationEvent): Registration {
  switch (e.type) {
    case 'RegistrationDraftSaved':
      return { ...s, exists: true, status: RegistrationStatus.Draft, form: e.data.form };
    case 'RegistrationSubmitted':
      return {
        ...s,
        exists: true,
        status: RegistrationStatus.Submitted,
        form: e.data.form,
        referenceNumber: e.data.referenceNumber,
      };
    case 'RegistrationInitiallyAccepted': {
      const { appointmentAt: at, location, reviewerId, reviewerName } = e.data;
      return {
        ...s,
        status: RegistrationStatus.InitiallyAccepted,
        appointment: { at, location, reviewerId, reviewerName },
      };
    }
    case 'RegistrationApproved':
      return { ...s, status: RegistrationStatus.Approved };
    case 'RegistrationRejected':
      return { ...s, status: RegistrationStatus.Rejected, rejectReason: e.data.reason };
    case 'RegistrationReturnedToSubmitted':
      return { ...s, status: RegistrationStatus.Submitted, rejectReason: null };
    case 'RegistrationCorrectedFromIdentity':
      return { ...s, form: e.data.form };
    case 'ApplicationNoteAdded':
      return { ...s, notes: [...s.notes, { noteId: e.data.noteId, note: e.data.note, at: e.data.at }] };
    case 'ApplicationNoteRemoved':
      return { ...s, notes: s.notes.filter((n) => n.noteId !== e.data.noteId) };
  }
}

const SECRET_FIELDS = new Set(['user.password', 'user.confirmPassword']);

function flatten(v: unknown, prefix: string, out: Map<string, unknown>): void {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    for (const [k, x] of Object.entries(v)) flatten(x, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix && !SECRET_FIELDS.has(prefix)) {
    out.set(prefix, v);
  }
}

/** Field-level changes from one form to the next (arrays compared whole), passwords left out. */
export function diffForms(before: RegistrationForm, after: RegistrationForm): FieldChange[] {
  const a = new Map<string, unknown>();
  const b = new Map<string, unknown>();
  flatten(before, '', a);
  flatten(after, '', b);
  const changes: FieldChange[] = [];
  for (const field of new Set([...a.keys(), ...b.keys()])) {
    const from = a.get(field) ?? null;
    const to = b.get(field) ?? null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  }
  return changes.sort((x, y) => x.field.localeCompare(y.field));
}

/** The stored form never keeps the password: it lives (hashed) on the account. */
export function withoutSecrets(form: RegistrationForm): RegistrationForm {
  if (!form.user) return form;
  const { password: _p, confirmPassword: _c, ...user } = form.user;
  return { ...form, user };
}

/** A human reference number, stable for the volunteer: R + date of first submit + 6 characters of the id. */
export function referenceNumberFor(volunteerId: string, now: Date): string {
  return `R${now.toISOString().slice(0, 10).replaceAll('-', '')}-${volunteerId.replaceAll('-', '').slice(0, 6).toUpperCase()}`;
}

/** The volunteer edits only a draft or a submitted application (the "edit registration" state). */
const VOLUNTEER_EDITABLE: readonly (RegistrationStatus | null)[] = [
  null,
  RegistrationStatus.Draft,
  RegistrationStatus.Submitted,
];

function need(status: RegistrationStatus | null, allowed: readonly RegistrationStatus[]) {
  if (status === null || !allowed.includes(status)) throw new DomainError('InvalidRegistrationTransition', { status });
}

export function decide(cmd: RegistrationCommand, s: Registration, now: Date): RegistrationEvent[] {
  switch (cmd.type) {
    case 'SaveDraft':
    case 'Submit': {
      if (!VOLUNTEER_EDITABLE.includes(s.status))
        throw new DomainError('RegistrationNotEditable', { status: s.status });
      const mode = cmd.type === 'Submit' ? 'submit' : 'draft';
      const form = normaliseForm(cmd.form, cmd.client, cmd.lookups);
      const issues = validateRegistration(form, mode, cmd.client, now, cmd.lookups);
      if (issues.length) throw new DomainError(summaryCode(issues), { issues });
      const stored = withoutSecrets(form);
      const changes = diffForms(s.form, stored);
      if (cmd.type === 'SaveDraft') {
        return [{ type: 'RegistrationDraftSaved', data: { form: stored, changes, previousStatus: s.status } }];
      }
      const referenceNumber = s.referenceNumber ?? referenceNumberFor(cmd.volunteerId, now);
      return [
        { type: 'RegistrationSubmitted', data: { form: stored, changes, previousStatus: s.status, referenceNumber } },
      ];
    }
    case 'InitiallyAccept': {
      need(s.status, [RegistrationStatus.Submitted]);
      if (isBlank(cmd.appointmentAt) || isBlank(cmd.location) || isBlank(cmd.reviewerId))
        throw new DomainError('InitialAcceptIncomplete');
      const at = new Date(cmd.appointmentAt);
      if (Number.isNaN(at.getTime())) throw new DomainError('InvalidDate', { field: 'appointmentAt' });
      if (at.getTime() < now.getTime()) throw new DomainError('AppointmentInPast');
      return [
        {
          type: 'RegistrationInitiallyAccepted',
          data: {
            appointmentAt: at.toISOString(),
            location: cmd.location.trim(),
            reviewerId: cmd.reviewerId,
            reviewerName: cmd.reviewerName,
            previousStatus: s.status!,
          },
        },
      ];
    }
    case 'Approve':
      need(s.status, [RegistrationStatus.InitiallyAccepted]);
      return [{ type: 'RegistrationApproved', data: { previousStatus: s.status! } }];
    case 'Reject':
      need(s.status, [RegistrationStatus.Submitted, RegistrationStatus.InitiallyAccepted]);
      if (isBlank(cmd.reason)) throw new DomainError('RejectReasonRequired');
      return [{ type: 'RegistrationRejected', data: { reason: cmd.reason.trim(), previousStatus: s.status! } }];
    case 'ReturnToSubmitted':
      need(s.status, [RegistrationStatus.InitiallyAccepted, RegistrationStatus.Rejected]);
      return [{ type: 'RegistrationReturnedToSubmitted', data: { previousStatus: s.status! } }];
    case 'CorrectFromIdentity': {
      // The verification checked the registration's own id (verifyAccountIdentity): another id corrects nothing.
      if (!s.exists || s.form.identity?.idNumber?.trim() !== cmd.record.nationalId) return [];
      const form = correctedFromIdentity(s.form, cmd.record);
      const changes = diffForms(s.form, form);
      if (changes.length === 0) return [];
      return [
        { type: 'RegistrationCorrectedFromIdentity', data: { nationalId: cmd.record.nationalId, form, changes } },
      ];
    }
    case 'AddNote':
      // Spec: notes are editable while the status is below 5 (by staff and admins; the API checks the role).
      if (!s.exists || (s.status ?? 0) >= RegistrationStatus.Approved)
        throw new DomainError('RegistrationNotEditable', { status: s.status });
      if (isBlank(cmd.note)) throw new DomainError('EmptyText', { field: 'note' });
      return [
        { type: 'ApplicationNoteAdded', data: { noteId: cmd.noteId, note: cmd.note.trim(), at: now.toISOString() } },
      ];
    case 'RemoveNote': {
      if (!s.exists || (s.status ?? 0) >= RegistrationStatus.Approved)
        throw new DomainError('RegistrationNotEditable', { status: s.status });
      const note = s.notes.find((n) => n.noteId === cmd.noteId);
      if (!note) throw new DomainError('NoteNotFound');
      return [{ type: 'ApplicationNoteRemoved', data: { noteId: cmd.noteId, note: note.note } }];
    }
  }
}

export const registrationDecider: Decider<Registration, RegistrationCommand, RegistrationEvent> = {
  events: registrationEvents,
  initialState: initialRegistration,
  evolve,
  decide,
};
