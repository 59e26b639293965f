import { sql } from 'kysely';
import {
  SUBSCRIPTION_STREAM_PREFIX,
  SubscriptionEventTypes,
  subscriptionEvents,
} from '../../domain/subscription/events.ts';
import { happenedAt, readModelTables, streamEvents } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';

/**
 * rm.mail_subscriptions: one row per address that asked to join the mail list, with its status (pending until the
 * confirmation link, confirmed, unsubscribed). The admin grid lists the confirmed ones.
 */
export const subscriptionsProjection: Projection = {
  name: 'subscriptions',
  version: 1,
  types: SubscriptionEventTypes,
  ...readModelTables(
    {
      mail_subscriptions: `
        subscription_id text primary key,
        email text not null,
        language text not null,
        status text not null,
        requested_at timestamptz not null,
        confirmed_at timestamptz,
        updated_at timestamptz not null`,
    },
    (table) => `
      create index on ${table('mail_subscriptions')} (status, confirmed_at desc, subscription_id)`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('mail_subscriptions'));
    for (const { e, id, stored } of streamEvents(events, SUBSCRIPTION_STREAM_PREFIX, subscriptionEvents)) {
      const at = happenedAt(e.data.at, stored);
      switch (e.type) {
        case 'SubscriptionRequested':
          // A confirmed subscriber asking again stays confirmed (the decider writes nothing then).
          await sql`insert into ${t} (subscription_id, email, language, status, requested_at, updated_at)
                    values (${id}, ${String(e.data.email ?? '')}, ${e.data.language === 'en' ? 'en' : 'ar'}, 'pending', ${at}, ${at})
                    on conflict (subscription_id) do update set email = excluded.email, language = excluded.language,
                      status = case when ${t}.status = 'confirmed' then 'confirmed' else 'pending' end,
                      requested_at = excluded.requested_at, updated_at = excluded.updated_at`.execute(tx);
          break;
        case 'SubscriptionConfirmed':
          await sql`update ${t} set status = 'confirmed', confirmed_at = ${at}, updated_at = ${at}
                    where subscription_id = ${id}`.execute(tx);
          break;
        case 'SubscriptionCancelled':
          await sql`update ${t} set status = 'unsubscribed', updated_at = ${at}
                    where subscription_id = ${id}`.execute(tx);
          break;
      }
    }
  },
};
