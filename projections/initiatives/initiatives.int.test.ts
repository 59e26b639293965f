import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { on, projectionSpec } from '../../tests/support/projection-spec.ts';
import { subscriptionsProjection } from '../subscriptions/subscriptions.ts';
import { initiativesProjection } from './initiatives.ts';

describe('the initiatives and mail-list projections (given events, then rows)', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  const columns = ['code', 'status', 'region_id', 'city_id', 'latitude', 'event_id::text as event_id', 'year'];

  beforeAll(async () => {
    t = await createTestDatabase('initiatives_spec');
    store = new PostgresEventStore(t.pool);
  });
  afterAll(async () => {
    await store.close();
    await t.drop();
  });

  const proposed = (id: string, over: object = {}) => ({
    initiativeId: id,
    code: 'IN-2026-AAAA0001',
    name: 'تشجير',
    description: 'وصف',
    details: 'تفاصيل',
    regionId: 1,
    cityId: 2,
    location: 'حديقة',
    latitude: 24.5,
    longitude: 46.5,
    proposerId: randomUUID(),
    centerSent: true,
    at: '2026-11-24T08:00:00.000Z',
    ...over,
  });

  it('a proposal is New; its approval is Received with the event it became', async () => {
    const id = randomUUID();
    const eventId = randomUUID();
    await projectionSpec(t, store, initiativesProjection)
      .given(
        on(`initiative-${id}`, 'InitiativeProposed', proposed(id)),
        on(`initiative-${id}`, 'InitiativeApproved', {
          initiativeId: id,
          eventId,
          previous: 0,
          at: '2026-11-25T08:00:00Z',
        }),
      )
      .thenRows('initiatives', { columns, where: { initiative_id: id } }, [
        {
          code: 'IN-2026-AAAA0001',
          status: 1,
          region_id: 1,
          city_id: 2,
          latitude: 24.5,
          event_id: eventId,
          year: 2026,
        },
      ]);
  });

  it('a rejection keeps its reason', async () => {
    const id = randomUUID();
    await projectionSpec(t, store, initiativesProjection)
      .given(
        on(`initiative-${id}`, 'InitiativeProposed', proposed(id)),
        on(`initiative-${id}`, 'InitiativeRejected', {
          initiativeId: id,
          reason: 'مكررة',
          previous: 0,
          at: '2026-11-25T08:00:00Z',
        }),
      )
      .thenRows('initiatives', { columns: ['status', 'reject_reason'], where: { initiative_id: id } }, [
        { status: 2, reject_reason: 'مكررة' },
      ]);
  });

  it('a stored proposal with values the columns cannot hold still applies, those columns empty', async () => {
    const id = randomUUID();
    await projectionSpec(t, store, initiativesProjection)
      .given(
        on(
          `initiative-${id}`,
          'InitiativeProposed',
          proposed(id, { regionId: 2 ** 40, cityId: 'x', latitude: 'north', proposerId: 'nobody', at: '25:99' }),
        ),
      )
      .thenRows(
        'initiatives',
        { columns: ['region_id', 'city_id', 'latitude', 'proposer_id'], where: { initiative_id: id } },
        [{ region_id: null, city_id: null, latitude: null, proposer_id: null }],
      );
  });

  it('a subscriber is pending until confirmed, and leaves by unsubscribing', async () => {
    const id = 'f'.repeat(32);
    const requested = {
      subscriptionId: id,
      email: 'a@example.com',
      language: 'en',
      confirmNonce: 'n1',
      unsubscribeNonce: 'n2',
      at: '2026-11-24T08:00:00.000Z',
    };
    const at = '2026-11-24T09:00:00.000Z';
    const rows = (...events: ReturnType<typeof on>[]) =>
      projectionSpec(t, store, subscriptionsProjection).given(...events);
    await rows(on(`subscription-${id}`, 'SubscriptionRequested', requested)).thenRows(
      'mail_subscriptions',
      { columns: ['email', 'language', 'status'], where: { subscription_id: id } },
      [{ email: 'a@example.com', language: 'en', status: 'pending' }],
    );
    await rows(on(`subscription-${id}`, 'SubscriptionConfirmed', { subscriptionId: id, at })).thenRows(
      'mail_subscriptions',
      { columns: ['status', 'confirmed_at is not null as confirmed'], where: { subscription_id: id } },
      [{ status: 'confirmed', confirmed: true }],
    );
    await rows(
      on(`subscription-${id}`, 'SubscriptionCancelled', { subscriptionId: id, previous: 'confirmed', at }),
    ).thenRows('mail_subscriptions', { columns: ['status'], where: { subscription_id: id } }, [
      { status: 'unsubscribed' },
    ]);
  });
});
