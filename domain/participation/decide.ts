import { isCount, isTimestamp } from '../shared/bounds.ts';
import { day } from '../shared/days.ts';
import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import { HOLDS_SEAT, type ParticipationStatus, ParticipationStatus as S } from './status.ts';

/** What a participation command needs to know of its event (the opportunity stream owns it; the handler reads it). */
export interface OpportunityView {
  deleted: boolean;
  /** ISO days, inclusive. */
  startDate: string;
  endDate: string;
  /** Most hours a volunteer may log for the whole event (spec: hours not above the event's duration). */
  durationHours: number;
  leadName: string;
  leadEmail: string;
}

export type HoursState = 'pending' | 'approved' | 'rejected';
export interface HoursEntry {
  hoursId: string;
  hours: number;
  casesHandled: number;
  checkIn: string;
  checkOut: string;
  rating: 1 | 2 | 3 | 4 | 5;
  review: string;
  state: HoursState;
}

/** An incident recorded as a contribution (spec: Incident (contribution)). */
export interface Incident {
  incidentId: string;
  fullName: string;
  genderType: number;
  age: number;
  nationalityId: number;
  startTime: string;
  closeTime?: string | undefined;
  proceduresTaken?: string | undefined;
  complaint?: string | undefined;
}

/** An extension of the event's end date offered to a seat holder and not answered yet (notification type 16). */
export interface ExtensionOffer {
  previousEndDate: string;
  newEndDate: string;
}

export interface Participation {
  status: ParticipationStatus | null;
  hours: HoursEntry[];
  checkedInAt: string | null;
  incidents: number;
  /** The open extension offer; a newer one replaces it, an answer or any status change closes it. */
  extension: ExtensionOffer | null;
}

type WithPrevious<D = object> = D & { previousStatus: ParticipationStatus | null };
export type ParticipationEvent =
  | DomainEvent<'ParticipantInvited', WithPrevious<{ at: string }>>
  | DomainEvent<'JoinRequested', WithPrevious<{ at: string }>>
  | DomainEvent<'InvitationAcceptedByVolunteer', WithPrevious>
  | DomainEvent<'InvitationRejectedByVolunteer', WithPrevious>
  | DomainEvent<'ParticipationCancelled', WithPrevious>
  | DomainEvent<'ReleaseRequested', WithPrevious>
  | DomainEvent<'ParticipantAccepted', WithPrevious<{ reversal: boolean }>>
  | DomainEvent<'ParticipantRejected', WithPrevious>
  | DomainEvent<'ParticipantMarkedAbsent', WithPrevious>
  | DomainEvent<'ParticipantReleased', WithPrevious>
  | DomainEvent<'HoursRecorded', Omit<HoursEntry, 'state'>>
  | DomainEvent<'HoursApproved', { hoursId: string }>
  | DomainEvent<'HoursRejected', { hoursId: string }>
  | DomainEvent<'HoursDeleted', { hoursId: string }>
  | DomainEvent<'CheckedIn', { at: string }>
  | DomainEvent<'IncidentRecorded', { incident: Incident; submitted: boolean }>
  | DomainEvent<'ExtensionOffered', ExtensionOffer>
  | DomainEvent<'ExtensionAccepted', ExtensionOffer>
  | DomainEvent<'ExtensionDeclined', WithPrevious<ExtensionOffer>>;

export const participationEvents: EventTypes<ParticipationEvent> = eventTypes<ParticipationEvent>({
  ParticipantInvited: true,
  JoinRequested: true,
  InvitationAcceptedByVolunteer: true,
  InvitationRejectedByVolunteer: true,
  ParticipationCancelled: true,
  ReleaseRequested: true,
  ParticipantAccepted: true,
  ParticipantRejected: true,
  ParticipantMarkedAbsent: true,
  ParticipantReleased: true,
  HoursRecorded: true,
  HoursApproved: true,
  HoursRejected: true,
  HoursDeleted: true,
  CheckedIn: true,
  IncidentRecorded: true,
  ExtensionOffered: true,
  ExtensionAccepted: true,
  ExtensionDeclined: true,
});

export type ParticipationCommand =
  | { type: 'Invite' }
  | { type: 'RequestJoin' }
  | { type: 'VolunteerAccept'; opportunity: OpportunityView }
  | { type: 'VolunteerReject'; opportunity: OpportunityView }
  | { type: 'Cancel'; opportunity: OpportunityView }
  | { type: 'RequestRelease'; opportunity: OpportunityView }
  /** byAdmin: an admin may reverse an accidental rejection, cancellation or absence (spec). */
  | { type: 'StaffAccept'; byAdmin: boolean; opportunity: OpportunityView }
  | { type: 'StaffReject'; opportunity: OpportunityView }
  | { type: 'MarkAbsent' }
  | { type: 'Release'; opportunity: OpportunityView }
  | { type: 'RecordHours'; entry: Omit<HoursEntry, 'state'>; opportunity: OpportunityView }
  | { type: 'ApproveHours'; hoursId: string }
  | { type: 'RejectHours'; hoursId: string }
  | { type: 'DeleteHours'; hoursId: string }
  | { type: 'CheckIn'; opportunity: OpportunityView }
  /** mode submit: complaint, procedures, start and close times are required too (spec). */
  | { type: 'RecordIncident'; incident: Incident; mode: 'draft' | 'submit' }
  /** The event's end date moved later (a reactor offers it to every seat holder). */
  | { type: 'OfferExtension'; previousEndDate: string; newEndDate: string; opportunity: OpportunityView }
  /** Type 16 "continue": the volunteer stays for the extended dates. */
  | { type: 'ContinueExtension'; opportunity: OpportunityView }
  /** Type 16 "do not continue": the volunteer leaves the event (4 → 3), the seat is freed. */
  | { type: 'DeclineExtension'; opportunity: OpportunityView };

/** The status each participation event leads to (the read models use the same table). */
export const STATUS_AFTER: Partial<Record<ParticipationEvent['type'], ParticipationStatus>> = {
  ParticipantInvited: S.PendingVolunteer,
  JoinRequested: S.VolunteerJoinRequest,
  InvitationAcceptedByVolunteer: S.AcceptedVolunteerPendingStaff,
  InvitationRejectedByVolunteer: S.RejectedVolunteer,
  ParticipationCancelled: S.Cancelled,
  ReleaseRequested: S.VolunteerRequestToRelease,
  ParticipantAccepted: S.AcceptedStaff,
  ParticipantRejected: S.RejectedStaff,
  ParticipantMarkedAbsent: S.VolunteerAbsent,
  ParticipantReleased: S.ReleaseVolunteer,
  ExtensionDeclined: S.RejectedVolunteer,
};

export const initialParticipation = (): Participation => ({
  status: null,
  hours: [],
  checkedInAt: null,
  incidents: 0,
  extension: null,
});

export function evolve(s: Participation, e: ParticipationEvent): Participation {
  const status = STATUS_AFTER[e.type];
  // Any change of status closes an open extension offer: it was made to a seat holder in status 4.
  if (status !== undefined) return { ...s, status, extension: null };
  switch (e.type) {
    case 'ExtensionOffered':
      return { ...s, extension: { previousEndDate: e.data.previousEndDate, newEndDate: e.data.newEndDate } };
    case 'ExtensionAccepted':
      return { ...s, extension: null };
    case 'HoursRecorded':
      return { ...s, hours: [...s.hours, { ...e.data, state: 'pending' }] };
    case 'HoursApproved':
    case 'HoursRejected': {
      const state: HoursState = e.type === 'HoursApproved' ? 'approved' : 'rejected';
      return { ...s, hours: s.hours.map((h) => (h.hoursId === e.data.hoursId ? { ...h, state } : h)) };
    }
    case 'HoursDeleted':
      return { ...s, hours: s.hours.filter((h) => h.hoursId !== e.data.hoursId) };
    case 'CheckedIn':
      return { ...s, checkedInAt: e.data.at };
    case 'IncidentRecorded':
      return { ...s, incidents: s.incidents + 1 };
    default:
      return s;
  }
}

const today = (now: Date) => day(now.toISOString());

/** A volunteer may ask to join afresh only without a participation, or after cancelling or declining it. */
export function mayRequestJoin(status: ParticipationStatus | null): boolean {
  return status === null || status === S.Cancelled || status === S.RejectedVolunteer;
}

/** A staff member's action on a roster row; 'reverse' is the admin's acceptance of a rejected, cancelled or absent one. */
export type StaffRowAction = 'accept' | 'reverse' | 'reject' | 'absent' | 'release';

/**
 * The staff actions a participation's status allows (spec section 4): decide() checks the status with this same
 * table, and the roster shows only these buttons. Dates and hours may still refuse an allowed action.
 */
export function staffActionsFor(status: ParticipationStatus | null, byAdmin: boolean): StaffRowAction[] {
  switch (status) {
    // Spec: accept only from volunteer-accepted or join-request states; reject is not allowed for volunteer-pending.
    case S.AcceptedVolunteerPendingStaff:
    case S.VolunteerJoinRequest:
      return ['accept', 'reject'];
    case S.AcceptedStaff:
      return ['absent', 'release'];
    case S.VolunteerRequestToRelease:
      return ['reject', 'release'];
    // An admin may reverse an accidental rejection, cancellation or absence.
    case S.RejectedStaff:
    case S.Cancelled:
    case S.VolunteerAbsent:
      return byAdmin ? ['reverse'] : [];
    default:
      return [];
  }
}
const allows = (s: Participation, action: StaffRowAction, byAdmin = false) =>
  staffActionsFor(s.status, byAdmin).includes(action);

/** Spec catalogue for acting on an event: deleted, then expired. */
function assertOpen(o: OpportunityView, now: Date) {
  if (o.deleted) throw new DomainError('event_deleted');
  if (day(o.endDate) < today(now)) throw new DomainError('event_expired');
}
function isActive(o: OpportunityView, now: Date) {
  return day(o.startDate) <= today(now) && today(now) <= day(o.endDate);
}
const hasHours = (s: Participation) => s.hours.length > 0;

export function decide(cmd: ParticipationCommand, s: Participation, now: Date): ParticipationEvent[] {
  const previousStatus = s.status;
  const at = now.toISOString();
  switch (cmd.type) {
    case 'Invite':
      if (s.status !== null) throw new DomainError('VolunteerAlreadyInvited', { status: s.status });
      return [{ type: 'ParticipantInvited', data: { at, previousStatus } }];
    case 'RequestJoin':
      // Already asked (or invited, or taking part): the web names it apart from the other refusals.
      if (!mayRequestJoin(s.status))
        throw new DomainError('NotAllowToJoinEvent', { reason: 'alreadyAsked', status: s.status });
      return [{ type: 'JoinRequested', data: { at, previousStatus } }];
    case 'VolunteerAccept':
      assertOpen(cmd.opportunity, now);
      if (s.status !== S.PendingVolunteer) throw new DomainError('Error_CheckEventStatus', { status: s.status });
      return [{ type: 'InvitationAcceptedByVolunteer', data: { previousStatus } }];
    case 'VolunteerReject':
      assertOpen(cmd.opportunity, now);
      if (s.status !== S.PendingVolunteer && s.status !== S.AcceptedVolunteerPendingStaff)
        throw new DomainError('InvalidStatusChange', { status: s.status });
      return [{ type: 'InvitationRejectedByVolunteer', data: { previousStatus } }];
    case 'Cancel':
      assertOpen(cmd.opportunity, now);
      if (s.status === S.AcceptedStaff) {
        throw new DomainError('ApprovedInvitationCannotCancel', {
          leadName: cmd.opportunity.leadName,
          leadEmail: cmd.opportunity.leadEmail,
        });
      }
      if (hasHours(s)) throw new DomainError('CancelBlockedByHours');
      if (
        s.status !== S.PendingVolunteer &&
        s.status !== S.AcceptedVolunteerPendingStaff &&
        s.status !== S.VolunteerJoinRequest
      ) {
        throw new DomainError('InvalidStatusChange', { status: s.status });
      }
      return [{ type: 'ParticipationCancelled', data: { previousStatus } }];
    case 'RequestRelease':
      if (s.status !== S.AcceptedStaff) throw new DomainError('InvalidStatusChange', { status: s.status });
      if (!isActive(cmd.opportunity, now)) throw new DomainError('ReleaseEventNotActive');
      if (!hasHours(s)) throw new DomainError('ReleaseRequiresHours');
      return [{ type: 'ReleaseRequested', data: { previousStatus } }];
    case 'StaffAccept': {
      assertOpen(cmd.opportunity, now);
      const normal = allows(s, 'accept');
      const reversal = allows(s, 'reverse', cmd.byAdmin);
      if (!normal && !reversal) throw new DomainError('InvalidStatusChange', { status: s.status });
      return [{ type: 'ParticipantAccepted', data: { previousStatus, reversal } }];
    }
    case 'StaffReject':
      assertOpen(cmd.opportunity, now);
      if (!allows(s, 'reject')) throw new DomainError('InvalidStatusChange', { status: s.status });
      return [{ type: 'ParticipantRejected', data: { previousStatus } }];
    case 'MarkAbsent':
      if (!allows(s, 'absent')) throw new DomainError('InvalidStatusChange', { status: s.status });
      return [{ type: 'ParticipantMarkedAbsent', data: { previousStatus } }];
    case 'Release':
      if (!allows(s, 'release')) throw new DomainError('InvalidStatusChange', { status: s.status });
      if (!isActive(cmd.opportunity, now)) throw new DomainError('ReleaseEventNotActive');
      if (!hasHours(s)) throw new DomainError('ReleaseRequiresHours');
      return [{ type: 'ParticipantReleased', data: { previousStatus } }];
    case 'RecordHours': {
      if (s.status === null || !HOLDS_SEAT.includes(s.status))
        throw new DomainError('InvalidStatusChange', { status: s.status });
      const e = cmd.entry;
      if (
        !(e.hours > 0 && e.hours <= MAX_HOURS_PER_ENTRY) ||
        !isCount(e.casesHandled) ||
        ![1, 2, 3, 4, 5].includes(e.rating)
      )
        throw new DomainError('InvalidHours');
      assertShift(e, cmd.opportunity);
      if (s.hours.some((h) => h.state === 'pending')) throw new DomainError('PreviousHoursPending');
      const logged = s.hours.filter((h) => h.state === 'approved').reduce((sum, h) => sum + h.hours, 0);
      if (logged + e.hours > cmd.opportunity.durationHours)
        throw new DomainError('HoursExceedDuration', { maxHours: cmd.opportunity.durationHours - logged });
      return [{ type: 'HoursRecorded', data: e }];
    }
    case 'ApproveHours':
    case 'RejectHours': {
      const h = s.hours.find((x) => x.hoursId === cmd.hoursId);
      if (!h) throw new DomainError('NotFound');
      if (h.state !== 'pending') throw new DomainError('InvalidStatusChange', { hours: h.state });
      return [
        { type: cmd.type === 'ApproveHours' ? 'HoursApproved' : 'HoursRejected', data: { hoursId: cmd.hoursId } },
      ];
    }
    case 'CheckIn':
      if (s.status === null || !HOLDS_SEAT.includes(s.status))
        throw new DomainError('InvalidStatusChange', { status: s.status });
      if (!isActive(cmd.opportunity, now)) throw new DomainError('Error_CheckEventStatus');
      return s.checkedInAt ? [] : [{ type: 'CheckedIn', data: { at } }];
    case 'RecordIncident':
      // Spec: a volunteer must check in first before adding contributions.
      if (!s.checkedInAt) throw new DomainError('CheckInRequired');
      assertIncident(cmd.incident, cmd.mode);
      return [{ type: 'IncidentRecorded', data: { incident: cmd.incident, submitted: cmd.mode === 'submit' } }];
    case 'DeleteHours': {
      const h = s.hours.find((x) => x.hoursId === cmd.hoursId);
      if (!h) throw new DomainError('NotFound');
      if (h.state === 'approved') throw new DomainError('InvalidStatusChange', { hours: h.state });
      return [{ type: 'HoursDeleted', data: { hoursId: cmd.hoursId } }];
    }
    case 'OfferExtension': {
      // Only a volunteer accepted by staff is offered the extra days (docs/notifications.md).
      if (s.status !== S.AcceptedStaff) throw new DomainError('InvalidStatusChange', { status: s.status });
      if (cmd.opportunity.deleted) throw new DomainError('event_deleted');
      // The same offer again (a replayed reaction under another id) changes nothing.
      if (s.extension?.newEndDate === cmd.newEndDate) return [];
      // A newer offer replaces an unanswered one; its "before" stays the end date the volunteer last agreed to.
      const previousEndDate = s.extension?.previousEndDate ?? cmd.previousEndDate;
      if (!(day(cmd.newEndDate) > day(previousEndDate)))
        throw new DomainError('InvalidEventDates', { field: 'endDate' });
      return [{ type: 'ExtensionOffered', data: { previousEndDate, newEndDate: cmd.newEndDate } }];
    }
    case 'ContinueExtension': {
      assertOpen(cmd.opportunity, now);
      // Spec (accept errors): deleted, expired, then anything else is Error_CheckEventStatus.
      if (s.status !== S.AcceptedStaff || !s.extension)
        throw new DomainError('Error_CheckEventStatus', { status: s.status, offer: !!s.extension });
      return [{ type: 'ExtensionAccepted', data: { ...s.extension } }];
    }
    case 'DeclineExtension': {
      assertOpen(cmd.opportunity, now);
      if (s.status !== S.AcceptedStaff || !s.extension)
        throw new DomainError('InvalidStatusChange', { status: s.status, offer: !!s.extension });
      return [{ type: 'ExtensionDeclined', data: { ...s.extension, previousStatus } }];
    }
  }
}

/** Spec "Incident": required fields, start time, start before close, close time when procedures were taken. */
/** One entry covers one shift: at most a day's hours. */
export const MAX_HOURS_PER_ENTRY = 24;

/** Check-in and check-out are real instants, in this order, on the event's days, and hold the hours logged. */
function assertShift(e: { hours: number; checkIn: string; checkOut: string }, o: OpportunityView): void {
  if (!isTimestamp(e.checkIn)) throw new DomainError('InvalidDate', { field: 'checkIn' });
  if (!isTimestamp(e.checkOut)) throw new DomainError('InvalidDate', { field: 'checkOut' });
  const checkIn = Date.parse(e.checkIn);
  const checkOut = Date.parse(e.checkOut);
  if (checkIn >= checkOut) throw new DomainError('InvalidDate', { field: 'checkOut' });
  // The days as written (the client's own day), against the event's inclusive dates.
  if (day(e.checkIn) < day(o.startDate) || day(e.checkIn) > day(o.endDate))
    throw new DomainError('InvalidDate', { field: 'checkIn', reason: 'outsideEvent' });
  if (day(e.checkOut) < day(o.startDate) || day(e.checkOut) > day(o.endDate))
    throw new DomainError('InvalidDate', { field: 'checkOut', reason: 'outsideEvent' });
  if (e.hours * 3_600_000 > checkOut - checkIn)
    throw new DomainError('HoursExceedDuration', { maxHours: (checkOut - checkIn) / 3_600_000 });
}

export function assertIncident(i: Incident, mode: 'draft' | 'submit'): void {
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  // GenderType 0 is allowed (spec), so only a missing value counts.
  if (blank(i.fullName) || blank(i.age) || i.genderType === undefined || blank(i.nationalityId))
    throw new DomainError('AllFieldsRequired');
  if (blank(i.startTime)) throw new DomainError('StartTimeRequired');
  if (!isTimestamp(i.startTime)) throw new DomainError('InvalidDate', { field: 'startTime' });
  if (!blank(i.closeTime) && !isTimestamp(i.closeTime!)) throw new DomainError('InvalidDate', { field: 'closeTime' });
  if (!blank(i.proceduresTaken) && blank(i.closeTime))
    throw new DomainError('AllFieldsRequired', { field: 'closeTime' });
  if (mode === 'submit' && (blank(i.complaint) || blank(i.proceduresTaken) || blank(i.closeTime)))
    throw new DomainError('AllFieldsRequired');
  if (!blank(i.closeTime) && new Date(i.startTime).getTime() >= new Date(i.closeTime!).getTime())
    throw new DomainError('InvalidDate', { field: 'closeTime' });
}

export const participationDecider: Decider<Participation, ParticipationCommand, ParticipationEvent> = {
  events: participationEvents,
  initialState: initialParticipation,
  evolve,
  decide,
};

/**
 * Whether an event moves the participation into or out of a pending join request (status 7), i.e. whether the
 * volunteer's schedule takes or gives back a join-request hold. Every transition out of 7 (cancel, staff reject,
 * staff accept) ends the request; a refused command has no event, so it never gives a hold back.
 */
export function pendingRequestChange(e: ParticipationEvent): 1 | -1 | 0 {
  const after = STATUS_AFTER[e.type];
  if (after === undefined || !('previousStatus' in e.data)) return 0;
  const was = e.data.previousStatus === S.VolunteerJoinRequest;
  const is = after === S.VolunteerJoinRequest;
  return was === is ? 0 : is ? 1 : -1;
}

/** Whether an event moves the participation into or out of a seat of the event's capacity. */
export function seatChange(e: ParticipationEvent): 1 | -1 | 0 {
  const after = STATUS_AFTER[e.type];
  if (after === undefined || !('previousStatus' in e.data)) return 0;
  const before = e.data.previousStatus;
  const had = before !== null && HOLDS_SEAT.includes(before);
  const has = HOLDS_SEAT.includes(after);
  return had === has ? 0 : has ? 1 : -1;
}
