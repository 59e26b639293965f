import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { mailingDecider, subscriptionDecider } from './decide.ts';
import type { SubscriptionEvent } from './events.ts';
import { MAX_RECIPIENTS, mailIssues } from './rules.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(subscriptionDecider, () => NOW);
const mailing = specFor(mailingDecider, () => NOW);
const ID = 'a'.repeat(32);

const subscribe = (over: Record<string, unknown> = {}) =>
  ({
    type: 'Subscribe',
    subscriptionId: ID,
    email: ' Visitor@Example.COM ',
    language: 'ar',
    confirmNonce: 'confirm-nonce-0001',
    unsubscribeNonce: 'leave-nonce-00001',
    ...over,
  }) as const;
const requested = (n = 1): SubscriptionEvent => ({
  type: 'SubscriptionRequested',
  data: {
    subscriptionId: ID,
    email: 'visitor@example.com',
    language: 'ar',
    confirmNonce: `confirm-nonce-000${n}`,
    unsubscribeNonce: `leave-nonce-0000${n}`,
    at: AT,
  },
});
const confirmed = (): SubscriptionEvent => ({ type: 'SubscriptionConfirmed', data: { subscriptionId: ID, at: AT } });

describe('subscribing to the mail list', () => {
  it('records the request with the address normalised, pending its confirmation', () => {
    given().when(subscribe()).thenEmits([requested()]);
  });

  it('refuses an address that is not one', () => {
    given()
      .when(subscribe({ email: 'not-an-address' }))
      .thenFails('InvalidEmail');
    given()
      .when(subscribe({ email: '' }))
      .thenFails('AllFieldsRequired');
  });

  it('a confirmed subscriber asking again writes nothing', () => {
    given(requested(), confirmed()).when(subscribe()).thenEmits([]);
  });

  it('a pending request asked again gets new links (the old ones stop working)', () => {
    given(requested(1))
      .when(subscribe({ confirmNonce: 'confirm-nonce-0002', unsubscribeNonce: 'leave-nonce-00002' }))
      .thenEmits([requested(2)]);
    given(requested(1), requested(2))
      .when({ type: 'ConfirmSubscription', nonce: 'confirm-nonce-0001' })
      .thenFails('Error_WrongActivationLink');
  });

  it('an unsubscribed address may subscribe again', () => {
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancelled',
      data: { subscriptionId: ID, previous: 'confirmed', at: AT },
    };
    given(requested(1), confirmed(), cancelled)
      .when(subscribe({ confirmNonce: 'confirm-nonce-0002', unsubscribeNonce: 'leave-nonce-00002' }))
      .thenEmits([requested(2)]);
  });
});

describe('the links of the mails', () => {
  it('the confirmation link confirms once; used again it changes nothing', () => {
    given(requested()).when({ type: 'ConfirmSubscription', nonce: 'confirm-nonce-0001' }).thenEmits([confirmed()]);
    given(requested(), confirmed()).when({ type: 'ConfirmSubscription', nonce: 'confirm-nonce-0001' }).thenEmits([]);
  });

  it('a link of another request or none at all is refused', () => {
    given(requested())
      .when({ type: 'ConfirmSubscription', nonce: 'something-else-00' })
      .thenFails('Error_WrongActivationLink');
    given().when({ type: 'Unsubscribe', nonce: 'leave-nonce-00001' }).thenFails('Error_WrongActivationLink');
  });

  it('the unsubscribe link ends the subscription, and clicking it again is harmless', () => {
    given(requested(), confirmed())
      .when({ type: 'Unsubscribe', nonce: 'leave-nonce-00001' })
      .thenEmits([{ type: 'SubscriptionCancelled', data: { subscriptionId: ID, previous: 'confirmed', at: AT } }]);
    const cancelled: SubscriptionEvent = {
      type: 'SubscriptionCancelled',
      data: { subscriptionId: ID, previous: 'confirmed', at: AT },
    };
    given(requested(), confirmed(), cancelled).when({ type: 'Unsubscribe', nonce: 'leave-nonce-00001' }).thenEmits([]);
  });
});

describe('master-data staff', () => {
  it('take a subscriber off the list; an unknown one is not found', () => {
    given(requested(), confirmed())
      .when({ type: 'RemoveSubscription' })
      .thenEmits([{ type: 'SubscriptionCancelled', data: { subscriptionId: ID, previous: 'confirmed', at: AT } }]);
    given().when({ type: 'RemoveSubscription' }).thenFails('NotFound');
  });
});

describe('a mail to selected subscribers (spec: Mail notification)', () => {
  const send = (over: Record<string, unknown> = {}) =>
    ({
      type: 'SendSubscriptionMail',
      mailingId: 'm1',
      header: 'أخبار',
      body: 'نص',
      subscriptionIds: [ID],
      ...over,
    }) as const;

  it('needs its header and its text (PleasefillAllDetails)', () => {
    mailing()
      .when(send({ header: ' ' }))
      .thenFails('PleasefillAllDetails');
    mailing()
      .when(send({ body: null }))
      .thenFails('PleasefillAllDetails');
  });

  it('needs at least one subscriber (PleaseSelectSubscribers)', () => {
    mailing()
      .when(send({ subscriptionIds: [] }))
      .thenFails('PleaseSelectSubscribers');
  });

  it('refuses more recipients than one grid page holds', () => {
    expect(mailIssues({ header: 'h', body: 'b', subscriptionIds: Array(MAX_RECIPIENTS + 1).fill(ID) })[0]?.code).toBe(
      'ValidationFailed',
    );
  });

  it('records the mail once, each recipient once', () => {
    mailing()
      .when(send({ subscriptionIds: [ID, ID] }))
      .thenEmits([
        {
          type: 'SubscriptionMailSent',
          data: { mailingId: 'm1', header: 'أخبار', body: 'نص', subscriptionIds: [ID], at: AT },
        },
      ]);
  });
});
