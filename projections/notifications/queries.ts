import { type Kysely, sql } from 'kysely';
import type { ExtensionState } from '../../domain/participation/notifications.ts';

/** The read model's rows as the API reads them (the live generation's view `rm.notifications`). */
export interface NotificationsDB {
  'rm.notifications': {
    notification_id: string;
    user_id: string;
    type: number;
    opportunity_id: string | null;
    participation_id: string | null;
    ticket_id: string | null;
    survey_id: string | null;
    name_ar: string;
    name_en: string;
    start_date: string | null;
    end_date: string | null;
    previous_end_date: string | null;
    state: ExtensionState | null;
    created_at: Date;
    read_at: Date | null;
    commit_pos: string;
    prepare_pos: string;
  };
}

export interface NotificationRow {
  id: string;
  type: number;
  eventId: string | null;
  invitationId: string | null;
  /** Type 20: the ticket answered. */
  ticketId: string | null;
  /** Type 17: the survey to answer. */
  surveyId: string | null;
  nameAr: string;
  nameEn: string;
  startDate: string | null;
  endDate: string | null;
  previousEndDate: string | null;
  extensionState: ExtensionState | null;
  createdAt: string;
  read: boolean;
}

/** A user's newest notifications (log order), at most `limit`, and how many are unread in all. */
export async function notificationsOf(
  db: Kysely<NotificationsDB>,
  userId: string,
  limit: number,
): Promise<{ items: NotificationRow[]; unread: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('rm.notifications')
      .select([
        sql<string>`notification_id::text`.as('id'),
        'type',
        sql<string | null>`opportunity_id::text`.as('eventId'),
        sql<string | null>`survey_id::text`.as('surveyId'),
        'participation_id as invitationId',
        sql<string | null>`ticket_id::text`.as('ticketId'),
        'name_ar as nameAr',
        'name_en as nameEn',
        sql<string | null>`start_date::text`.as('startDate'),
        sql<string | null>`end_date::text`.as('endDate'),
        sql<string | null>`previous_end_date::text`.as('previousEndDate'),
        'state as extensionState',
        'created_at as createdAt',
        sql<boolean>`read_at is not null`.as('read'),
      ])
      .where('user_id', '=', userId)
      .orderBy('commit_pos', 'desc')
      .orderBy('prepare_pos', 'desc')
      .orderBy('notification_id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('rm.notifications')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    unread: Number(count?.n ?? 0),
    items: rows.map((x) => ({ ...x, createdAt: x.createdAt.toISOString() })),
  };
}
