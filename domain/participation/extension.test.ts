import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { type OpportunityView, type ParticipationEvent, participationDecider, seatChange } from './decide.ts';
import { type ScheduleEvent, scheduleDecider } from './schedule.ts';
import { type ParticipationStatus, ParticipationStatus as S } from './status.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const given = specFor(participationDecider, () => NOW);
const onSchedule = specFor(scheduleDecider, () => NOW);

/** The event after its end date moved from 2026-11-30 to 2026-12-04. */
const extended: OpportunityView = {
  deleted: false,
  startDate: '2026-11-20',
  endDate: '2026-12-04',
  durationHours: 60,
  leadName: 'Khalid',
  leadEmail: 'lead@example.org',
};
const expired: OpportunityView = { ...extended, startDate: '2026-11-01', endDate: '2026-11-21' };
const deleted: OpportunityView = { ...extended, deleted: true };

const ev = (type: string, previousStatus: ParticipationStatus | null, extra: object = {}): ParticipationEvent =>
  ({ type, data: { previousStatus, at: NOW.toISOString(), reversal: false, ...extra } }) as ParticipationEvent;
/** Invited, accepted by the volunteer, accepted by staff: status 4, holding a seat. */
const seated: ParticipationEvent[] = [
  ev('ParticipantInvited', null),
  ev('InvitationAcceptedByVolunteer', 1),
  ev('ParticipantAccepted', 2),
];
const offered = (previousEndDate: string, newEndDate: string): ParticipationEvent => ({
  type: 'ExtensionOffered',
  data: { previousEndDate, newEndDate },
});
const offer = (previousEndDate: string, newEndDate: string) => ({
  type: 'OfferExtension' as const,
  previousEndDate,
  newEndDate,
  opportunity: extended,
});

describe('an extension is offered to a volunteer holding a seat (status 4)', () => {
  it('offers the later end date to a volunteer accepted by staff', () => {
    given(...seated)
      .when(offer('2026-11-30', '2026-12-04'))
      .thenEmits([offered('2026-11-30', '2026-12-04')]);
  });

  it.each<[string, ParticipationEvent[]]>([
    ['never invited', []],
    ['invited only (1)', seated.slice(0, 1)],
    ['waiting for staff (2)', seated.slice(0, 2)],
    ['asked to be released (10)', [...seated, ev('ReleaseRequested', 4)]],
    ['declined an earlier extension (3)', [...seated, offered('2026-11-30', '2026-12-02'), ev('ExtensionDeclined', 4)]],
  ])('refuses a volunteer who is %s', (_name, history) => {
    given(...history)
      .when(offer('2026-11-30', '2026-12-04'))
      .thenFails('InvalidStatusChange');
  });

  it('refuses an end date that is not later', () => {
    given(...seated)
      .when(offer('2026-11-30', '2026-11-30'))
      .thenFails('InvalidEventDates');
  });

  it('refuses an offer on a deleted event', () => {
    given(...seated)
      .when({ ...offer('2026-11-30', '2026-12-04'), opportunity: deleted })
      .thenFails('event_deleted');
  });

  it('appends nothing when the same offer is made again', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'))
      .when(offer('2026-11-30', '2026-12-04'))
      .thenEmits([]);
  });

  it('replaces an unanswered offer with a newer one, from the end date the volunteer last agreed to', () => {
    given(...seated, offered('2026-11-30', '2026-12-02'))
      .when(offer('2026-12-02', '2026-12-04'))
      .thenEmits([offered('2026-11-30', '2026-12-04')]);
  });

  it('starts from the agreed end date again once the earlier offer was continued', () => {
    given(...seated, offered('2026-11-30', '2026-12-02'), {
      type: 'ExtensionAccepted',
      data: { previousEndDate: '2026-11-30', newEndDate: '2026-12-02' },
    })
      .when(offer('2026-12-02', '2026-12-04'))
      .thenEmits([offered('2026-12-02', '2026-12-04')]);
  });
});

describe('type 16 "continue": the volunteer stays for the extended dates', () => {
  it('accepts the open offer; the status stays 4 and the seat is kept', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'))
      .when({ type: 'ContinueExtension', opportunity: extended })
      .thenEmits((events) => {
        expect(events).toEqual([
          { type: 'ExtensionAccepted', data: { previousEndDate: '2026-11-30', newEndDate: '2026-12-04' } },
        ]);
        const after = [...seated, offered('2026-11-30', '2026-12-04'), ...events].reduce(
          participationDecider.evolve,
          participationDecider.initialState(),
        );
        expect(after.status).toBe(S.AcceptedStaff);
        expect(after.extension).toBeNull();
        expect(events.map(seatChange)).toEqual([0]);
      });
  });

  it('refuses without an open offer (Error_CheckEventStatus)', () => {
    given(...seated)
      .when({ type: 'ContinueExtension', opportunity: extended })
      .thenFails('Error_CheckEventStatus');
  });

  it('refuses a second answer to the same offer', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'), {
      type: 'ExtensionAccepted',
      data: { previousEndDate: '2026-11-30', newEndDate: '2026-12-04' },
    })
      .when({ type: 'ContinueExtension', opportunity: extended })
      .thenFails('Error_CheckEventStatus');
  });

  it('refuses once the volunteer left status 4 (the offer closed with it)', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'), ev('ParticipantMarkedAbsent', 4))
      .when({ type: 'ContinueExtension', opportunity: extended })
      .thenFails('Error_CheckEventStatus');
  });

  it('answers a deleted event with event_deleted', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'))
      .when({ type: 'ContinueExtension', opportunity: deleted })
      .thenFails('event_deleted');
  });

  it('answers an ended event with event_expired', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'))
      .when({ type: 'ContinueExtension', opportunity: expired })
      .thenFails('event_expired');
  });
});

describe('type 16 "do not continue": the volunteer leaves the event', () => {
  it('declines the open offer: 4 → 3 (RejectedVolunteer), the seat is freed, recorded hours stay', () => {
    const hours: ParticipationEvent = {
      type: 'HoursRecorded',
      data: {
        hoursId: 'h1',
        hours: 5,
        casesHandled: 2,
        checkIn: '2026-11-21T08:00:00Z',
        checkOut: '2026-11-21T13:00:00Z',
        rating: 4,
        review: '',
      },
    };
    const history = [...seated, hours, offered('2026-11-30', '2026-12-04')];
    given(...history)
      .when({ type: 'DeclineExtension', opportunity: extended })
      .thenEmits((events) => {
        expect(events).toEqual([
          {
            type: 'ExtensionDeclined',
            data: { previousEndDate: '2026-11-30', newEndDate: '2026-12-04', previousStatus: S.AcceptedStaff },
          },
        ]);
        expect(events.map(seatChange)).toEqual([-1]);
        const after = [...history, ...events].reduce(participationDecider.evolve, participationDecider.initialState());
        expect(after.status).toBe(S.RejectedVolunteer);
        expect(after.hours.map((h) => h.hoursId)).toEqual(['h1']);
        expect(after.extension).toBeNull();
      });
  });

  it('refuses without an open offer', () => {
    given(...seated)
      .when({ type: 'DeclineExtension', opportunity: extended })
      .thenFails('InvalidStatusChange');
  });

  it('refuses after the offer was continued', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'), {
      type: 'ExtensionAccepted',
      data: { previousEndDate: '2026-11-30', newEndDate: '2026-12-04' },
    })
      .when({ type: 'DeclineExtension', opportunity: extended })
      .thenFails('InvalidStatusChange');
  });

  it('answers deleted and ended events with their catalogue codes', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'))
      .when({ type: 'DeclineExtension', opportunity: deleted })
      .thenFails('event_deleted');
    given(...seated, offered('2026-11-30', '2026-12-04'))
      .when({ type: 'DeclineExtension', opportunity: expired })
      .thenFails('event_expired');
  });

  it('lets the volunteer ask to join again later (3 → 7)', () => {
    given(...seated, offered('2026-11-30', '2026-12-04'), ev('ExtensionDeclined', 4, { newEndDate: '2026-12-04' }))
      .when({ type: 'RequestJoin' })
      .thenEmits((events) => expect(events.map((e) => e.type)).toEqual(['JoinRequested']));
  });
});

describe("the volunteer's schedule takes the extended dates only without overlap", () => {
  const reserved = (opportunityId: string, startDate: string, endDate: string): ScheduleEvent => ({
    type: 'AcceptanceReserved',
    data: { opportunityId, startDate, endDate },
  });

  it('moves the accepted dates of the event', () => {
    onSchedule(reserved('e1', '2026-11-20', '2026-11-30'))
      .when({
        type: 'RescheduleAcceptance',
        opportunityId: 'e1',
        dates: { startDate: '2026-11-20', endDate: '2026-12-04' },
      })
      .thenEmits([
        {
          type: 'AcceptanceRescheduled',
          data: {
            opportunityId: 'e1',
            startDate: '2026-11-20',
            endDate: '2026-12-04',
            previous: { startDate: '2026-11-20', endDate: '2026-11-30' },
          },
        },
      ]);
  });

  it('refuses dates that now overlap another accepted event (ErrorMessageConflictEventDate)', () => {
    onSchedule(reserved('e1', '2026-11-20', '2026-11-30'), reserved('e2', '2026-12-03', '2026-12-06'))
      .when({
        type: 'RescheduleAcceptance',
        opportunityId: 'e1',
        dates: { startDate: '2026-11-20', endDate: '2026-12-04' },
      })
      .thenFails('ErrorMessageConflictEventDate');
  });

  it('appends nothing when the dates are already the held ones', () => {
    onSchedule(reserved('e1', '2026-11-20', '2026-12-04'))
      .when({
        type: 'RescheduleAcceptance',
        opportunityId: 'e1',
        dates: { startDate: '2026-11-20', endDate: '2026-12-04' },
      })
      .thenEmits([]);
  });

  it('moves nothing once the acceptance left the schedule (released meanwhile)', () => {
    onSchedule(reserved('e1', '2026-11-20', '2026-11-30'), {
      type: 'AcceptanceReleased',
      data: { opportunityId: 'e1' },
    })
      .when({
        type: 'RescheduleAcceptance',
        opportunityId: 'e1',
        dates: { startDate: '2026-11-20', endDate: '2026-11-30' },
      })
      .thenEmits([]);
  });

  it('keeps the rescheduled dates for the next acceptance check', () => {
    onSchedule(reserved('e1', '2026-11-20', '2026-11-30'), {
      type: 'AcceptanceRescheduled',
      data: { opportunityId: 'e1', startDate: '2026-11-20', endDate: '2026-12-04' },
    })
      .when({
        type: 'ReserveAcceptance',
        opportunityId: 'e2',
        dates: { startDate: '2026-12-02', endDate: '2026-12-03' },
      })
      .thenFails('ErrorMessageConflictEventDate');
  });
});
