import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * In-app notification types (docs/notifications.md). The spec fixes only 16, "opportunity extended"; each type
 * derives from one participation or event ("opportunity") event.
 */
export const NotificationType = {
  InvitedByStaff: 1,
  AcceptedByStaff: 2,
  RejectedByStaff: 3,
  Released: 4,
  MarkedAbsent: 5,
  HoursApproved: 6,
  HoursRejected: 7,
  EventDeleted: 8,
  OpportunityExtended: 16,
  /** Staff replied to (or closed) one of the volunteer's tickets: from the ticket's stream, not an event's. */
  TicketReplied: 20,
  /** Not in the spec's numbering: a survey was published to the volunteer (its link: the survey's answer page). */
  SurveyPublished: 17,
} as const;
export type NotificationType = (typeof NotificationType)[keyof typeof NotificationType];
export const NOTIFICATION_TYPES: readonly NotificationType[] = Object.values(NotificationType);

/** The domain event each type comes from (the projection's table). */
export const NOTIFICATION_SOURCE: Readonly<Record<string, NotificationType>> = {
  ParticipantInvited: NotificationType.InvitedByStaff,
  ParticipantAccepted: NotificationType.AcceptedByStaff,
  ParticipantRejected: NotificationType.RejectedByStaff,
  ParticipantReleased: NotificationType.Released,
  ParticipantMarkedAbsent: NotificationType.MarkedAbsent,
  HoursApproved: NotificationType.HoursApproved,
  HoursRejected: NotificationType.HoursRejected,
  OpportunityDeleted: NotificationType.EventDeleted,
  ExtensionOffered: NotificationType.OpportunityExtended,
  TicketReplied: NotificationType.TicketReplied,
  SurveyPublished: NotificationType.SurveyPublished,
};

/** A type-16 notification's state: open until answered, replaced by a newer offer, or closed by another change. */
export const ExtensionStates = ['open', 'continued', 'declined', 'superseded'] as const;
export type ExtensionState = (typeof ExtensionStates)[number];

/** Spec: notifications refresh every 300000 ms; the list shows at most this many, newest first. */
export const NOTIFICATIONS_REFRESH_MS = 300_000;
export const NOTIFICATIONS_LIST_LIMIT = 50;
/** Most ids one "mark read" command carries. */
export const MAX_READ_IDS = 100;

/** Stream `notifications-<userId>`: what the user marked read. The notifications projection applies it. */
export type NotificationsEvent = DomainEvent<'NotificationsRead', { ids: string[]; all: boolean; at: string }>;

export const notificationsEvents: EventTypes<NotificationsEvent> = eventTypes<NotificationsEvent>({
  NotificationsRead: true,
});
export type NotificationsCommand = { type: 'MarkRead'; ids: string[] } | { type: 'MarkAllRead' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function decide(cmd: NotificationsCommand, now: Date): NotificationsEvent[] {
  const at = now.toISOString();
  switch (cmd.type) {
    case 'MarkRead': {
      const ids = [...new Set(cmd.ids.map((id) => id.toLowerCase()))];
      if (ids.length === 0 || ids.length > MAX_READ_IDS || !ids.every((id) => UUID.test(id)))
        throw new DomainError('ValidationFailed', { field: 'ids' });
      return [{ type: 'NotificationsRead', data: { ids, all: false, at } }];
    }
    case 'MarkAllRead':
      return [{ type: 'NotificationsRead', data: { ids: [], all: true, at } }];
  }
}

export const notificationsDecider: Decider<null, NotificationsCommand, NotificationsEvent> = {
  events: notificationsEvents,
  initialState: () => null,
  evolve: (s) => s,
  decide: (c, _s, now) => decide(c, now),
};
export const notificationsStream = (userId: string) => `notifications-${userId}`;
