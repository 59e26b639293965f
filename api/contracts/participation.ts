import { z } from 'zod';
import { AfterQuery, CommandAccepted, IdParams, PagedQuery } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';
import { HistoryEntry } from './registration.ts';

/** One of the volunteer's events with her hours (GET /api/me/participations and the live invitations stream). */
export const MyParticipation = z
  .object({
    opportunityId: z.string(),
    ...P.bilingual('name'),
    startDate: z.string(),
    endDate: z.string(),
    status: z.number(),
    approvedHours: z.number(),
    pendingHours: z.number(),
  })
  .meta({ id: 'MyParticipation' });
export type MyParticipation = z.infer<typeof MyParticipation>;

/** The staff actions a roster row's status allows the caller (domain/participation staffActionsFor). */
export const StaffRowActions = ['accept', 'reverse', 'reject', 'absent', 'release'] as const;

/** One row of an event's roster. */
export const RosterRow = z
  .object({
    volunteerId: z.string(),
    ...P.bilingual('name', 'nullable'),
    status: z.number(),
    approvedHours: z.number(),
    pendingHours: z.number(),
    actions: z.array(z.enum(StaffRowActions)),
  })
  .meta({ id: 'RosterRow' });
export type RosterRow = z.infer<typeof RosterRow>;
export const RosterPage = z.object({ rows: z.array(RosterRow), total: z.number() }).meta({ id: 'RosterPage' });
export type RosterPage = z.infer<typeof RosterPage>;

/** Each volunteer's outcome of a batch of invitations: `invited` or a catalogue code. */
export const InvitationResults = z
  .object({
    results: z.array(z.object({ volunteerId: z.string(), result: z.string() })),
    /** The last invitation's position, null when none was written. */
    position: z.string().nullable(),
  })
  .meta({ id: 'InvitationResults' });
export type InvitationResults = z.infer<typeof InvitationResults>;

const events = endpoints('events');
const Pair = z.object({ id: P.uuid(), volunteerId: P.uuid() });

/** A volunteer asks to join: the spec's join rules (domain/participation/join.ts), then the schedule. */
export const joinOpportunity = events.post('/api/opportunities/:id/join', {
  params: IdParams,
  response: CommandAccepted,
});

/** Staff invite approved volunteers; restricted events refuse volunteers outside their regions or cities. */
export const inviteVolunteers = events.post('/api/opportunities/:id/invitations', {
  permission: staff('eventsadmin', 'Add'),
  params: IdParams,
  body: z.object({ volunteerIds: z.array(P.uuid()).min(1).max(500), confirmRaise: z.boolean().default(false) }),
  response: InvitationResults,
});

/** The roster (spec page sizes), by status. */
export const listParticipants = events.get('/api/opportunities/:id/participants', {
  permission: staff('eventsadmin', 'View'),
  params: IdParams,
  query: PagedQuery.extend({ status: P.queryInt(1, 10).optional() }),
  response: RosterPage,
});

/** Staff accept a join request or an invitation the volunteer accepted (confirmRaise: past the seats). */
export const acceptParticipant = events.post('/api/opportunities/:id/participants/:volunteerId/accept', {
  permission: staff('eventsadmin', 'Edit'),
  params: Pair,
  body: z.object({ confirmRaise: z.boolean().default(false) }),
  response: CommandAccepted,
});

const staffAction = <const A extends string>(action: A) =>
  events.post(`/api/opportunities/:id/participants/:volunteerId/${action}`, {
    permission: staff('eventsadmin', 'Edit'),
    params: Pair,
    response: CommandAccepted,
  });
/** Staff actions on a participant (spec section 4 transitions; the domain refuses the rest). */
export const rejectParticipant = staffAction('reject');
export const markParticipantAbsent = staffAction('absent');
export const releaseParticipant = staffAction('release');

/** The history tab of an invitation: its events, so never stale. */
export const participationHistory = events.get('/api/opportunities/:id/participants/:volunteerId/history', {
  permission: staff('eventsadmin', 'View'),
  params: Pair,
  response: z.array(HistoryEntry),
});

/** The volunteer's own events with their hours (current, invitations and past events read from the same rows). */
export const myParticipations = events.get('/api/me/participations', {
  query: AfterQuery,
  response: z.array(MyParticipation),
});

/**
 * The same list pushed as server-sent events (`event: invitations`, data: the list as JSON) on connect and whenever
 * one of the volunteer's participations changes; `: keep-alive` comments every 25 s; it ends with the session.
 */
export const invitationsStream = events.get('/api/me/invitations/stream', {
  contentType: 'text/event-stream',
  response: z.array(MyParticipation),
  summary: 'Server-sent events: `event: invitations`, data: the volunteer participations (JSON)',
});

const volunteerAnswer = <const A extends string>(answer: A) =>
  events.post(`/api/volunteers/invitation/:id/${answer}`, { params: IdParams, response: CommandAccepted });
/** The volunteer's answers to an invitation (spec: /api/volunteers/invitation/{id}/accept, /reject, /cancel, /RequestToRelease). */
export const acceptInvitation = volunteerAnswer('accept');
export const rejectInvitation = volunteerAnswer('reject');
export const cancelParticipation = volunteerAnswer('cancel');
export const requestRelease = volunteerAnswer('RequestToRelease');
