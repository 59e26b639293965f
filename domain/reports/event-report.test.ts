import { describe, expect, it } from 'vitest';
import type { OpportunityEvent } from '../opportunity/decide.ts';
import type { OpportunityDetails } from '../opportunity/rules.ts';
import type { ParticipationEvent } from '../participation/decide.ts';
import { type EventHistory, foldEventReport, type Timed } from './event-report.ts';

const details = {
  code: 'EV-1',
  nameAr: 'فعالية',
  nameEn: 'An event',
  startDate: '2026-03-01',
  endDate: '2026-03-10',
  maxContributions: 5,
} as OpportunityDetails;
const t = <E>(event: E, occurredAt: string): Timed<E> => ({ event, occurredAt });
const ev = (type: ParticipationEvent['type'], data: object): ParticipationEvent =>
  ({ type, data }) as ParticipationEvent;
const hours = (hoursId: string, h: number, rating: number, review = '') =>
  ev('HoursRecorded', {
    hoursId,
    hours: h,
    casesHandled: 2,
    checkIn: '2026-03-02T08:00:00Z',
    checkOut: '2026-03-02T20:00:00Z',
    rating,
    review,
  });
const accepted = (day: string) => [
  t(ev('ParticipantInvited', { at: `${day}T08:00:00Z`, previousStatus: null }), `${day}T08:00:00Z`),
  t(ev('InvitationAcceptedByVolunteer', { previousStatus: 1 }), `${day}T09:00:00Z`),
  t(ev('ParticipantAccepted', { previousStatus: 2, reversal: false }), `${day}T10:00:00Z`),
];

const history: EventHistory = {
  opportunity: [t({ type: 'OpportunityCreated', data: { details } } as OpportunityEvent, '2026-02-20T10:00:00Z')],
  participations: [
    {
      // a: attended, 6 h approved (rated 5) then 3 h pending (rated 3); one incident.
      volunteerId: 'a',
      events: [
        ...accepted('2026-02-21'),
        t(ev('CheckedIn', { at: '2026-03-02T08:00:00Z' }), '2026-03-02T08:00:00Z'),
        t(hours('a1', 6, 5, 'great'), '2026-03-02T21:00:00Z'),
        t(ev('HoursApproved', { hoursId: 'a1' }), '2026-03-03T09:00:00Z'),
        t(ev('IncidentRecorded', { incident: {}, submitted: true }), '2026-03-03T10:00:00Z'),
        t(hours('a2', 3, 3), '2026-03-04T21:00:00Z'),
      ],
    },
    {
      // b: absent.
      volunteerId: 'b',
      events: [
        ...accepted('2026-02-22'),
        t(ev('ParticipantMarkedAbsent', { previousStatus: 4 }), '2026-03-05T09:00:00Z'),
      ],
    },
    {
      // c: 4 h rejected (rated 2, not counted), then released with 2 h approved (rated 4).
      volunteerId: 'c',
      events: [
        ...accepted('2026-02-22'),
        t(hours('c1', 4, 2), '2026-03-02T21:00:00Z'),
        t(ev('HoursRejected', { hoursId: 'c1' }), '2026-03-03T09:00:00Z'),
        t(hours('c2', 2, 4), '2026-03-03T21:00:00Z'),
        t(ev('HoursApproved', { hoursId: 'c2' }), '2026-03-04T09:00:00Z'),
        t(ev('ParticipantReleased', { previousStatus: 4 }), '2026-03-06T09:00:00Z'),
      ],
    },
    {
      // d: invited only.
      volunteerId: 'd',
      events: [
        t(ev('ParticipantInvited', { at: '2026-03-04T08:00:00Z', previousStatus: null }), '2026-03-04T08:00:00Z'),
      ],
    },
  ],
};

describe('one event report (a pure fold of its streams)', () => {
  it('counts the roster, attendance, hours, ratings and incidents as computed by hand', () => {
    const r = foldEventReport(history, null);
    expect(r.event).toMatchObject({ code: 'EV-1', nameEn: 'An event', maxContributions: 5 });
    expect(r.roster.map((p) => [p.volunteerId, p.status, p.attendance])).toEqual([
      ['a', 4, 'attended'],
      ['b', 9, 'absent'],
      ['c', 8, 'released'],
      ['d', 1, 'none'],
    ]);
    const a = r.roster[0]!;
    expect([a.approvedHours, a.pendingHours, a.rating, a.casesHandled, a.incidents, a.reviews]).toEqual([
      6,
      3,
      4,
      4,
      1,
      ['great'],
    ]);
    expect(r.roster[2]).toMatchObject({ approvedHours: 2, rejectedHours: 4, rating: 4 });
    expect(r.totals).toEqual({
      participants: 4,
      byStatus: { 1: 1, 4: 1, 8: 1, 9: 1 },
      attendance: { attended: 1, expected: 0, absent: 1, released: 1, none: 1 },
      hours: { approved: 8, pending: 3, rejected: 4 },
      casesHandled: 6,
      ratings: { count: 2, average: 4, distribution: [0, 0, 0, 2, 0] },
      incidents: 1,
    });
  });

  it('as of a past moment keeps only what had happened by then', () => {
    const r = foldEventReport(history, '2026-03-03T09:30:00Z');
    expect(r.roster.map((p) => [p.volunteerId, p.status, p.attendance])).toEqual([
      ['a', 4, 'attended'],
      ['b', 4, 'expected'],
      ['c', 4, 'expected'],
    ]);
    expect(r.totals.hours).toEqual({ approved: 6, pending: 0, rejected: 4 });
    expect(r.totals.incidents).toBe(0);
    // The boundary is inclusive: an event at exactly asOf counts.
    expect(foldEventReport(history, '2026-03-03T10:00:00Z').totals.incidents).toBe(1);
  });

  it('before the event was created there is no event and nobody on the roster', () => {
    const r = foldEventReport(history, '2026-02-01T00:00:00Z');
    expect(r.event).toBeNull();
    expect(r.totals.participants).toBe(0);
    expect(r.totals.ratings.average).toBeNull();
  });
});
