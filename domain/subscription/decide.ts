import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import {
  type Language,
  type MailingEvent,
  mailingEvents,
  type SubscriptionEvent,
  type SubscriptionStatus,
  subscriptionEvents,
} from './events.ts';
import { type MailDraft, mailIssues, normalEmail, subscribeIssues } from './rules.ts';

export interface Subscription {
  id: string | null;
  email: string | null;
  language: Language;
  status: SubscriptionStatus;
  confirmNonce: string | null;
  unsubscribeNonce: string | null;
}

export type SubscriptionCommand =
  | {
      type: 'Subscribe';
      subscriptionId: string;
      email: string;
      language: Language;
      /** Fresh random values chosen by the caller: the links of this request. */
      confirmNonce: string;
      unsubscribeNonce: string;
    }
  /** The nonce of a link whose signature the caller checked. */
  | { type: 'ConfirmSubscription'; nonce: string }
  | { type: 'Unsubscribe'; nonce: string }
  /** Master-data staff take an address off the list (spec: MailSubscription_Update). */
  | { type: 'RemoveSubscription' };

const wrongLink = () => new DomainError('Error_WrongActivationLink');

export const subscriptionDecider: Decider<Subscription, SubscriptionCommand, SubscriptionEvent> = {
  events: subscriptionEvents,
  initialState: () => ({
    id: null,
    email: null,
    language: 'ar',
    status: 'none',
    confirmNonce: null,
    unsubscribeNonce: null,
  }),

  evolve(s, e) {
    switch (e.type) {
      case 'SubscriptionRequested':
        return {
          id: e.data.subscriptionId,
          email: e.data.email,
          language: e.data.language,
          status: s.status === 'confirmed' ? 'confirmed' : 'pending',
          confirmNonce: e.data.confirmNonce,
          unsubscribeNonce: e.data.unsubscribeNonce,
        };
      case 'SubscriptionConfirmed':
        return { ...s, status: 'confirmed' };
      case 'SubscriptionCancelled':
        return { ...s, status: 'unsubscribed' };
    }
  },

  decide(cmd, s, now) {
    const at = now.toISOString();
    switch (cmd.type) {
      case 'Subscribe': {
        const issue = subscribeIssues(cmd.email);
        if (issue) throw new DomainError(issue, { field: 'email' });
        // Already on the list: nothing to confirm, and nothing the caller may learn from (the route answers alike).
        if (s.status === 'confirmed') return [];
        const { subscriptionId, language, confirmNonce, unsubscribeNonce } = cmd;
        return [
          {
            type: 'SubscriptionRequested',
            data: { subscriptionId, email: normalEmail(cmd.email), language, confirmNonce, unsubscribeNonce, at },
          },
        ];
      }
      case 'ConfirmSubscription':
        if (s.confirmNonce === null || cmd.nonce !== s.confirmNonce) throw wrongLink();
        // Single use: the link of a confirmed (or since cancelled) subscription confirms nothing again.
        if (s.status !== 'pending') return [];
        return [{ type: 'SubscriptionConfirmed', data: { subscriptionId: s.id!, at } }];
      case 'Unsubscribe':
        if (s.unsubscribeNonce === null || cmd.nonce !== s.unsubscribeNonce) throw wrongLink();
        if (s.status === 'unsubscribed') return [];
        return [{ type: 'SubscriptionCancelled', data: { subscriptionId: s.id!, previous: s.status, at } }];
      case 'RemoveSubscription':
        if (s.status === 'none') throw new DomainError('NotFound');
        if (s.status === 'unsubscribed') return [];
        return [{ type: 'SubscriptionCancelled', data: { subscriptionId: s.id!, previous: s.status, at } }];
    }
  },
};

/** One mail as recorded: what each recipient's job sends. */
export interface Mailing {
  sent: boolean;
  header: string;
  body: string;
}

export type MailingCommand = { type: 'SendSubscriptionMail'; mailingId: string } & MailDraft;

/** One mail to selected subscribers: recorded once; the workers send it, one job per recipient. */
export const mailingDecider: Decider<Mailing, MailingCommand, MailingEvent> = {
  events: mailingEvents,
  initialState: () => ({ sent: false, header: '', body: '' }),
  evolve: (_s, e) => ({ sent: true, header: e.data.header, body: e.data.body }),
  decide(cmd, s, now) {
    const first = mailIssues(cmd)[0];
    if (first) throw new DomainError(first.code, { field: first.path });
    if (s.sent) return [];
    const header = cmd.header!.trim();
    const body = cmd.body!.trim();
    const subscriptionIds = [...new Set(cmd.subscriptionIds)];
    return [
      {
        type: 'SubscriptionMailSent',
        data: { mailingId: cmd.mailingId, header, body, subscriptionIds, at: now.toISOString() },
      },
    ];
  },
};
