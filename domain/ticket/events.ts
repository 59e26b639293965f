import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import type { Priority, RejectReason, RequestType, TicketStatus } from './rules.ts';

/**
 * Stream `tickets-<volunteerId>`: every ticket, suggestion and contact request of one volunteer. One stream owns the
 * duplicate rule (no second identical request while the first is unresolved), so two simultaneous identical
 * submissions meet at its expected revision and one is refused. A volunteer has few tickets: the stream stays small.
 */
export const ticketsStream = (volunteerId: string) => `tickets-${volunteerId}`;
export const TICKETS_STREAM_PREFIX = 'tickets-';

export type TicketEvent =
  | DomainEvent<
      'TicketSubmitted',
      {
        ticketId: string;
        code: string;
        requestType: RequestType;
        title: string;
        description: string;
        priority: Priority;
        eventId: string | null;
        departmentId: number | null;
        at: string;
      }
    >
  | DomainEvent<
      'TicketReplied',
      /** action 2 a reply, 3 a reply that closes the ticket. */
      { ticketId: string; action: 2 | 3; response: string; at: string; previousStatus: TicketStatus }
    >
  | DomainEvent<
      'TicketDepartmentAssigned',
      { ticketId: string; departmentId: number; previous: number | null; at: string }
    >
  | DomainEvent<'TicketResolved', { ticketId: string; at: string }>
  | DomainEvent<'TicketNotResolved', { ticketId: string; reasonId: RejectReason; reason: string | null; at: string }>;

export const TicketEventTypes = [
  'TicketSubmitted',
  'TicketReplied',
  'TicketDepartmentAssigned',
  'TicketResolved',
  'TicketNotResolved',
] as const;

/** The ticket stream's event types (the decoding boundary, commands/event-store/decode.ts). */
export const ticketEvents: EventTypes<TicketEvent> = eventTypes<TicketEvent>({
  TicketSubmitted: true,
  TicketReplied: true,
  TicketDepartmentAssigned: true,
  TicketResolved: true,
  TicketNotResolved: true,
});
