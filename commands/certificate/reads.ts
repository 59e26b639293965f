import type { CertifiedEvent } from '../../domain/certificate/record.ts';

/**
 * What issuing a certificate reads from the read models. The commands layer names the reads; the composition root
 * (workers/runtime.ts) gives their implementation from projections/certificates/queries.ts, so commands never import a
 * read model.
 */
export interface CertificateReads {
  /** Every approved hours entry of a volunteer, with its event (oldest event first). */
  approvedHoursOf(volunteerId: string): Promise<ApprovedHours[]>;
  eventOf(eventId: string): Promise<EventRow | null>;
  /** The volunteer's participation status in the event, null without one. */
  participationStatus(eventId: string, volunteerId: string): Promise<number | null>;
}

/** An event as a certificate names it, with its type (category). */
export interface EventRow extends Omit<CertifiedEvent, 'hours'> {
  categoryId: number | null;
}

export interface ApprovedHours extends Omit<EventRow, 'id'> {
  hoursId: string;
  hours: number;
  eventId: string;
  /** The year the hours count in: the check-in's, else the event's start. */
  year: number;
}
