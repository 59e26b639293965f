import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../shared/clients.ts';
import type { DomainError, ErrorCode } from '../shared/errors.ts';
import { specFor } from '../shared/testing.ts';
import { assertMayJoin, type Joiner, type JoinTarget } from './join.ts';
import { type ScheduleEvent, scheduleDecider } from './schedule.ts';

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
