import { datesOverlap, OpportunityStatus } from '../opportunity/rules.ts';
import { day } from '../shared/days.ts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import { MAX_PENDING_JOIN_REQUESTS } from './status.ts';

/**
 * A volunteer's schedule (stream `schedule-<volunteerId>`): owns the rules across events, so that they hold under
 * concurrent requests — at most two pending join requests, and no two accepted events whose dates overlap.
 */
export interface Dates {
  startDate: string;
  endDate: string;
}
export interface Schedule {
  pending: string[];
  accepted: Record<string, Dates>;
  /**
   * Acceptances that took over their join request's hold (the request was pending when the dates were reserved):
   * undoing such a reservation gives the hold back, unless the request ended meanwhile (SettleJoinRequest).
   */
  tookHold: string[];
}

export type ScheduleEvent =
  | DomainEvent<'JoinRequestHeld', { opportunityId: string }>
  | DomainEvent<'JoinRequestSettled', { opportunityId: string }>
  /** tookHold: the reservation took over the pending request's hold (events before it existed always did). */
  | DomainEvent<'AcceptanceReserved', { opportunityId: string; tookHold?: boolean } & Dates>
  /** restoredHold: an acceptance undone gave its request's hold back (the request is pending again). */
  | DomainEvent<'AcceptanceReleased', { opportunityId: string; restoredHold?: boolean }>
  /** An accepted event's dates changed for this volunteer (an extension they continued); previous: the dates before. */
  | DomainEvent<'AcceptanceRescheduled', { opportunityId: string; previous?: Dates } & Dates>;

export const scheduleEvents: EventTypes<ScheduleEvent> = eventTypes<ScheduleEvent>({
  JoinRequestHeld: true,
  JoinRequestSettled: true,
  AcceptanceReserved: true,
  AcceptanceReleased: true,
  AcceptanceRescheduled: true,
});

export type ScheduleCommand =
  /**
   * ended: the held requests whose event has ended for joining (deleted, expired, rejected, invitations stopped; see
   * joinRequestEnded): their holds are given back in the same append, so they never block a new request.
   */
  | { type: 'HoldJoinRequest'; opportunityId: string; dates: Dates; ended?: string[] }
  | { type: 'SettleJoinRequest'; opportunityId: string }
  | { type: 'ReserveAcceptance'; opportunityId: string; dates: Dates }
  /** restoreHold: undoing a reservation (its acceptance refused): a hold it took over goes back to pending. */
  | { type: 'ReleaseAcceptance'; opportunityId: string; restoreHold?: boolean }
  | { type: 'RescheduleAcceptance'; opportunityId: string; dates: Dates };

export const initialSchedule = (): Schedule => ({ pending: [], accepted: {}, tookHold: [] });

export function evolve(s: Schedule, e: ScheduleEvent): Schedule {
  const id = e.data.opportunityId;
  switch (e.type) {
    case 'JoinRequestHeld':
      return { ...s, pending: [...s.pending, id] };
    case 'JoinRequestSettled':
      return { ...s, pending: s.pending.filter((x) => x !== id), tookHold: s.tookHold.filter((x) => x !== id) };
    case 'AcceptanceReserved':
      return {
        pending: s.pending.filter((x) => x !== id),
        accepted: { ...s.accepted, [id]: { startDate: e.data.startDate, endDate: e.data.endDate } },
        tookHold: e.data.tookHold ? [...s.tookHold, id] : s.tookHold,
      };
    case 'AcceptanceReleased': {
      const { [id]: _gone, ...rest } = s.accepted;
      return {
        pending: e.data.restoredHold ? [...s.pending, id] : s.pending,
        accepted: rest,
        tookHold: s.tookHold.filter((x) => x !== id),
      };
    }
    case 'AcceptanceRescheduled':
      return { ...s, accepted: { ...s.accepted, [id]: { startDate: e.data.startDate, endDate: e.data.endDate } } };
  }
}

function overlapping(s: Schedule, opportunityId: string, dates: Dates): string | undefined {
  return Object.entries(s.accepted).find(([id, d]) => id !== opportunityId && datesOverlap(d, dates))?.[0];
}

export function decide(cmd: ScheduleCommand, s: Schedule): ScheduleEvent[] {
  const opportunityId = cmd.opportunityId;
  switch (cmd.type) {
    case 'HoldJoinRequest': {
      if (s.pending.includes(opportunityId)) return [];
      const ended = s.pending.filter((id) => cmd.ended?.includes(id));
      // Spec: "cannot send a join request for more than two events" and "cannot join while in another event".
      if (s.pending.length - ended.length >= MAX_PENDING_JOIN_REQUESTS)
        throw new DomainError('VolunteerJoinedAnotherEvent', { reason: 'pendingRequests' });
      if (overlapping(s, opportunityId, cmd.dates))
        throw new DomainError('VolunteerJoinedAnotherEvent', { reason: 'acceptedElsewhere' });
      return [
        ...ended.map((id): ScheduleEvent => ({ type: 'JoinRequestSettled', data: { opportunityId: id } })),
        { type: 'JoinRequestHeld', data: { opportunityId } },
      ];
    }
    case 'SettleJoinRequest':
      // The request ended: its hold goes, or, when an acceptance in progress took it, it is not given back later.
      return s.pending.includes(opportunityId) || s.tookHold.includes(opportunityId)
        ? [{ type: 'JoinRequestSettled', data: { opportunityId } }]
        : [];
    case 'ReserveAcceptance': {
      if (s.accepted[opportunityId]) return [];
      const other = overlapping(s, opportunityId, cmd.dates);
      if (other) throw new DomainError('ErrorMessageConflictEventDate', { otherOpportunityId: other });
      return [
        {
          type: 'AcceptanceReserved',
          data: { opportunityId, ...cmd.dates, tookHold: s.pending.includes(opportunityId) },
        },
      ];
    }
    case 'ReleaseAcceptance': {
      if (!s.accepted[opportunityId]) return [];
      const restoredHold = cmd.restoreHold === true && s.tookHold.includes(opportunityId);
      return [{ type: 'AcceptanceReleased', data: restoredHold ? { opportunityId, restoredHold } : { opportunityId } }];
    }
    case 'RescheduleAcceptance': {
      // Only an acceptance the schedule holds moves (one released meanwhile stays released).
      const held = s.accepted[opportunityId];
      if (!held || (held.startDate === cmd.dates.startDate && held.endDate === cmd.dates.endDate)) return [];
      // The new dates must not overlap another accepted event (spec: ErrorMessageConflictEventDate).
      const other = overlapping(s, opportunityId, cmd.dates);
      if (other) throw new DomainError('ErrorMessageConflictEventDate', { otherOpportunityId: other });
      return [
        {
          type: 'AcceptanceRescheduled',
          data: {
            opportunityId,
            startDate: cmd.dates.startDate,
            endDate: cmd.dates.endDate,
            previous: { startDate: held.startDate, endDate: held.endDate },
          },
        },
      ];
    }
  }
}

/**
 * A pending join request has ended for joining when its event can no longer take it: deleted (or awaiting deletion),
 * rejected, past its end date, or its invitations stopped. Its hold then no longer counts against the two-pending
 * limit (the participation itself cannot be accepted any more: staff acceptance refuses a closed event).
 */
export function joinRequestEnded(
  o: { exists: boolean; approval: string; status: number; invitationsStopped: boolean; endDate: string | null },
  now: Date,
): boolean {
  if (!o.exists || o.endDate === null) return true;
  if (o.status === OpportunityStatus.Deleted || o.approval === 'rejected' || o.approval === 'pendingDelete')
    return true;
  return o.invitationsStopped || day(o.endDate) < day(now.toISOString());
}

export const scheduleDecider: Decider<Schedule, ScheduleCommand, ScheduleEvent> = {
  events: scheduleEvents,
  initialState: initialSchedule,
  evolve,
  decide: (c, s) => decide(c, s),
};
export const scheduleStream = (volunteerId: string) => `schedule-${volunteerId}`;
