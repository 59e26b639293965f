import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { opportunityDetails } from '../../tests/support/command-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { on, projectionSpec } from '../../tests/support/projection-spec.ts';
import { opportunitiesProjection } from './opportunities.ts';

describe('the opportunities projection (given events, then rows)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const spec = () => projectionSpec(t, store, opportunitiesProjection);
  const columns = [
    'code',
    'approval',
    'status',
    'start_date::text as start_date',
    'max_contributions',
    'seats_taken',
    'approved_hours::int as approved_hours',
  ];

  beforeAll(async () => {
    t = await createTestDatabase('opportunities_spec');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  it('an approved event counts the seats taken and freed and the hours approved', async () => {
    const id = randomUUID();
    const stream = `opportunity-${id}`;
    const details = opportunityDetails({ code: 'EV-SEATS', startDate: '2026-12-01', maxContributions: 10 });
    await spec()
      .given(
        on(stream, 'OpportunityCreated', { details }),
        on(stream, 'OpportunityApproved', { previous: 'pending' }),
        on(stream, 'SeatTaken', { volunteerId: 'v1' }),
        on(stream, 'SeatTaken', { volunteerId: 'v2' }),
        on(stream, 'SeatFreed', { volunteerId: 'v1' }),
        on(stream, 'HoursApprovedCounted', { volunteerId: 'v2', hours: 6 }),
      )
      .thenRows('opportunities', { columns, where: { opportunity_id: id } }, [
        {
          code: 'EV-SEATS',
          approval: 'approved',
          status: 0,
          start_date: '2026-12-01',
          max_contributions: 10,
          seats_taken: 1,
          approved_hours: 6,
        },
      ]);
  });

  it('an edit rewrites the columns, a lowered capacity too, and a deletion sets status 4', async () => {
    const id = randomUUID();
    const stream = `opportunity-${id}`;
    const details = opportunityDetails({ code: 'EV-EDIT', startDate: '2026-12-01' });
    await spec()
      .given(
        on(stream, 'OpportunityCreated', { details }),
        on(stream, 'OpportunityEdited', {
          details: { ...details, code: 'EV-EDITED', startDate: '2026-12-03' },
          changes: [{ field: 'code', from: 'EV-EDIT', to: 'EV-EDITED' }],
        }),
        on(stream, 'MaxContributionsChanged', { from: 10, to: 4, stopInvitations: false }),
        on(stream, 'OpportunityDeleteRequested', { reason: 'duplicate' }),
        on(stream, 'OpportunityDeleted', { reason: 'duplicate', previousStatus: 0 }),
      )
      .thenRows('opportunities', { columns, where: { opportunity_id: id } }, [
        {
          code: 'EV-EDITED',
          approval: 'pendingDelete',
          status: 4,
          start_date: '2026-12-03',
          max_contributions: 4,
          seats_taken: 0,
          approved_hours: 0,
        },
      ]);
  });
});
