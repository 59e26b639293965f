import { z } from 'zod';
import { BODY_MAX, EMAIL_MAX, HEADER_MAX, MAX_RECIPIENTS } from '../../domain/subscription/rules.ts';
import { CommandAccepted, GridPage, Lang, named, PagedQuery, PositionText, strictBody } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

const subscriptions = endpoints('subscriptions');
/** A link's token: `<id>.<nonce>.<signature>` (commands/subscription/links.ts). */
const Token = z.object({ token: P.token(200) }).strict();

/** Spec: utils/promotions/Subscribe (Email). */
export const Subscribe = strictBody('Subscribe', {
  email: P.text(EMAIL_MAX).nullable().optional(),
  language: Lang.optional(),
});
export type Subscribe = z.input<typeof Subscribe>;

/** The same answer whether or not the address was on the list already. */
export const subscribe = subscriptions.post('/api/subscriptions', {
  body: Subscribe,
  response: named('SubscribeAccepted', { accepted: z.literal(true) }),
});
/** A link of a mail at `path`: its token is the body, no sign-in. */
const fromMail = <const Path extends string>(path: Path) =>
  subscriptions.post(path, { body: Token, response: CommandAccepted });
export const confirmSubscription = fromMail('/api/subscriptions/confirm');
/** Spec: utils/promotions/UnSubscribe (Token): one click from any mail, no sign-in. */
export const unsubscribe = fromMail('/api/subscriptions/unsubscribe');

export const SubscribersQuery = PagedQuery.extend({
  email: P.text(EMAIL_MAX).optional(),
});
export type SubscribersQuery = z.input<typeof SubscribersQuery>;

export const SubscriberRow = named('SubscriberRow', {
  id: z.string(),
  email: z.string(),
  language: z.string(),
  confirmedAt: z.string().nullable(),
});
export type SubscriberRow = z.infer<typeof SubscriberRow>;

/** Spec: MailSubscription_Read: the confirmed subscribers. */
export const subscribers = subscriptions.get('/api/subscriptions', {
  permission: staff('masterdata', 'View'),
  query: SubscribersQuery,
  response: GridPage(SubscriberRow).meta({ id: 'SubscribersPage' }),
});

/** Spec: SendsubscriptionMail (subscriber ids, Header, Body). */
export const SubscriptionMail = strictBody('SubscriptionMail', {
  header: P.text(HEADER_MAX).nullable().optional(),
  body: P.longText(BODY_MAX).nullable().optional(),
  subscriptionIds: z.array(P.token(32)).max(MAX_RECIPIENTS).nullable().optional(),
});
export type SubscriptionMail = z.input<typeof SubscriptionMail>;

export const sendSubscriptionMail = subscriptions.post('/api/subscriptions/mail', {
  permission: staff('masterdata', 'Edit'),
  body: SubscriptionMail,
  response: named('SubscriptionMailSent', {
    position: PositionText,
    mailingId: z.string(),
    recipients: z.number().int(),
  }),
});

/** Spec: MailSubscription_Update: take a subscriber off the list. */
export const removeSubscription = subscriptions.post('/api/subscriptions/:id/remove', {
  permission: staff('masterdata', 'Delete'),
  params: z.object({ id: P.token(32) }),
  response: CommandAccepted,
});
