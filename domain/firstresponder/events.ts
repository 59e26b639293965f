import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * Stream `firstresponder-<volunteerId>`: one volunteer's first-responder request (spec: "First responder request
 * (employee code, VolunteerId, CertificateExpiryDate, IsApproved, file, HaveBLS, ApprovedBy)"). One request per
 * volunteer: after the first it is updated (spec: "registration mode versus update mode").
 */
export const firstResponderStream = (volunteerId: string) => `firstresponder-${volunteerId}`;
export const FIRST_RESPONDER_STREAM_PREFIX = 'firstresponder-';

/** Where a request stands: in the requests list, approved, or rejected (spec: requests, approved and rejected lists). */
export const FIRST_RESPONDER_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type FirstResponderStatus = (typeof FIRST_RESPONDER_STATUSES)[number];

/** What the volunteer sends: the certificate's expiry day (YYYY-MM-DD), the BLS flag, the file, the employee code. */
export interface FirstResponderDetails {
  certificateExpiryDate: string;
  hasBls: boolean;
  fileId: string;
  /** Red-crescent client only (the client table's `firstResponderEmployeeCode`); else null. */
  employeeCode: string | null;
}

export type FirstResponderEvent =
  | DomainEvent<'FirstResponderRequested', FirstResponderDetails & { at: string }>
  | DomainEvent<
      'FirstResponderRequestUpdated',
      FirstResponderDetails & { at: string; previous: FirstResponderDetails; previousStatus: FirstResponderStatus }
    >
  | DomainEvent<'FirstResponderApproved', { at: string; approvedBy: string | null }>
  | DomainEvent<'FirstResponderRejected', { at: string; reason: string | null; rejectedBy: string | null }>
  | DomainEvent<'FirstResponderRejectionUndone', { at: string; previousReason: string | null }>;

export const FirstResponderEventTypes = [
  'FirstResponderRequested',
  'FirstResponderRequestUpdated',
  'FirstResponderApproved',
  'FirstResponderRejected',
  'FirstResponderRejectionUndone',
] as const;

/** The first-responder stream's event types (the decoding boundary, commands/event-store/decode.ts). */
export const firstResponderEvents: EventTypes<FirstResponderEvent> = eventTypes<FirstResponderEvent>({
  FirstResponderRequested: true,
  FirstResponderRequestUpdated: true,
  FirstResponderApproved: true,
  FirstResponderRejected: true,
  FirstResponderRejectionUndone: true,
});
