import { z } from 'zod';
import { ExtensionStates, MAX_READ_IDS } from '../../domain/participation/notifications.ts';
import { AfterQuery, CommandAccepted, CommandOnId, Names, named } from './common.ts';
import { endpoints } from './endpoint.ts';
import * as P from './primitives.ts';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/**
 * One in-app notification (spec entity Notification: Name, ActionId, EventId, EventInvitationId, StartDate, EndDate).
 * `type` is the action (docs/notifications.md); 16 carries the extension offer and its state.
 */
export const NotificationItem = named('NotificationItem', {
  id: z.uuid(),
  /** One of NOTIFICATION_TYPES (domain/participation/notifications.ts). */
  type: z.number().int(),
  /** The event (null for a ticket's or a survey's notification, types 20 and 17, unless the survey is an event's). */
  eventId: z.string().nullable(),
  /** The invitation (participation): `<eventId>_<volunteerId>`; null for types 17 and 20. */
  invitationId: z.string().nullable(),
  /** Type 20: the ticket that was answered (its title is the name). */
  ticketId: z.string().nullable(),
  /** Type 17: the survey to answer. */
  surveyId: z.string().nullable(),
  ...Names,
  startDate: isoDate.nullable(),
  /** For type 16: the extended end date. */
  endDate: isoDate.nullable(),
  /** For type 16: the end date before the extension. */
  previousEndDate: isoDate.nullable(),
  /** For type 16: open (continue / do not continue), continued, declined or superseded. */
  extensionState: z.enum(ExtensionStates).nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

/** GET /api/me/notifications: the newest (at most 50) and how many are unread in all. */
export const NotificationsList = named('NotificationsList', {
  items: z.array(NotificationItem),
  unread: z.number().int().min(0),
});
export type NotificationsList = z.infer<typeof NotificationsList>;

/** POST /api/me/notifications/read: some ids, or all. */
export const MarkNotificationsRead = z
  .union([
    z.object({ ids: z.array(P.uuid()).min(1).max(MAX_READ_IDS) }).strict(),
    z.object({ all: z.literal(true) }).strict(),
  ])
  .meta({ id: 'MarkNotificationsRead' });
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsRead>;

const notifications = endpoints('notifications');

/**
 * The volunteer's newest notifications. `?after=` waits for a command's position; `?fresh=1` waits for the newest
 * event in the log (the web app asks so when the live invitations stream reports a change).
 */
export const listNotifications = notifications.get('/api/me/notifications', {
  query: AfterQuery.extend({ fresh: z.literal('1').optional() }),
  response: NotificationsList,
});

export const markNotificationsRead = notifications.post('/api/me/notifications/read', {
  body: MarkNotificationsRead,
  response: CommandAccepted,
});

/** Type 16 "continue": the extended dates are accepted. */
export const continueExtension = notifications.post('/api/volunteers/invitation/:id/extension/continue', CommandOnId);

/** Type 16 "do not continue": the seat is given back. */
export const declineExtension = notifications.post('/api/volunteers/invitation/:id/extension/decline', CommandOnId);
