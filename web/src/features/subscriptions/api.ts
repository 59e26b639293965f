import * as C from '../../../../api/contracts/subscriptions.ts';
import { call, pageQuery } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';

export type { SubscriberRow, SubscriptionMail } from '../../../../api/contracts/subscriptions.ts';

export const subscribe = (email: string, language: 'ar' | 'en') => call(C.subscribe, { body: { email, language } });

/** A link from a mail (confirm, or unsubscribe): one request, no sign-in. */
export async function followLink(purpose: 'confirm' | 'unsubscribe', token: string) {
  const res = await call(purpose === 'confirm' ? C.confirmSubscription : C.unsubscribe, { body: { token } });
  rememberPosition(res.position);
  return res;
}

export const subscribersQuery = (s: { page: number; pageSize: number; email?: string | undefined }) =>
  endpointQuery(['subscriptions', s], C.subscribers, () => ({
    query: { after: afterPosition(), ...pageQuery(s), email: s.email },
  }));

export async function sendMail(body: C.SubscriptionMail) {
  const res = await call(C.sendSubscriptionMail, { body });
  rememberPosition(res.position);
  return res;
}

export async function removeSubscriber(id: string) {
  const res = await call(C.removeSubscription, { params: { id } });
  rememberPosition(res.position);
  return res;
}
