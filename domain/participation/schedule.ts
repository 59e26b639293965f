import { datesOverlap, OpportunityStatus } from '../opportunity/rules.ts';
import { day } from '../shared/days.ts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
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
}

export type ScheduleEvent =
  | DomainEvent<'JoinRequestHeld', { opportunityId: string }>
  | DomainEvent<'JoinRequestSettled', { opportunityId: string }>
  /**
   * keepsHold: the join request's hold stays until the participation leaves pending (settled then, like any other
   * end of the request), so undoing a reservation never loses a hold. Older events without it took the hold over.
   */
  | DomainEvent<'AcceptanceReserved', { opportunityId: string; keepsHold?: boolean } & Dates>
  | DomainEvent<'AcceptanceReleased', { opportunityId: string }>
  /** An accepted event's dates changed for this volunteer (an extension they continued); previous: the dates before. */
  | DomainEvent<'AcceptanceRescheduled', { opportunityId: string; previous?: Dates } & Dates>;

export type ScheduleCommand =
  /**
   * ended: the held requests whose event has ended for joining (deleted, expired, rejected, invitations stopped; see
   * joinRequestEnded): their holds are given back in the same append, so they never block a new request.
   */
  | { type: 'HoldJoinRequest'; opportunityId: string; dates: Dates; ended?: string[] }
  | { type: 'SettleJoinRequest'; opportunityId: string }
  | { type: 'ReserveAcceptance'; opportunityId: string; dates: Dates }
  | { type: 'ReleaseAcceptance'; opportunityId: string }
  | { type: 'RescheduleAcceptance'; opportunityId: string; dates: Dates };

export const initialSchedule = (): Schedule => ({ pending: [], accepted: {} });

export function evolve(s: Schedule, e: ScheduleEvent): Schedule {
  const id = e.data.opportunityId;
  switch (e.type) {
    case 'JoinRequestHeld':
      return { ...s, pending: [...s.pending, id] };
    case 'JoinRequestSettled':
      return { ...s, pending: s.pending.filter((x) => x !== id) };
    case 'AcceptanceReserved':
      return {
        pending: e.data.keepsHold ? s.pending : s.pending.filter((x) => x !== id),
        accepted: { ...s.accepted, [id]: { startDate: e.data.startDate, endDate: e.data.endDate } },
      };
    case 'AcceptanceReleased': {
      const { [id]: _gone, ...rest } = s.accepted;
      return { ...s, accepted: rest };
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
      return s.pending.includes(opportunityId) ? [{ type: 'JoinRequestSettled', data: { opportunityId } }] : [];
    case 'ReserveAcceptance': {
      if (s.accepted[opportunityId]) return [];
      const other = overlapping(s, opportunityId, cmd.dates);
      if (other) throw new DomainError('ErrorMessageConflictEventDate', { otherOpportunityId: other });
      return [{ type: 'AcceptanceReserved', data: { opportunityId, ...cmd.dates, keepsHold: true } }];
    }
    case 'ReleaseAcceptance':
      return s.accepted[opportunityId] ? [{ type: 'AcceptanceReleased', data: { opportunityId } }] : [];
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
  initialState: initialSchedule,
  evolve,
  decide: (c, s) => decide(c, s),
};
export const scheduleStream = (volunteerId: string) => `schedule-${volunteerId}`;
