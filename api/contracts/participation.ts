import { z } from 'zod';
import { AfterQuery, BatchResults, CommandAccepted, IdParams, named, PagedQuery, ParticipantParams } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';
import { HistoryEntry } from './registration.ts';

/** One of the volunteer's events with her hours (GET /api/me/participations and the live invitations stream). */
export const MyParticipation = named('MyParticipation', {
  opportunityId: z.string(),
  ...P.bilingual('name'),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number(),
  approvedHours: z.number(),
  pendingHours: z.number(),
});
export type MyParticipation = z.infer<typeof MyParticipation>;

/** The staff actions a roster row's status allows the caller (domain/participation staffActionsFor). */
export const StaffRowActions = ['accept', 'reverse', 'reject', 'absent', 'release'] as const;

/** One row of an event's roster. */
export const RosterRow = named('RosterRow', {
  volunteerId: z.string(),
  ...P.bilingual('name', 'nullable'),
  status: z.number(),
  approvedHours: z.number(),
  pendingHours: z.number(),
  actions: z.array(z.enum(StaffRowActions)),
});
export type RosterRow = z.infer<typeof RosterRow>;
export const RosterPage = named('RosterPage', { rows: z.array(RosterRow), total: z.number() });
export type RosterPage = z.infer<typeof RosterPage>;

/** Each volunteer's outcome of a batch of invitations: `invited` or a catalogue code. */
export const InvitationResults = BatchResults('InvitationResults', 'volunteerId');
export type InvitationResults = z.infer<typeof InvitationResults>;

const events = endpoints('events');

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
  params: ParticipantParams,
  body: z.object({ confirmRaise: z.boolean().default(false) }),
  response: CommandAccepted,
});

const staffAction = <const A extends string>(action: A) =>
  events.post(`/api/opportunities/:id/participants/:volunteerId/${action}`, {
    permission: staff('eventsadmin', 'Edit'),
    params: ParticipantParams,
    response: CommandAccepted,
  });
/** Staff actions on a participant (spec section 4 transitions; the domain refuses the rest). */
export const rejectParticipant = staffAction('reject');
export const markParticipantAbsent = staffAction('absent');
export const releaseParticipant = staffAction('release');

/** The history tab of an invitation: its events, so never stale. */
export const participationHistory = events.get('/api/opportunities/:id/participants/:volunteerId/history', {
  permission: staff('eventsadmin', 'View'),
  params: ParticipantParams,
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
