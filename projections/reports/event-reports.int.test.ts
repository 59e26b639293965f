import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { on, projectionSpec } from '../../tests/support/projection-spec.ts';
import { eventReportsProjection } from './event-reports.ts';

describe('the event reports projection: each participation’s figures with validity periods (given events, then rows)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    t = await createTestDatabase('event_reports_spec');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });
  const columns = [
    "to_char(valid_from at time zone 'UTC', 'MM-DD HH24:MI') as from",
    "to_char(valid_to at time zone 'UTC', 'MM-DD HH24:MI') as to",
    'status',
    'attendance',
    'approved_hours::float8 as approved',
    'pending_hours::float8 as pending',
    'rating::float8 as rating',
  ];
  const when = (iso: string) => ({ occurredAt: iso });

  it('opens a period at each change, closes the one before, and merges events of one moment', async () => {
    const [event, volunteer] = [randomUUID(), randomUUID()];
    const s = `participation-${event}_${volunteer}`;
    const entry = {
      hoursId: 'h1',
      hours: 5,
      casesHandled: 1,
      checkIn: '2026-01-11T08:00:00Z',
      checkOut: '2026-01-11T16:00:00Z',
      rating: 3,
      review: '',
    };
    await projectionSpec(t, store, eventReportsProjection)
      .given(
        on(s, 'ParticipantInvited', { at: '2026-01-02T09:00:00Z', previousStatus: null }, when('2026-01-02T09:00:00Z')),
        // Same moment: no period of its own.
        on(s, 'InvitationAcceptedByVolunteer', { previousStatus: 1 }, when('2026-01-02T09:00:00Z')),
        on(s, 'ParticipantAccepted', { previousStatus: 2, reversal: false }, when('2026-01-03T10:00:00Z')),
        // Changes nothing a report shows: the current period takes it in place.
        on(
          s,
          'ExtensionOffered',
          { previousEndDate: '2026-01-20', newEndDate: '2026-01-22' },
          when('2026-01-04T10:00:00Z'),
        ),
        on(s, 'HoursRecorded', entry, when('2026-01-11T19:00:00Z')),
        on(s, 'HoursApproved', { hoursId: 'h1' }, when('2026-01-12T09:00:00Z')),
      )
      .thenRows('report_participants', { columns, where: { volunteer_id: volunteer }, orderBy: 'valid_from' }, [
        {
          from: '01-02 09:00',
          to: '01-03 10:00',
          status: 2,
          attendance: 'none',
          approved: 0,
          pending: 0,
          rating: null,
        },
        {
          from: '01-03 10:00',
          to: '01-11 19:00',
          status: 4,
          attendance: 'expected',
          approved: 0,
          pending: 0,
          rating: null,
        },
        {
          from: '01-11 19:00',
          to: '01-12 09:00',
          status: 4,
          attendance: 'expected',
          approved: 0,
          pending: 5,
          rating: 3,
        },
        { from: '01-12 09:00', to: null, status: 4, attendance: 'attended', approved: 5, pending: 0, rating: 3 },
      ]);
  });

  it('keeps each event’s listed fields with validity periods: a version a moment, from its creation', async () => {
    const id = randomUUID();
    const details = {
      code: 'EV-R1',
      nameAr: 'فعالية',
      nameEn: 'Event',
      visibility: 1,
      regionIds: [2],
      cityIds: [],
      startDate: '2026-01-10',
      endDate: '2026-01-20',
    };
    const renamed = { ...details, nameAr: 'فعالية جديدة', nameEn: 'Renamed', startDate: '2026-01-11' };
    const s = `opportunity-${id}`;
    await projectionSpec(t, store, eventReportsProjection)
      .given(
        on(s, 'OpportunityCreated', { details }, when('2026-01-01T06:00:00Z')),
        on(s, 'OpportunityStatusChanged', { from: 0, to: 2 }, when('2026-01-10T00:00:00Z')),
        // Same moment: the current version takes it in place.
        on(s, 'OpportunityEdited', { details: renamed, changes: [] }, when('2026-01-10T00:00:00Z')),
        on(s, 'OpportunityDeleted', { reason: 'x', previousStatus: 2 }, when('2026-01-15T00:00:00Z')),
      )
      .thenRows(
        'report_events',
        {
          columns: [
            "to_char(valid_from at time zone 'UTC', 'MM-DD') as from",
            "to_char(valid_to at time zone 'UTC', 'MM-DD') as to",
            'name_en',
            "to_char(start_date, 'MM-DD') as start",
            'status',
            'region_ids',
          ],
          where: { opportunity_id: id },
          orderBy: 'valid_from',
        },
        [
          { from: '01-01', to: '01-10', name_en: 'Event', start: '01-10', status: 0, region_ids: [2] },
          { from: '01-10', to: '01-15', name_en: 'Renamed', start: '01-11', status: 2, region_ids: [2] },
          { from: '01-15', to: null, name_en: 'Renamed', start: '01-11', status: 4, region_ids: [2] },
        ],
      );
  });
});
