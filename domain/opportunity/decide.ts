import type { LookupSnapshot } from '../lookups/snapshot.ts';
import { isBlank, summaryCode } from '../registration/rules.ts';
import type { ClientConfig } from '../shared/clients.ts';
import { day } from '../shared/days.ts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import {
  type Approval,
  type OpportunityDetails,
  OpportunityStatus,
  placeIssues,
  statusByDates,
  validateOpportunity,
} from './rules.ts';

/**
 * An event ("opportunity", stream `opportunity-<id>`). It owns its definition, approval, status, and the seats of
 * its contribution count: every staff acceptance takes a seat here first, so 50 simultaneous acceptances for 10 seats
 * end with exactly 10 accepted (ExceededApprovalLimit for the rest).
 */
export interface Opportunity {
  exists: boolean;
  details: OpportunityDetails | null;
  approval: Approval;
  status: OpportunityStatus;
  deleteReason: string | null;
  /** Volunteers holding a seat (accepted by staff). */
  seats: string[];
  invited: number;
  approvedHours: number;
  /** Staff stopped invitations (the contribution count set to the seats taken): no pending request can be accepted. */
  invitationsStopped: boolean;
  /** The department the event belongs to: its owner's, since the owner's department last changed (null before). */
  departmentId: number | null;
}

export type OpportunityEvent =
  | DomainEvent<'OpportunityCreated', { details: OpportunityDetails }>
  | DomainEvent<
      'OpportunityEdited',
      { details: OpportunityDetails; changes: { field: string; from: unknown; to: unknown }[] }
    >
  | DomainEvent<'OpportunityApproved', { previous: Approval }>
  | DomainEvent<'OpportunityRejected', { previous: Approval; reason: string }>
  | DomainEvent<'OpportunityStatusChanged', { from: OpportunityStatus; to: OpportunityStatus }>
  | DomainEvent<'OpportunityDeleteRequested', { reason: string }>
  | DomainEvent<'OpportunityDeleted', { reason: string; previousStatus: OpportunityStatus }>
  | DomainEvent<'MaxInvitationsRaised', { from: number; to: number }>
  | DomainEvent<'MaxContributionsChanged', { from: number; to: number; stopInvitations: boolean }>
  | DomainEvent<'VolunteerInvitedCounted', { volunteerId: string }>
  | DomainEvent<'SeatTaken', { volunteerId: string }>
  | DomainEvent<'SeatFreed', { volunteerId: string }>
  | DomainEvent<'HoursApprovedCounted', { volunteerId: string; hours: number }>
  /** The owner (its creator) moved to another department, and the event with her. */
  | DomainEvent<'OpportunityDepartmentChanged', { ownerId: string; departmentId: number; previous: number | null }>;

export const opportunityEvents: EventTypes<OpportunityEvent> = eventTypes<OpportunityEvent>({
  OpportunityCreated: true,
  OpportunityEdited: true,
  OpportunityApproved: true,
  OpportunityRejected: true,
  OpportunityStatusChanged: true,
  OpportunityDeleteRequested: true,
  OpportunityDeleted: true,
  MaxInvitationsRaised: true,
  MaxContributionsChanged: true,
  VolunteerInvitedCounted: true,
  SeatTaken: true,
  SeatFreed: true,
  HoursApprovedCounted: true,
  OpportunityDepartmentChanged: true,
});

export type OpportunityCommand =
  /** lookups: the master data the place and type are checked against (placeIssues); every path passes it. */
  | { type: 'Create'; details: OpportunityDetails; client: ClientConfig; lookups: LookupSnapshot }
  | { type: 'Edit'; details: OpportunityDetails; client: ClientConfig; lookups: LookupSnapshot }
  | { type: 'Approve' }
  | { type: 'Reject'; reason: string }
  | { type: 'UpdateStatusByDate' }
  | { type: 'Delete'; reason: string }
  | { type: 'ConfirmDelete' }
  /** confirmRaise: the user confirmed "invitation exceeded max: raise the limit" (spec). */
  | { type: 'CountInvitation'; volunteerId: string; confirmRaise: boolean }
  /** confirmRaise: "approval cannot exceed contribution count (confirmation to raise quota)" (spec). */
  | { type: 'TakeSeat'; volunteerId: string; confirmRaise: boolean }
  | { type: 'FreeSeat'; volunteerId: string }
  | { type: 'CountApprovedHours'; volunteerId: string; hours: number }
  /** Spec: stop invitations sets max contributions to the current approved count. */
  | { type: 'StopInvitations' }
  | { type: 'MoveToDepartment'; ownerId: string; departmentId: number };

export const initialOpportunity = (): Opportunity => ({
  exists: false,
  details: null,
  approval: 'pending',
  status: OpportunityStatus.Upcoming,
  deleteReason: null,
  seats: [],
  invited: 0,
  approvedHours: 0,
  invitationsStopped: false,
  departmentId: null,
});

export function evolve(s: Opportunity, e: OpportunityEvent): Opportunity {
  switch (e.type) {
    case 'OpportunityCreated':
      return { ...s, exists: true, details: e.data.details };
    case 'OpportunityEdited':
      return { ...s, details: e.data.details };
    case 'OpportunityApproved':
      return { ...s, approval: 'approved' };
    case 'OpportunityRejected':
      return { ...s, approval: 'rejected' };
    case 'OpportunityStatusChanged':
      return { ...s, status: e.data.to };
    case 'OpportunityDeleteRequested':
      return { ...s, approval: 'pendingDelete', deleteReason: e.data.reason };
    case 'OpportunityDeleted':
      return { ...s, status: OpportunityStatus.Deleted, deleteReason: e.data.reason };
    case 'MaxInvitationsRaised':
      return { ...s, details: { ...s.details!, maxInvitations: e.data.to } };
    case 'MaxContributionsChanged':
      return {
        ...s,
        details: { ...s.details!, maxContributions: e.data.to },
        invitationsStopped: e.data.stopInvitations,
      };
    case 'VolunteerInvitedCounted':
      return { ...s, invited: s.invited + 1 };
    case 'SeatTaken':
      return { ...s, seats: [...s.seats, e.data.volunteerId] };
    case 'SeatFreed':
      return { ...s, seats: s.seats.filter((v) => v !== e.data.volunteerId) };
    case 'HoursApprovedCounted':
      return { ...s, approvedHours: s.approvedHours + e.data.hours };
    case 'OpportunityDepartmentChanged':
      return { ...s, departmentId: e.data.departmentId };
  }
}

function live(s: Opportunity): OpportunityDetails {
  if (!s.exists || !s.details) throw new DomainError('NotFound');
  if (s.status === OpportunityStatus.Deleted) throw new DomainError('event_deleted');
  return s.details;
}

function validated(
  details: OpportunityDetails,
  client: ClientConfig,
  now: Date,
  creating: boolean,
  lookups: LookupSnapshot,
): OpportunityDetails {
  const issues = validateOpportunity(details, client, now, creating);
  issues.push(...placeIssues(details, lookups));
  if (issues.length) throw new DomainError(summaryCode(issues), { issues });
  return details;
}

export function decide(cmd: OpportunityCommand, s: Opportunity, now: Date): OpportunityEvent[] {
  switch (cmd.type) {
    case 'Create': {
      if (s.exists) throw new DomainError('ConcurrencyConflict');
      const details = validated(cmd.details, cmd.client, now, true, cmd.lookups);
      // An event created already begun (the year allowance) is active from its first moment, not at the next run
      // of the status job.
      const to = statusByDates(details.startDate, details.endDate, now);
      return [
        { type: 'OpportunityCreated', data: { details } },
        ...(to === OpportunityStatus.Upcoming
          ? []
          : [{ type: 'OpportunityStatusChanged' as const, data: { from: OpportunityStatus.Upcoming, to } }]),
      ];
    }
    case 'Edit': {
      const before = live(s);
      const details = validated(cmd.details, cmd.client, now, false, cmd.lookups);
      if (details.maxContributions < s.seats.length)
        throw new DomainError('InvalidCount', { field: 'maxContributions', accepted: s.seats.length });
      const changes = (Object.keys({ ...before, ...details }) as (keyof OpportunityDetails)[])
        .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(details[k]))
        .map((field) => ({ field, from: before[field] ?? null, to: details[field] ?? null }));
      return changes.length ? [{ type: 'OpportunityEdited', data: { details, changes } }] : [];
    }
    case 'Approve':
      live(s);
      if (s.approval === 'approved') return [];
      return [{ type: 'OpportunityApproved', data: { previous: s.approval } }];
    case 'Reject':
      live(s);
      if (isBlank(cmd.reason)) throw new DomainError('RejectReasonRequired');
      return [{ type: 'OpportunityRejected', data: { previous: s.approval, reason: cmd.reason.trim() } }];
    case 'UpdateStatusByDate': {
      const d = live(s);
      const to = statusByDates(d.startDate, d.endDate, now);
      return to === s.status ? [] : [{ type: 'OpportunityStatusChanged', data: { from: s.status, to } }];
    }
    case 'Delete': {
      const d = live(s);
      if (isBlank(cmd.reason)) throw new DomainError('DeleteReasonRequired');
      if (s.approvedHours > 0) throw new DomainError('EventHasApprovedHours');
      if (day(d.endDate) < day(now.toISOString())) throw new DomainError('EventDatePassed');
      const reason = cmd.reason.trim();
      // Spec: deleting needs approval (pending delete) when accepted invitations exist.
      if (s.seats.length > 0) return [{ type: 'OpportunityDeleteRequested', data: { reason } }];
      return [{ type: 'OpportunityDeleted', data: { reason, previousStatus: s.status } }];
    }
    case 'ConfirmDelete':
      live(s);
      if (s.approval !== 'pendingDelete') throw new DomainError('InvalidStatusChange');
      if (s.approvedHours > 0) throw new DomainError('EventHasApprovedHours');
      return [{ type: 'OpportunityDeleted', data: { reason: s.deleteReason ?? '', previousStatus: s.status } }];
    case 'CountInvitation': {
      const d = live(s);
      // Spec: stopping invitations sets the participants needed to the accepted count; a full event invites no one.
      if (s.seats.length >= d.maxContributions)
        throw new DomainError('ExceededApprovalLimit', { maxContributions: d.maxContributions });
      if (s.invited < d.maxInvitations)
        return [{ type: 'VolunteerInvitedCounted', data: { volunteerId: cmd.volunteerId } }];
      if (!cmd.confirmRaise) throw new DomainError('InvitationExceededMax', { maxInvitations: d.maxInvitations });
      return [
        { type: 'MaxInvitationsRaised', data: { from: d.maxInvitations, to: s.invited + 1 } },
        { type: 'VolunteerInvitedCounted', data: { volunteerId: cmd.volunteerId } },
      ];
    }
    case 'TakeSeat': {
      const d = live(s);
      if (s.seats.includes(cmd.volunteerId)) return [];
      if (day(d.endDate) < day(now.toISOString())) throw new DomainError('event_expired');
      if (s.seats.length < d.maxContributions) return [{ type: 'SeatTaken', data: { volunteerId: cmd.volunteerId } }];
      if (!cmd.confirmRaise) throw new DomainError('ExceededApprovalLimit', { maxContributions: d.maxContributions });
      return [
        {
          type: 'MaxContributionsChanged',
          data: { from: d.maxContributions, to: s.seats.length + 1, stopInvitations: false },
        },
        { type: 'SeatTaken', data: { volunteerId: cmd.volunteerId } },
      ];
    }
    case 'FreeSeat':
      return s.seats.includes(cmd.volunteerId) ? [{ type: 'SeatFreed', data: { volunteerId: cmd.volunteerId } }] : [];
    case 'CountApprovedHours':
      live(s);
      return [{ type: 'HoursApprovedCounted', data: { volunteerId: cmd.volunteerId, hours: cmd.hours } }];
    case 'StopInvitations': {
      const d = live(s);
      if (d.maxContributions === s.seats.length) return [];
      return [
        {
          type: 'MaxContributionsChanged',
          data: { from: d.maxContributions, to: s.seats.length, stopInvitations: true },
        },
      ];
    }
    case 'MoveToDepartment':
      if (!s.exists) throw new DomainError('NotFound');
      // A deleted event stays where it was: nothing of it is shown or counted any more.
      if (s.status === OpportunityStatus.Deleted || s.departmentId === cmd.departmentId) return [];
      return [
        {
          type: 'OpportunityDepartmentChanged',
          data: { ownerId: cmd.ownerId, departmentId: cmd.departmentId, previous: s.departmentId },
        },
      ];
  }
}

export const opportunityDecider: Decider<Opportunity, OpportunityCommand, OpportunityEvent> = {
  events: opportunityEvents,
  initialState: initialOpportunity,
  evolve,
  decide,
};
export const opportunityStream = (id: string) => `opportunity-${id}`;
