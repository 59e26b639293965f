import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * Stream `subscription-<id>`: one address on the mail list, the id made from the address (commands/subscription), so
 * the stream owns "one subscriber per address". The nonces are the variable part of the signed links (the signature
 * never reaches the log): a new request replaces them, so an older link stops working.
 */
export const subscriptionStream = (subscriptionId: string) => `subscription-${subscriptionId}`;
export const SUBSCRIPTION_STREAM_PREFIX = 'subscription-';
/** Stream `mailing-<id>`: one mail sent to selected subscribers. */
export const mailingStream = (mailingId: string) => `mailing-${mailingId}`;
export const MAILING_STREAM_PREFIX = 'mailing-';

export type SubscriptionStatus = 'none' | 'pending' | 'confirmed' | 'unsubscribed';
export type Language = 'ar' | 'en';

export type SubscriptionEvent =
  | DomainEvent<
      'SubscriptionRequested',
      {
        subscriptionId: string;
        email: string;
        language: Language;
        confirmNonce: string;
        unsubscribeNonce: string;
        at: string;
      }
    >
  | DomainEvent<'SubscriptionConfirmed', { subscriptionId: string; at: string }>
  | DomainEvent<'SubscriptionCancelled', { subscriptionId: string; previous: SubscriptionStatus; at: string }>;

export const SubscriptionEventTypes = [
  'SubscriptionRequested',
  'SubscriptionConfirmed',
  'SubscriptionCancelled',
] as const;

export const subscriptionEvents: EventTypes<SubscriptionEvent> = eventTypes<SubscriptionEvent>({
  SubscriptionRequested: true,
  SubscriptionConfirmed: true,
  SubscriptionCancelled: true,
});

export type MailingEvent = DomainEvent<
  'SubscriptionMailSent',
  { mailingId: string; header: string; body: string; subscriptionIds: string[]; at: string }
>;

export const mailingEvents: EventTypes<MailingEvent> = eventTypes<MailingEvent>({ SubscriptionMailSent: true });
