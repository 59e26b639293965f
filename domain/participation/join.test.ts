import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../shared/clients.ts';
import type { DomainError, ErrorCode } from '../shared/errors.ts';
import { specFor } from '../shared/testing.ts';
import { type ParticipationEvent, participationDecider, pendingRequestChange } from './decide.ts';
import { assertMayJoin, type Joiner, type JoinTarget } from './join.ts';
import { joinRequestEnded, type ScheduleEvent, scheduleDecider } from './schedule.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const volunteer: Joiner = {
  signedIn: true,
  roleId: 1,
  registrationStatus: 5,
  nicValid: true,
  infoComplete: true,
  regionId: 1,
  cityId: 3,
  gender: 1,
  invited: false,
};
const event: JoinTarget = {
  deleted: false,
  approved: true,
  endDate: '2026-12-10',
  registrationEnd: '2026-12-01',
  visibility: 0,
  regionIds: [],
  cityIds: [],
  gender: 3,
};

function refusal(who: Partial<Joiner>, target: Partial<JoinTarget> = {}, client = CLIENTS.MOH): ErrorCode | null {
  try {
    assertMayJoin({ ...volunteer, ...who }, { ...event, ...target }, client, NOW);
    return null;
  } catch (e) {
    return (e as DomainError).code;
  }
}

describe('join rules', () => {
  it('lets an approved volunteer join an open event', () => {
    expect(refusal({})).toBeNull();
  });
  it.each<[string, Partial<Joiner>, Partial<JoinTarget>, ErrorCode]>([
    ['login first', { signedIn: false, roleId: null }, {}, 'YouMustLogIn'],
    ['volunteers only', { roleId: 2 }, {}, 'YouMustBeVolunteer'],
    ['national id verified (where the client verifies)', { nicValid: false }, {}, 'InvalidNICAccount'],
    ['registration approved', { registrationStatus: 2 }, {}, 'NotAllowToJoinEvent'],
    ['not a deleted event', {}, { deleted: true }, 'event_deleted'],
    ['only an approved event', {}, { approved: false }, 'InvalidEvent'],
    ['not after the event ended', {}, { endDate: '2026-11-21' }, 'event_expired'],
    ['not after the registration window', {}, { registrationEnd: '2026-11-21' }, 'event_expired'],
    ['selected regions only', {}, { visibility: 1, regionIds: [2, 3] }, 'NotAllowToJoinEvent'],
    ['selected cities only', {}, { visibility: 2, cityIds: [4] }, 'NotAllowToJoinEvent'],
    ['invited volunteers only', {}, { visibility: 3 }, 'NotAllowToJoinEvent'],
    ['the event gender', {}, { gender: 2 }, 'NotAllowToJoinEvent'],
  ])('refuses: %s', (_name, who, target, code) => {
    expect(refusal(who, target)).toBe(code);
  });
  // The web names each refusal behind the shared code by this reason (web/src/features/opportunities/format.ts).
  it.each<[string, Partial<Joiner>, Partial<JoinTarget>]>([
    ['registrationNotApproved', { registrationStatus: 2 }, {}],
    ['visibility', {}, { visibility: 1, regionIds: [2, 3] }],
    ['visibility', {}, { visibility: 3 }],
    ['gender', {}, { gender: 2 }],
  ])('gives the reason %s with NotAllowToJoinEvent', (reason, who, target) => {
    expect(() => assertMayJoin({ ...volunteer, ...who }, { ...event, ...target }, CLIENTS.MOH, NOW)).toThrow(
      expect.objectContaining({ code: 'NotAllowToJoinEvent', details: { reason } }),
    );
  });
  it('admits by region, by city and by invitation when they match', () => {
    expect(refusal({}, { visibility: 1, regionIds: [1] })).toBeNull();
    expect(refusal({}, { visibility: 2, cityIds: [3] })).toBeNull();
    expect(refusal({ invited: true }, { visibility: 3 })).toBeNull();
  });
  it('does not ask NEOM volunteers for national-id verification, but for complete information', () => {
    expect(refusal({ nicValid: false }, {}, CLIENTS.NEOM)).toBeNull();
    expect(refusal({ infoComplete: false }, {}, CLIENTS.NEOM)).toBe('UpdateRegistrationTitle');
    expect(refusal({ infoComplete: false }, {}, CLIENTS.MOH)).toBeNull();
  });
});

describe("the volunteer's schedule", () => {
  const given = specFor(scheduleDecider, () => NOW);
  const dates = { startDate: '2026-12-01', endDate: '2026-12-05' };
  const held = (id: string): ScheduleEvent => ({ type: 'JoinRequestHeld', data: { opportunityId: id } });
  const accepted = (id: string, d = dates): ScheduleEvent => ({
    type: 'AcceptanceReserved',
    data: { opportunityId: id, ...d },
  });

  it('holds up to two pending join requests and refuses a third', () => {
    given(held('e1'))
      .when({ type: 'HoldJoinRequest', opportunityId: 'e2', dates })
      .thenEmits([held('e2')]);
    given(held('e1'), held('e2'))
      .when({ type: 'HoldJoinRequest', opportunityId: 'e3', dates })
      .thenFails('VolunteerJoinedAnotherEvent');
  });
  it('names why: two requests pending, or accepted elsewhere on those dates (the web shows each apart)', () => {
    const reasonOf = (history: ScheduleEvent[], start: string, end: string) => {
      const state = history.reduce(scheduleDecider.evolve, scheduleDecider.initialState());
      try {
        scheduleDecider.decide(
          { type: 'HoldJoinRequest', opportunityId: 'e9', dates: { startDate: start, endDate: end } },
          state,
          NOW,
        );
        return null;
      } catch (e) {
        return (e as DomainError).details?.reason;
      }
    };
    expect(reasonOf([held('e1'), held('e2')], '2027-01-01', '2027-01-02')).toBe('pendingRequests');
    expect(reasonOf([accepted('e1')], '2026-12-05', '2026-12-09')).toBe('acceptedElsewhere');
  });
  it('frees a pending slot when a request is settled', () => {
    given(held('e1'), held('e2'), { type: 'JoinRequestSettled', data: { opportunityId: 'e1' } })
      .when({ type: 'HoldJoinRequest', opportunityId: 'e3', dates })
      .thenEmits([held('e3')]);
  });
  it('gives back, in the same append, the holds of requests whose event has ended, and then holds the new one', () => {
    const settled = (id: string): ScheduleEvent => ({ type: 'JoinRequestSettled', data: { opportunityId: id } });
    given(held('e1'), held('e2'))
      .when({ type: 'HoldJoinRequest', opportunityId: 'e3', dates, ended: ['e2', 'unrelated'] })
      .thenEmits([settled('e2'), held('e3')]);
    // A refusal settles nothing, even the ended holds.
    given(held('e1'), held('e2'), accepted('e4'))
      .when({
        type: 'HoldJoinRequest',
        opportunityId: 'e3',
        dates: { ...dates, startDate: '2026-11-30' },
        ended: ['e2'],
      })
      .thenFails('VolunteerJoinedAnotherEvent');
    // A request already held is not held twice, and nothing else moves.
    given(held('e1'), held('e2'))
      .when({ type: 'HoldJoinRequest', opportunityId: 'e2', dates, ended: ['e1'] })
      .thenEmits([]);
  });
  it('lets a reservation take over its request hold, and an undone one give it back unless the request ended', () => {
    const reservedFromHold: ScheduleEvent = {
      type: 'AcceptanceReserved',
      data: { opportunityId: 'e1', ...dates, tookHold: true },
    };
    given(held('e1')).when({ type: 'ReserveAcceptance', opportunityId: 'e1', dates }).thenEmits([reservedFromHold]);
    given(held('e1'), reservedFromHold)
      .when({ type: 'ReleaseAcceptance', opportunityId: 'e1', restoreHold: true })
      .thenEmits([{ type: 'AcceptanceReleased', data: { opportunityId: 'e1', restoredHold: true } }]);
    // The hold is back: a second pending request meets the limit again.
    given(
      held('e1'),
      reservedFromHold,
      {
        type: 'AcceptanceReleased',
        data: { opportunityId: 'e1', restoredHold: true },
      },
      held('e2'),
    )
      .when({ type: 'HoldJoinRequest', opportunityId: 'e3', dates: { startDate: '2027-01-01', endDate: '2027-01-02' } })
      .thenFails('VolunteerJoinedAnotherEvent');
    // The request ended while the acceptance was in progress (cancelled): undoing it gives nothing back.
    given(held('e1'), reservedFromHold)
      .when({ type: 'SettleJoinRequest', opportunityId: 'e1' })
      .thenEmits([{ type: 'JoinRequestSettled', data: { opportunityId: 'e1' } }]);
    given(held('e1'), reservedFromHold, { type: 'JoinRequestSettled', data: { opportunityId: 'e1' } })
      .when({ type: 'ReleaseAcceptance', opportunityId: 'e1', restoreHold: true })
      .thenEmits([{ type: 'AcceptanceReleased', data: { opportunityId: 'e1' } }]);
    // A seat holder leaving gives no hold back.
    given(held('e1'), reservedFromHold)
      .when({ type: 'ReleaseAcceptance', opportunityId: 'e1' })
      .thenEmits([{ type: 'AcceptanceReleased', data: { opportunityId: 'e1' } }]);
  });
  it('refuses a join request while accepted in an event with overlapping dates', () => {
    given(accepted('e1'))
      .when({ type: 'HoldJoinRequest', opportunityId: 'e2', dates: { startDate: '2026-12-05', endDate: '2026-12-09' } })
      .thenFails('VolunteerJoinedAnotherEvent');
  });
  it('refuses an acceptance whose dates overlap another accepted event, and allows one that does not', () => {
    given(accepted('e1'))
      .when({
        type: 'ReserveAcceptance',
        opportunityId: 'e2',
        dates: { startDate: '2026-11-28', endDate: '2026-12-01' },
      })
      .thenFails('ErrorMessageConflictEventDate');
    given(accepted('e1'))
      .when({
        type: 'ReserveAcceptance',
        opportunityId: 'e2',
        dates: { startDate: '2026-12-06', endDate: '2026-12-07' },
      })
      .thenEmits((e) => expect(e).toHaveLength(1));
  });
  it('is idempotent for the same event and frees the dates on release', () => {
    given(accepted('e1')).when({ type: 'ReserveAcceptance', opportunityId: 'e1', dates }).thenEmits([]);
    given(accepted('e1'), { type: 'AcceptanceReleased', data: { opportunityId: 'e1' } })
      .when({ type: 'ReserveAcceptance', opportunityId: 'e2', dates })
      .thenEmits((e) => expect(e).toHaveLength(1));
  });
});

describe('which transitions end a pending join request', () => {
  const statuses = [null, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
  const commands = [
    { type: 'RequestJoin' },
    { type: 'Cancel', opportunity: undefined },
    { type: 'StaffAccept', byAdmin: true, opportunity: undefined },
    { type: 'StaffReject', opportunity: undefined },
    { type: 'VolunteerAccept', opportunity: undefined },
    { type: 'VolunteerReject', opportunity: undefined },
  ] as const;
  const opportunity = {
    deleted: false,
    startDate: '2026-12-01',
    endDate: '2026-12-05',
    durationHours: 40,
    leadName: 'Lead',
    leadEmail: 'lead@example.org',
  };

  it('takes a hold exactly when a transition enters status 7 and gives it back exactly when one leaves it', () => {
    for (const status of statuses) {
      for (const c of commands) {
        let events: ParticipationEvent[];
        try {
          const state = { ...participationDecider.initialState(), status };
          events = participationDecider.decide({ ...c, opportunity } as never, state, NOW);
        } catch {
          continue; // a refused command has no event, so it moves no hold
        }
        for (const e of events) {
          const expected = status === 7 ? -1 : e.type === 'JoinRequested' ? 1 : 0;
          expect([status, c.type, pendingRequestChange(e)]).toEqual([status, c.type, expected]);
        }
      }
    }
  });
  it('names the three ways a request leaves pending: cancel, staff reject, staff accept', () => {
    const from7 = (type: ParticipationEvent['type']) =>
      pendingRequestChange({ type, data: { previousStatus: 7 } } as ParticipationEvent);
    expect(from7('ParticipationCancelled')).toBe(-1);
    expect(from7('ParticipantRejected')).toBe(-1);
    expect(from7('ParticipantAccepted')).toBe(-1);
    expect(pendingRequestChange({ type: 'JoinRequested', data: { previousStatus: 6, at: '' } })).toBe(1);
    expect(pendingRequestChange({ type: 'HoursApproved', data: { hoursId: 'h' } })).toBe(0);
  });
  it('counts a request as ended when its event is deleted, rejected, past its end date or stopped', () => {
    const live = {
      exists: true,
      approval: 'approved',
      status: 0,
      invitationsStopped: false,
      endDate: '2026-11-22',
    };
    expect(joinRequestEnded(live, NOW)).toBe(false);
    expect(joinRequestEnded({ ...live, status: 4 }, NOW)).toBe(true);
    expect(joinRequestEnded({ ...live, approval: 'rejected' }, NOW)).toBe(true);
    expect(joinRequestEnded({ ...live, approval: 'pendingDelete' }, NOW)).toBe(true);
    expect(joinRequestEnded({ ...live, endDate: '2026-11-21' }, NOW)).toBe(true);
    expect(joinRequestEnded({ ...live, invitationsStopped: true }, NOW)).toBe(true);
    expect(joinRequestEnded({ ...live, exists: false }, NOW)).toBe(true);
  });
});
