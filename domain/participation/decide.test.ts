import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/errors.ts';
import { specFor } from '../shared/testing.ts';
import {
  type OpportunityView,
  type ParticipationCommand,
  type ParticipationEvent,
  participationDecider,
  type StaffRowAction,
  seatChange,
  staffActionsFor,
} from './decide.ts';
import { type ParticipationStatus, ParticipationStatus as S } from './status.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const given = specFor(participationDecider, () => NOW);
const active: OpportunityView = {
  deleted: false,
  startDate: '2026-11-20',
  endDate: '2026-11-30',
  durationHours: 40,
  leadName: 'Khalid',
  leadEmail: 'lead@example.org',
};
const upcoming: OpportunityView = { ...active, startDate: '2026-12-01', endDate: '2026-12-05' };
const expired: OpportunityView = { ...active, startDate: '2026-11-01', endDate: '2026-11-21' };
const deleted: OpportunityView = { ...active, deleted: true };

/** A history that leaves the participation in the given status. */
function historyTo(status: ParticipationStatus | null): ParticipationEvent[] {
  const p = (type: ParticipationEvent['type'], previousStatus: ParticipationStatus | null): ParticipationEvent =>
    ({ type, data: { previousStatus, at: NOW.toISOString(), reversal: false } }) as ParticipationEvent;
  switch (status) {
    case null:
      return [];
    case S.PendingVolunteer:
      return [p('ParticipantInvited', null)];
    case S.AcceptedVolunteerPendingStaff:
      return [...historyTo(1), p('InvitationAcceptedByVolunteer', 1)];
    case S.RejectedVolunteer:
      return [...historyTo(1), p('InvitationRejectedByVolunteer', 1)];
    case S.AcceptedStaff:
      return [...historyTo(2), p('ParticipantAccepted', 2)];
    case S.RejectedStaff:
      return [...historyTo(2), p('ParticipantRejected', 2)];
    case S.Cancelled:
      return [...historyTo(1), p('ParticipationCancelled', 1)];
    case S.VolunteerJoinRequest:
      return [p('JoinRequested', null)];
    case S.ReleaseVolunteer:
      return [...historyTo(4), hours('h0', 'approved'), p('ParticipantReleased', 4)].flat();
    case S.VolunteerAbsent:
      return [...historyTo(4), p('ParticipantMarkedAbsent', 4)];
    case S.VolunteerRequestToRelease:
      return [...historyTo(4), hours('h0', 'approved'), p('ReleaseRequested', 4)].flat();
  }
}
function hours(hoursId: string, state: 'pending' | 'approved' | 'rejected'): ParticipationEvent[] {
  const recorded: ParticipationEvent = {
    type: 'HoursRecorded',
    data: {
      hoursId,
      hours: 5,
      casesHandled: 3,
      checkIn: '2026-11-21T08:00:00Z',
      checkOut: '2026-11-21T13:00:00Z',
      rating: 4,
      review: 'good',
    },
  };
  if (state === 'pending') return [recorded];
  return [recorded, { type: state === 'approved' ? 'HoursApproved' : 'HoursRejected', data: { hoursId } }];
}

const ALL: (ParticipationStatus | null)[] = [null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
function outcome(
  from: ParticipationStatus | null,
  cmd: ParticipationCommand,
  extra: ParticipationEvent[] = [],
): ParticipationStatus | string {
  const state = [...historyTo(from), ...extra].reduce(participationDecider.evolve, participationDecider.initialState());
  try {
    const events = participationDecider.decide(cmd, state, NOW);
    return events.reduce(participationDecider.evolve, state).status!;
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}

describe('the invitation status machine (1–10)', () => {
  // For each command: the statuses it moves from and to; every other status is refused with the given code.
  it.each<[string, ParticipationCommand, Partial<Record<string, ParticipationStatus>>, string, ParticipationEvent[]?]>([
    ['staff invite → 1', { type: 'Invite' }, { null: 1 }, 'VolunteerAlreadyInvited'],
    [
      'volunteer join request → 7 (again after cancelling or rejecting)',
      { type: 'RequestJoin' },
      { null: 7, 3: 7, 6: 7 },
      'NotAllowToJoinEvent',
    ],
    [
      'volunteer accepts an invitation 1 → 2',
      { type: 'VolunteerAccept', opportunity: active },
      { 1: 2 },
      'Error_CheckEventStatus',
    ],
    [
      'volunteer rejects 1 or 2 → 3',
      { type: 'VolunteerReject', opportunity: active },
      { 1: 3, 2: 3 },
      'InvalidStatusChange',
    ],
    [
      'staff accept only from 2 or 7 → 4',
      { type: 'StaffAccept', byAdmin: false, opportunity: active },
      { 2: 4, 7: 4 },
      'InvalidStatusChange',
    ],
    [
      'admin accept also reverses 5, 6, 9 → 4',
      { type: 'StaffAccept', byAdmin: true, opportunity: active },
      { 2: 4, 7: 4, 5: 4, 6: 4, 9: 4 },
      'InvalidStatusChange',
    ],
    [
      'staff reject from 2, 7, 10 → 5 (never 1 or 4)',
      { type: 'StaffReject', opportunity: active },
      { 2: 5, 7: 5, 10: 5 },
      'InvalidStatusChange',
    ],
    ['mark absent 4 → 9', { type: 'MarkAbsent' }, { 4: 9 }, 'InvalidStatusChange'],
  ])('%s', (_name, cmd, allowed, refusal) => {
    for (const from of ALL) {
      const expected = allowed[String(from)] ?? refusal;
      expect([from, outcome(from, cmd)]).toEqual([from, expected]);
    }
  });

  it('cancels 1, 2 or 7 → 6; an approved one names the lead; refused elsewhere', () => {
    for (const from of ALL) {
      const got = outcome(from, { type: 'Cancel', opportunity: active });
      const expected =
        from === 1 || from === 2 || from === 7
          ? 6
          : from === 4
            ? 'ApprovedInvitationCannotCancel'
            : from === 8 || from === 10
              ? 'CancelBlockedByHours'
              : 'InvalidStatusChange';
      expect([from, got]).toEqual([from, expected]);
    }
    given(...historyTo(4))
      .when({ type: 'Cancel', opportunity: active })
      .thenFails('ApprovedInvitationCannotCancel');
    try {
      participationDecider.decide(
        { type: 'Cancel', opportunity: active },
        historyTo(4).reduce(participationDecider.evolve, participationDecider.initialState()),
        NOW,
      );
    } catch (e) {
      expect((e as DomainError).details).toEqual({ leadName: 'Khalid', leadEmail: 'lead@example.org' });
    }
  });

  it('refuses a cancel once hours were added', () => {
    expect(outcome(2, { type: 'Cancel', opportunity: active }, hours('h1', 'pending'))).toBe('CancelBlockedByHours');
  });

  it('asks for release 4 → 10 only with hours, in an active event', () => {
    expect(outcome(4, { type: 'RequestRelease', opportunity: active }, hours('h1', 'approved'))).toBe(10);
    expect(outcome(4, { type: 'RequestRelease', opportunity: active })).toBe('ReleaseRequiresHours');
    expect(outcome(4, { type: 'RequestRelease', opportunity: upcoming }, hours('h1', 'approved'))).toBe(
      'ReleaseEventNotActive',
    );
    expect(outcome(2, { type: 'RequestRelease', opportunity: active })).toBe('InvalidStatusChange');
  });

  it('releases 4 or 10 → 8 only with hours, in an active event', () => {
    expect(outcome(4, { type: 'Release', opportunity: active }, hours('h1', 'approved'))).toBe(8);
    expect(outcome(10, { type: 'Release', opportunity: active })).toBe(8);
    expect(outcome(4, { type: 'Release', opportunity: active })).toBe('ReleaseRequiresHours');
    expect(outcome(4, { type: 'Release', opportunity: expired }, hours('h1', 'approved'))).toBe(
      'ReleaseEventNotActive',
    );
  });

  it('answers expired and deleted events with their catalogue codes', () => {
    expect(outcome(1, { type: 'VolunteerAccept', opportunity: expired })).toBe('event_expired');
    expect(outcome(1, { type: 'VolunteerAccept', opportunity: deleted })).toBe('event_deleted');
    expect(outcome(1, { type: 'VolunteerReject', opportunity: expired })).toBe('event_expired');
    expect(outcome(2, { type: 'StaffAccept', byAdmin: false, opportunity: deleted })).toBe('event_deleted');
  });
});

describe('the staff actions a roster row offers', () => {
  const command = (action: StaffRowAction, byAdmin: boolean): ParticipationCommand => {
    switch (action) {
      case 'accept':
      case 'reverse':
        return { type: 'StaffAccept', byAdmin, opportunity: active };
      case 'reject':
        return { type: 'StaffReject', opportunity: active };
      case 'absent':
        return { type: 'MarkAbsent' };
      case 'release':
        return { type: 'Release', opportunity: active };
    }
  };
  const ACTIONS: StaffRowAction[] = ['accept', 'reverse', 'reject', 'absent', 'release'];

  it.each([false, true])('are exactly the status changes decide() accepts (admin: %s)', (byAdmin) => {
    for (const from of ALL) {
      const offered = staffActionsFor(from, byAdmin);
      for (const action of ACTIONS) {
        // Hours are recorded so that release is refused for its status only, never for missing hours.
        const got = outcome(from, command(action, byAdmin), from === 4 ? hours('h1', 'approved') : []);
        const accepted = typeof got === 'number';
        // accept and reverse are one command (StaffAccept): the row names it by the status it starts from.
        const accepts = offered.includes('accept') || offered.includes('reverse');
        const expected = action === 'accept' || action === 'reverse' ? accepts : offered.includes(action);
        expect([from, action, accepted]).toEqual([from, action, expected]);
      }
    }
  });

  it('never offers reject on an invitation the volunteer has not answered (1)', () => {
    expect(staffActionsFor(1, true)).toEqual([]);
  });

  it('offers the reversal of a rejection, cancellation or absence to an admin only', () => {
    for (const s of [5, 6, 9] as const) {
      expect(staffActionsFor(s, true)).toEqual(['reverse']);
      expect(staffActionsFor(s, false)).toEqual([]);
    }
  });
});

describe('a second join request', () => {
  it('is refused as already asked, apart from the other refusals', () => {
    given(...historyTo(7))
      .when({ type: 'RequestJoin' })
      .thenFails('NotAllowToJoinEvent');
    const state = historyTo(7).reduce(participationDecider.evolve, participationDecider.initialState());
    expect(() => participationDecider.decide({ type: 'RequestJoin' }, state, NOW)).toThrow(
      expect.objectContaining({ details: { reason: 'alreadyAsked', status: 7 } }),
    );
  });
});

describe('hours and performance', () => {
  const entry = (over: object = {}) => ({
    hoursId: 'h2',
    hours: 6,
    casesHandled: 4,
    checkIn: '2026-11-22T08:00:00Z',
    checkOut: '2026-11-22T14:00:00Z',
    rating: 5 as const,
    review: 'ممتاز',
    ...over,
  });
  const record = (over: object = {}): ParticipationCommand => ({
    type: 'RecordHours',
    entry: entry(over),
    opportunity: active,
  });

  it('records hours for an accepted volunteer', () => {
    given(...historyTo(4))
      .when(record())
      .thenEmits([{ type: 'HoursRecorded', data: entry() }]);
  });
  it('refuses hours for a volunteer who is not accepted', () => {
    given(...historyTo(2))
      .when(record())
      .thenFails('InvalidStatusChange');
  });
  it('refuses blank or zero hours, zero cases and a rating outside 1–5', () => {
    given(...historyTo(4))
      .when(record({ hours: 0 }))
      .thenFails('InvalidHours');
    given(...historyTo(4))
      .when(record({ casesHandled: 0 }))
      .thenFails('InvalidHours');
    given(...historyTo(4))
      .when(record({ rating: 6 }))
      .thenFails('InvalidHours');
  });
  it('refuses a check-out before the check-in', () => {
    given(...historyTo(4))
      .when(record({ checkOut: '2026-11-22T07:00:00Z' }))
      .thenFails('InvalidDate');
  });
  it('refuses check-in or check-out times that are not real instants', () => {
    given(...historyTo(4))
      .when(record({ checkIn: '08:00' }))
      .thenFails('InvalidDate');
    given(...historyTo(4))
      .when(record({ checkOut: '2026-11-31T13:00:00Z' }))
      .thenFails('InvalidDate');
  });
  it("refuses a shift outside the event's days", () => {
    given(...historyTo(4))
      .when(record({ checkIn: '2026-11-19T08:00:00Z', checkOut: '2026-11-19T14:00:00Z' }))
      .thenFails('InvalidDate');
    given(...historyTo(4))
      .when(record({ checkIn: '2026-11-30T20:00:00Z', checkOut: '2026-12-01T02:00:00Z' }))
      .thenFails('InvalidDate');
  });
  it('refuses more hours than the shift between check-in and check-out holds', () => {
    given(...historyTo(4))
      .when(record({ hours: 7 }))
      .thenFails('HoursExceedDuration');
    given(...historyTo(4))
      .when(record({ hours: 25, checkIn: '2026-11-21T00:00:00Z', checkOut: '2026-11-22T02:00:00Z' }))
      .thenFails('InvalidHours');
  });
  it('refuses a count of cases beyond int4 or not whole', () => {
    given(...historyTo(4))
      .when(record({ casesHandled: 2 ** 31 }))
      .thenFails('InvalidHours');
    given(...historyTo(4))
      .when(record({ casesHandled: 1.5 }))
      .thenFails('InvalidHours');
  });
  it('refuses new hours while earlier ones are pending, and allows them once approved or deleted', () => {
    given(...historyTo(4), ...hours('h1', 'pending'))
      .when(record())
      .thenFails('PreviousHoursPending');
    given(...historyTo(4), ...hours('h1', 'approved'))
      .when(record())
      .thenEmits((e) => expect(e).toHaveLength(1));
    given(...historyTo(4), ...hours('h1', 'pending'), { type: 'HoursDeleted', data: { hoursId: 'h1' } })
      .when(record())
      .thenEmits((e) => expect(e).toHaveLength(1));
  });
  it('refuses hours above the event duration', () => {
    // 5 approved hours, then a 6-hour shift, on an event of 10 hours in all.
    given(...historyTo(4), ...hours('h1', 'approved'))
      .when({ type: 'RecordHours', entry: entry(), opportunity: { ...active, durationHours: 10 } })
      .thenFails('HoursExceedDuration');
  });
  it('approves or rejects pending hours once, and never deletes approved ones', () => {
    given(...historyTo(4), ...hours('h1', 'pending'))
      .when({ type: 'ApproveHours', hoursId: 'h1' })
      .thenEmits([{ type: 'HoursApproved', data: { hoursId: 'h1' } }]);
    given(...historyTo(4), ...hours('h1', 'approved'))
      .when({ type: 'RejectHours', hoursId: 'h1' })
      .thenFails('InvalidStatusChange');
    given(...historyTo(4), ...hours('h1', 'approved'))
      .when({ type: 'DeleteHours', hoursId: 'h1' })
      .thenFails('InvalidStatusChange');
    given(...historyTo(4))
      .when({ type: 'ApproveHours', hoursId: 'nope' })
      .thenFails('NotFound');
  });
});

describe('seats of the contribution count', () => {
  it('takes a seat on acceptance and gives it back on absence, release or rejection of a release', () => {
    const accepted: ParticipationEvent = { type: 'ParticipantAccepted', data: { previousStatus: 2, reversal: false } };
    expect(seatChange(accepted)).toBe(1);
    expect(seatChange({ type: 'ParticipantMarkedAbsent', data: { previousStatus: 4 } })).toBe(-1);
    expect(seatChange({ type: 'ParticipantReleased', data: { previousStatus: 10 } })).toBe(-1);
    expect(seatChange({ type: 'ReleaseRequested', data: { previousStatus: 4 } })).toBe(0);
    expect(seatChange({ type: 'ParticipantRejected', data: { previousStatus: 10 } })).toBe(-1);
    expect(seatChange({ type: 'JoinRequested', data: { previousStatus: null, at: '' } })).toBe(0);
  });
});

describe('contributions and incidents', () => {
  const checkedIn: ParticipationEvent = { type: 'CheckedIn', data: { at: NOW.toISOString() } };
  const incident = (over: object = {}) => ({
    incidentId: 'i1',
    fullName: 'مريض',
    genderType: 0,
    age: 40,
    nationalityId: 44,
    startTime: '2026-11-22T08:00:00Z',
    closeTime: '2026-11-22T08:30:00Z',
    proceduresTaken: 'إسعاف أولي',
    complaint: 'إغماء',
    ...over,
  });
  const record = (over: object = {}, mode: 'draft' | 'submit' = 'submit'): ParticipationCommand => ({
    type: 'RecordIncident',
    incident: incident(over),
    mode,
  });

  it('checks an accepted volunteer in during the event, once', () => {
    given(...historyTo(4))
      .when({ type: 'CheckIn', opportunity: active })
      .thenEmits([checkedIn]);
    given(...historyTo(4), checkedIn)
      .when({ type: 'CheckIn', opportunity: active })
      .thenEmits([]);
    given(...historyTo(4))
      .when({ type: 'CheckIn', opportunity: upcoming })
      .thenFails('Error_CheckEventStatus');
    given(...historyTo(2))
      .when({ type: 'CheckIn', opportunity: active })
      .thenFails('InvalidStatusChange');
  });
  it('refuses an incident before the check-in', () => {
    given(...historyTo(4))
      .when(record())
      .thenFails('CheckInRequired');
  });
  it('records a complete incident (gender 0 allowed)', () => {
    given(...historyTo(4), checkedIn)
      .when(record())
      .thenEmits([{ type: 'IncidentRecorded', data: { incident: incident(), submitted: true } }]);
  });
  it.each<[string, object, 'draft' | 'submit', string]>([
    ['full name required', { fullName: ' ' }, 'draft', 'AllFieldsRequired'],
    ['age required', { age: undefined }, 'draft', 'AllFieldsRequired'],
    ['nationality required', { nationalityId: undefined }, 'draft', 'AllFieldsRequired'],
    ['start time required', { startTime: '' }, 'draft', 'StartTimeRequired'],
    ['close time when procedures were taken', { closeTime: undefined }, 'draft', 'AllFieldsRequired'],
    ['start before close', { closeTime: '2026-11-22T07:00:00Z' }, 'draft', 'InvalidDate'],
    ['a start time that is a time of day only', { startTime: '08:00' }, 'draft', 'InvalidDate'],
    ['a close time on a day that does not exist', { closeTime: '2026-11-31T08:30:00Z' }, 'draft', 'InvalidDate'],
    ['submit needs the complaint', { complaint: '' }, 'submit', 'AllFieldsRequired'],
  ])('refuses: %s', (_name, over, mode, code) => {
    given(...historyTo(4), checkedIn)
      .when(record(over, mode))
      .thenFails(code as never);
  });
  it('lets a draft leave the complaint and procedures out', () => {
    given(...historyTo(4), checkedIn)
      .when(record({ complaint: '', proceduresTaken: '', closeTime: undefined }, 'draft'))
      .thenEmits((e) => expect(e).toHaveLength(1));
  });
});
