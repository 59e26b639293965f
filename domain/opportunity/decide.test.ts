import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../lookups/testing.ts';
import { CLIENTS } from '../shared/clients.ts';
import { specFor } from '../shared/testing.ts';
import { type OpportunityEvent, opportunityDecider } from './decide.ts';
import { datesOverlap, type OpportunityDetails, statusByDates, validateOpportunity } from './rules.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const given = specFor(opportunityDecider, () => NOW);
const client = CLIENTS.MOH;
const lookups = seedSnapshot();

const details = (over: Partial<OpportunityDetails> = {}): OpportunityDetails => ({
  code: 'EV-001',
  nameAr: 'حملة التوعية الصحية',
  nameEn: 'Health awareness campaign',
  leadName: 'خالد الحربي',
  leadMobile: '0551234567',
  leadEmail: 'lead@example.org',
  visibility: 0,
  regionIds: [],
  cityIds: [],
  maxInvitations: 20,
  maxContributions: 2,
  startDate: '2026-11-25',
  endDate: '2026-11-30',
  gender: 3,
  timePeriod: 3,
  volunteeringDays: [0, 1, 2],
  attendanceType: 1,
  maxHours: 8,
  ...over,
});
const codes = (over: Partial<OpportunityDetails>, creating = true) =>
  validateOpportunity(details(over), client, NOW, creating).map((i) => `${i.path}:${i.code}`);
const created = (over: Partial<OpportunityDetails> = {}): OpportunityEvent => ({
  type: 'OpportunityCreated',
  data: { details: details(over) },
});
const seat = (v: string): OpportunityEvent => ({ type: 'SeatTaken', data: { volunteerId: v } });

describe('event rules (section 5)', () => {
  it('accepts a complete event starting in 3 days', () => {
    expect(codes({})).toEqual([]);
  });
  it.each<[string, Partial<OpportunityDetails>, string]>([
    ['start at least 3 days after today', { startDate: '2026-11-24' }, 'startDate:EventStartTooSoon'],
    ['start not after end', { startDate: '2026-12-05', endDate: '2026-12-01' }, 'endDate:InvalidEventDates'],
    [
      'cannot add an already expired event',
      { startDate: '2026-11-01', endDate: '2026-11-21' },
      'endDate:event_expired',
    ],
    ['max invitation count > 0', { maxInvitations: 0 }, 'maxInvitations:InvalidCount'],
    ['max contribution count > 0', { maxContributions: 0 }, 'maxContributions:InvalidCount'],
    [
      'registration start not after registration end',
      { registrationStart: '2026-11-24', registrationEnd: '2026-11-23' },
      'registrationEnd:InvalidEventDates',
    ],
    ['min target less than max target', { minTarget: 10, maxTarget: 10 }, 'minTarget:InvalidTargetRange'],
    ['lead mobile required ("Please enter mobile number")', { leadMobile: '' }, 'leadMobile:EventLeadMobileRequired'],
    ['lead mobile 10 digits starting 05', { leadMobile: '5551234567' }, 'leadMobile:InvalidMobile'],
    ['a region for region visibility', { visibility: 1 }, 'regionIds:AllFieldsRequired'],
    ['a city for city visibility', { visibility: 2 }, 'cityIds:AllFieldsRequired'],
    ['names required', { nameAr: ' ' }, 'nameAr:AllFieldsRequired'],
  ])('%s', (_name, over, expected) => {
    expect(codes(over)).toContain(expected);
  });
  it('applies the company e-mail domain for the giga-project client', () => {
    expect(validateOpportunity(details(), CLIENTS.NEOM, NOW, true)).toContainEqual({
      path: 'leadEmail',
      code: 'InvalidEmail',
    });
    expect(validateOpportunity(details({ leadEmail: 'lead@neom.com' }), CLIENTS.NEOM, NOW, true)).toEqual([]);
  });
  describe('the create-event year allowance (the red crescent only)', () => {
    const srca = (over: Partial<OpportunityDetails>) =>
      validateOpportunity(details(over), CLIENTS.SRCA, NOW, true).map((i) => `${i.path}:${i.code}`);
    it('lets the red crescent create an event starting today, tomorrow or earlier this year, not yet ended', () => {
      expect(CLIENTS.SRCA.createEventYearAllowance).toBe(true);
      expect(srca({ startDate: '2026-11-22' })).toEqual([]);
      expect(srca({ startDate: '2026-11-23' })).toEqual([]);
      expect(srca({ startDate: '2026-01-01', endDate: '2026-11-22' })).toEqual([]);
    });
    it('creates an event begun today as active at once', () => {
      given()
        .when({ type: 'Create', details: details({ startDate: '2026-11-22' }), client: CLIENTS.SRCA, lookups })
        .thenEmits([
          { type: 'OpportunityCreated', data: { details: details({ startDate: '2026-11-22' }) } },
          { type: 'OpportunityStatusChanged', data: { from: 0, to: 2 } },
        ]);
    });
    it('still refuses an event that has ended, or one begun last year', () => {
      expect(srca({ startDate: '2026-11-01', endDate: '2026-11-21' })).toEqual(['endDate:event_expired']);
      expect(srca({ startDate: '2025-12-31', endDate: '2026-12-31' })).toEqual(['startDate:EventStartTooSoon']);
    });
    it('keeps the three days of lead into next year, and for the other clients', () => {
      const late = new Date('2026-12-30T09:00:00.000Z');
      const next = details({ startDate: '2027-01-01', endDate: '2027-01-05' });
      expect(validateOpportunity(next, CLIENTS.SRCA, late, true)).toContainEqual({
        path: 'startDate',
        code: 'EventStartTooSoon',
      });
      for (const c of [CLIENTS.MOH, CLIENTS.NEOM]) {
        expect(c.createEventYearAllowance).toBe(false);
        expect(validateOpportunity(details({ startDate: '2026-11-23' }), c, NOW, true)).toContainEqual({
          path: 'startDate',
          code: 'EventStartTooSoon',
        });
      }
    });
  });
  it('keeps the start rule for creation only', () => {
    expect(codes({ startDate: '2026-11-23' }, false)).toEqual([]);
  });
  it('derives the status from the dates and finds overlapping ranges', () => {
    expect(statusByDates('2026-11-25', '2026-11-30', NOW)).toBe(0);
    expect(statusByDates('2026-11-22', '2026-11-30', NOW)).toBe(2);
    expect(statusByDates('2026-11-01', '2026-11-21', NOW)).toBe(3);
    expect(
      datesOverlap(
        { startDate: '2026-11-01', endDate: '2026-11-05' },
        { startDate: '2026-11-05', endDate: '2026-11-09' },
      ),
    ).toBe(true);
    expect(
      datesOverlap(
        { startDate: '2026-11-01', endDate: '2026-11-05' },
        { startDate: '2026-11-06', endDate: '2026-11-09' },
      ),
    ).toBe(false);
  });
});

describe('bounds the event owns (what its read model columns hold)', () => {
  it.each<[string, Partial<OpportunityDetails>, string]>([
    ['a start day that does not exist', { startDate: '2026-02-30' }, 'startDate:InvalidDate'],
    ['an end day that does not exist', { endDate: '2026-11-31' }, 'endDate:InvalidDate'],
    ['a registration day that does not exist', { registrationEnd: '2026-13-01' }, 'registrationEnd:InvalidDate'],
    ['an end day beyond the date pickers', { endDate: '9999-12-31' }, 'endDate:InvalidDate'],
    ['a time of day as a date', { startDate: '08:00' }, 'startDate:InvalidDate'],
    ['a capacity beyond int4', { maxContributions: 2 ** 31 }, 'maxContributions:InvalidCount'],
    ['a fractional capacity', { maxInvitations: 1.5 }, 'maxInvitations:InvalidCount'],
    ['a negative target', { minTarget: -1 }, 'minTarget:InvalidCount'],
    ['a region id beyond int4', { visibility: 1, regionIds: [2 ** 31] }, 'regionIds:InvalidNumber'],
    ['a category id beyond int4', { categoryId: 2 ** 53 }, 'categoryId:InvalidNumber'],
  ])('refuses %s', (_name, over, expected) => {
    expect(codes(over)).toContain(expected);
  });
  it('refuses creating an event on a day that does not exist, and writes nothing', () => {
    given()
      .when({ type: 'Create', details: details({ endDate: '2026-11-31' }), client, lookups })
      .thenFails('InvalidDate');
  });
});

describe('an event', () => {
  it('is created pending approval, then approved', () => {
    given().when({ type: 'Create', details: details(), client, lookups }).thenEmits([created()]);
    given(created())
      .when({ type: 'Approve' })
      .thenEmits([{ type: 'OpportunityApproved', data: { previous: 'pending' } }]);
  });
  it('moves upcoming → active → closed with the dates', () => {
    const activeNow = new Date('2026-11-26T09:00:00Z');
    given(created())
      .when({ type: 'UpdateStatusByDate' }, activeNow)
      .thenEmits([{ type: 'OpportunityStatusChanged', data: { from: 0, to: 2 } }]);
    given(created()).when({ type: 'UpdateStatusByDate' }).thenEmits([]);
  });
  it('gives a seat while there is room and refuses the next with ExceededApprovalLimit', () => {
    given(created(), seat('v1'))
      .when({ type: 'TakeSeat', volunteerId: 'v2', confirmRaise: false })
      .thenEmits([seat('v2')]);
    given(created(), seat('v1'), seat('v2'))
      .when({ type: 'TakeSeat', volunteerId: 'v3', confirmRaise: false })
      .thenFails('ExceededApprovalLimit');
  });
  it('raises the contribution count when the staff member confirms', () => {
    given(created(), seat('v1'), seat('v2'))
      .when({ type: 'TakeSeat', volunteerId: 'v3', confirmRaise: true })
      .thenEmits([{ type: 'MaxContributionsChanged', data: { from: 2, to: 3, stopInvitations: false } }, seat('v3')]);
  });
  it('counts invitations up to the maximum, and raises it only on confirmation', () => {
    const full = Array.from(
      { length: 20 },
      (_, i): OpportunityEvent => ({ type: 'VolunteerInvitedCounted', data: { volunteerId: `v${i}` } }),
    );
    given(created(), ...full)
      .when({ type: 'CountInvitation', volunteerId: 'x', confirmRaise: false })
      .thenFails('InvitationExceededMax');
    given(created(), ...full)
      .when({ type: 'CountInvitation', volunteerId: 'x', confirmRaise: true })
      .thenEmits((e) => expect(e[0]).toEqual({ type: 'MaxInvitationsRaised', data: { from: 20, to: 21 } }));
  });
  it('stops invitations: max contributions := the accepted count', () => {
    given(created(), seat('v1'))
      .when({ type: 'StopInvitations' })
      .thenEmits([{ type: 'MaxContributionsChanged', data: { from: 2, to: 1, stopInvitations: true } }]);
  });
  it('invites no one once the accepted volunteers fill the event (after stopping invitations, for one)', () => {
    const stopped: OpportunityEvent = {
      type: 'MaxContributionsChanged',
      data: { from: 2, to: 1, stopInvitations: true },
    };
    given(created(), seat('v1'), stopped)
      .when({ type: 'CountInvitation', volunteerId: 'x', confirmRaise: true })
      .thenFails('ExceededApprovalLimit');
    given(created(), seat('v1'))
      .when({ type: 'CountInvitation', volunteerId: 'x', confirmRaise: false })
      .thenEmits([{ type: 'VolunteerInvitedCounted', data: { volunteerId: 'x' } }]);
  });
  it('deletes with a reason; with accepted volunteers it waits for approval', () => {
    given(created()).when({ type: 'Delete', reason: '' }).thenFails('DeleteReasonRequired');
    given(created())
      .when({ type: 'Delete', reason: 'ألغيت' })
      .thenEmits([{ type: 'OpportunityDeleted', data: { reason: 'ألغيت', previousStatus: 0 } }]);
    given(created(), seat('v1'))
      .when({ type: 'Delete', reason: 'x' })
      .thenEmits([{ type: 'OpportunityDeleteRequested', data: { reason: 'x' } }]);
    given(created(), seat('v1'), { type: 'OpportunityDeleteRequested', data: { reason: 'x' } })
      .when({ type: 'ConfirmDelete' })
      .thenEmits((e) => expect(e[0]!.type).toBe('OpportunityDeleted'));
  });
  it('refuses deleting an event with approved hours or past its date', () => {
    given(created(), { type: 'HoursApprovedCounted', data: { volunteerId: 'v1', hours: 4 } })
      .when({ type: 'Delete', reason: 'x' })
      .thenFails('EventHasApprovedHours');
    given(created())
      .when({ type: 'Delete', reason: 'x' }, new Date('2026-12-02T09:00:00Z'))
      .thenFails('EventDatePassed');
  });
  it('refuses to act on a deleted event', () => {
    given(created(), { type: 'OpportunityDeleted', data: { reason: 'x', previousStatus: 0 } })
      .when({ type: 'TakeSeat', volunteerId: 'v', confirmRaise: false })
      .thenFails('event_deleted');
  });
  it('records only the changed fields of an edit, and refuses a contribution count below the accepted', () => {
    given(created())
      .when({ type: 'Edit', details: details({ nameEn: 'Awareness' }), client, lookups })
      .thenEmits((e) =>
        expect(e[0]).toMatchObject({
          type: 'OpportunityEdited',
          data: { changes: [{ field: 'nameEn', from: 'Health awareness campaign', to: 'Awareness' }] },
        }),
      );
    given(created(), seat('v1'), seat('v2'))
      .when({ type: 'Edit', details: details({ maxContributions: 1 }), client, lookups })
      .thenFails('InvalidCount');
  });
});

describe("an event follows its owner's department", () => {
  const move = (departmentId: number) => ({ type: 'MoveToDepartment' as const, ownerId: 'u2', departmentId });
  const moved = (departmentId: number, previous: number | null): OpportunityEvent => ({
    type: 'OpportunityDepartmentChanged',
    data: { ownerId: 'u2', departmentId, previous },
  });

  it('moves to the new department, recording the one before', () => {
    given(created())
      .when(move(2))
      .thenEmits([moved(2, null)]);
    given(created(), moved(2, null))
      .when(move(3))
      .thenEmits([moved(3, 2)]);
  });

  it('writes nothing when it is there already, or once deleted', () => {
    given(created(), moved(2, null)).when(move(2)).thenEmits([]);
    given(created(), { type: 'OpportunityDeleted', data: { reason: 'x', previousStatus: 0 } })
      .when(move(2))
      .thenEmits([]);
  });

  it('refuses an event that does not exist (NotFound)', () => {
    given().when(move(2)).thenFails('NotFound');
  });
});
