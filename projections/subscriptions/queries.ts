import type { Kysely } from 'kysely';
import { type Paging, pageWithTotal } from '../shared/query.ts';

export interface SubscriptionsDB {
  'rm.mail_subscriptions': {
    subscription_id: string;
    email: string;
    language: string;
    status: 'pending' | 'confirmed' | 'unsubscribed';
    requested_at: Date;
    confirmed_at: Date | null;
    updated_at: Date;
  };
}

export interface SubscriberRow {
  id: string;
  email: string;
  language: string;
  confirmedAt: string | null;
}

function confirmedList(db: Kysely<SubscriptionsDB>, email: string | undefined) {
  let q = db.selectFrom('rm.mail_subscriptions').where('status', '=', 'confirmed');
  if (email) q = q.where('email', 'ilike', `%${email.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return q;
}

/** The confirmed subscribers (spec: MailSubscription_Read), newest first, with an address filter. */
export async function subscribersPage(
  db: Kysely<SubscriptionsDB>,
  email: string | undefined,
  paging: Paging,
): Promise<{ rows: SubscriberRow[]; total: number }> {
  const { rows, total } = await pageWithTotal(
    confirmedList(db, email)
      .select(['subscription_id', 'email', 'language', 'confirmed_at'])
      .orderBy('confirmed_at', 'desc')
      .orderBy('subscription_id'),
    paging,
  );
  return {
    rows: rows.map((r) => ({
      id: r.subscription_id,
      email: r.email,
      language: r.language,
      confirmedAt: r.confirmed_at?.toISOString() ?? null,
    })),
    total,
  };
}
