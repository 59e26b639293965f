import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import type { RegistrationForm } from './form.ts';
import type { RegistrationStatus } from './status.ts';

/** One changed field, for the history tab: "personal.firstNameAr: أحمد → محمد". Passwords never appear. */
export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export type RegistrationEvent =
  | DomainEvent<
      'RegistrationDraftSaved',
      { form: RegistrationForm; changes: FieldChange[]; previousStatus: RegistrationStatus | null }
    >
  | DomainEvent<
      'RegistrationSubmitted',
      {
        form: RegistrationForm;
        changes: FieldChange[];
        previousStatus: RegistrationStatus | null;
        referenceNumber: string;
      }
    >
  | DomainEvent<
      'RegistrationInitiallyAccepted',
      {
        appointmentAt: string;
        location: string;
        reviewerId: string;
        reviewerName: string;
        previousStatus: RegistrationStatus;
      }
    >
  | DomainEvent<'RegistrationApproved', { previousStatus: RegistrationStatus }>
  | DomainEvent<'RegistrationRejected', { reason: string; previousStatus: RegistrationStatus }>
  | DomainEvent<'RegistrationReturnedToSubmitted', { previousStatus: RegistrationStatus }>
  /**
   * After a user verification, the names and birth date the national record gives, where the form's differed
   * (`changes` holds each field's before and after; the birth date stays in the calendar the volunteer chose).
   */
  | DomainEvent<
      'RegistrationCorrectedFromIdentity',
      { nationalId: string; form: RegistrationForm; changes: FieldChange[] }
    >
  | DomainEvent<'ApplicationNoteAdded', { noteId: string; note: string; at: string }>
  | DomainEvent<'ApplicationNoteRemoved', { noteId: string; note: string }>;

export const registrationEvents: EventTypes<RegistrationEvent> = eventTypes<RegistrationEvent>({
  RegistrationDraftSaved: true,
  RegistrationSubmitted: true,
  RegistrationInitiallyAccepted: true,
  RegistrationApproved: true,
  RegistrationRejected: true,
  RegistrationReturnedToSubmitted: true,
  RegistrationCorrectedFromIdentity: true,
  ApplicationNoteAdded: true,
  ApplicationNoteRemoved: true,
});

export const registrationStream = (volunteerId: string) => `registration-${volunteerId}`;
