import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import type { StoredEvent } from '../../commands/event-store/port.ts';
import { opportunityEvents } from '../../domain/opportunity/decide.ts';
import { STATUS_AFTER as DOMAIN_STATUS_AFTER, participationEvents } from '../../domain/participation/decide.ts';
import {
  NOTIFICATION_SOURCE,
  NotificationType,
  notificationsEvents,
} from '../../domain/participation/notifications.ts';
import { ParticipationStatus as S } from '../../domain/participation/status.ts';
import { surveyEvents } from '../../domain/survey/decide.ts';
import { TICKETS_STREAM_PREFIX, ticketEvents } from '../../domain/ticket/events.ts';
import { groupsOfDistinctKeys, lastOfEachKey } from '../runner/batches.ts';
import { readModelTables, streamEvent } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { date, dateClamped, withoutNul } from '../runner/values.ts';

/** The status each participation event leads to (the domain's table; this projection keeps its own record of who is in which event). */
const STATUS_AFTER: Partial<Record<string, number>> = DOMAIN_STATUS_AFTER;
/** Who hears that an event was deleted: everyone still invited, waiting, or taking part. */
const STILL_IN = [
  S.PendingVolunteer,
  S.AcceptedVolunteerPendingStaff,
  S.AcceptedStaff,
  S.VolunteerJoinRequest,
  S.VolunteerRequestToRelease,
];

/** A ticket's title (kept from its submission) names the reply's notification (type 20). */
const TICKET_TYPES = ['TicketSubmitted', 'TicketReplied'];
const OPPORTUNITY_TYPES = ['OpportunityCreated', 'OpportunityEdited', 'OpportunityDeleted'];
const PARTICIPATION_TYPES = [
  ...Object.keys(STATUS_AFTER),
  'HoursApproved',
  'HoursRejected',
  'ExtensionOffered',
  'ExtensionAccepted',
];

/** A notification's id, the same on every replay: from the event it comes from and its recipient. */
export function notificationId(sourceEventId: string, userId: string): string {
  const h = createHash('sha256').update(`notification\u0000${sourceEventId}\u0000${userId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * rm.notifications: each volunteer's in-app notifications (docs/notifications.md), newest first by log position, with
 * the read flag (NotificationsRead on `notifications-<userId>`) and, for type 16, the offer's state. Its own small
 * tables keep the event names and dates (rm.notification_events) and who is in which event
 * (rm.notification_participants), and the surveys' titles and dates (rm.notification_surveys, for type 17); it reads no
 * other projection's table.
 */
export const notificationsProjection: Projection = {
  name: 'notifications',
  // 2: ticket replies (type 20) and survey notifications (type 17): an event's columns may be empty.
  version: 3,
  types: [
    ...OPPORTUNITY_TYPES,
    ...PARTICIPATION_TYPES,
    'NotificationsRead',
    ...TICKET_TYPES,
    'SurveyCreated',
    'SurveyEdited',
    'SurveyPublished',
  ],
  ...readModelTables(
    {
      notifications: `
        notification_id uuid primary key,
        user_id uuid not null,
        type int not null,
        opportunity_id uuid,
        participation_id text,
        ticket_id uuid,
        survey_id uuid,
        name_ar text not null,
        name_en text not null,
        start_date date,
        end_date date,
        previous_end_date date,
        state text check (state in ('open', 'continued', 'declined', 'superseded')),
        created_at timestamptz not null,
        read_at timestamptz,
        commit_pos numeric(20) not null,
        prepare_pos numeric(20) not null`,
      notification_events: `
        opportunity_id uuid primary key,
        name_ar text not null,
        name_en text not null,
        start_date date not null,
        end_date date not null`,
      notification_tickets: `
        ticket_id uuid primary key,
        title text not null`,
      notification_participants: `
        opportunity_id uuid not null,
        volunteer_id uuid not null,
        status int not null,
        primary key (opportunity_id, volunteer_id)`,
      notification_surveys: `
        survey_id uuid primary key,
        title_ar text not null,
        title_en text not null,
        start_date date not null,
        expiry_date date not null,
        opportunity_id uuid`,
    },
    (table) => {
      const n = table('notifications');
      return `
      create index on ${n} (user_id, commit_pos desc, prepare_pos desc);
      create index on ${n} (user_id) where read_at is null;
      create index on ${n} (participation_id) where state = 'open';
      create index on ${n} (opportunity_id)`;
    },
  ),
  async apply({ tx, table }, events) {
    const n = sql.raw(table('notifications'));
    const ev = sql.raw(table('notification_events'));
    const pt = sql.raw(table('notification_participants'));
    const sv = sql.raw(table('notification_surveys'));

    /** Insert one notification for one volunteer (nothing on a replay: the id is the same). */
    const notify = async (
      stored: StoredEvent,
      userId: string,
      opportunityId: string,
      type: number,
      extra: { endDate?: string; previousEndDate?: string; state?: 'open' } = {},
    ) => {
      const { rows } = await sql<{ name_ar: string; name_en: string; start_date: string; end_date: string }>`
        select name_ar, name_en, start_date::text, end_date::text from ${ev} where opportunity_id = ${opportunityId}`.execute(
        tx,
      );
      const o = rows[0];
      if (!o) return; // no such event in the log: nothing to name
      await sql`insert into ${n} (notification_id, user_id, type, opportunity_id, participation_id, name_ar, name_en,
                  start_date, end_date, previous_end_date, state, created_at, commit_pos, prepare_pos)
                values (${notificationId(stored.id, userId)}, ${userId}, ${type}, ${opportunityId}, ${`${opportunityId}_${userId}`},
                  ${o.name_ar}, ${o.name_en}, ${o.start_date}, ${extra.endDate ?? o.end_date}, ${extra.previousEndDate ?? null},
                  ${extra.state ?? null}, ${stored.metadata.occurredAt}, ${stored.position.commit.toString()},
                  ${stored.position.prepare.toString()})
                on conflict (notification_id) do nothing`.execute(tx);
    };
    /** Type 17: one notification per volunteer the survey went to, named by the survey's title and dates. */
    const notifySurvey = async (stored: StoredEvent, to: readonly { volunteerId: string }[]) => {
      const surveyId = stored.streamId.slice('survey-'.length);
      const { rows } = await sql<{
        title_ar: string;
        title_en: string;
        start_date: string;
        expiry_date: string;
        opportunity_id: string | null;
      }>`
        select title_ar, title_en, start_date::text, expiry_date::text, opportunity_id::text from ${sv} where survey_id = ${surveyId}`.execute(
        tx,
      );
      const s = rows[0];
      if (!s) return;
      const recipients = to.map((r) => r.volunteerId);
      for (const userId of recipients)
        await sql`insert into ${n} (notification_id, user_id, type, opportunity_id, survey_id, participation_id, name_ar, name_en,
                    start_date, end_date, created_at, commit_pos, prepare_pos)
                  values (${notificationId(stored.id, userId)}, ${userId}, ${NotificationType.SurveyPublished},
                    ${s.opportunity_id}, ${surveyId}, null, ${s.title_ar}, ${s.title_en}, ${s.start_date}, ${s.expiry_date},
                    ${stored.metadata.occurredAt}, ${stored.position.commit.toString()}, ${stored.position.prepare.toString()})
                  on conflict (notification_id) do nothing`.execute(tx);
    };
    /**
     * Only rows written before the event being applied: applying an event again (or a whole log again over the rows)
     * never touches what later events wrote.
     */
    const before = (stored: StoredEvent) =>
      sql`(commit_pos, prepare_pos) < (${stored.position.commit.toString()}::numeric, ${stored.position.prepare.toString()}::numeric)`;
    /** Close the participation's open type-16 offer with how it ended; an answer also marks it read. */
    const closeOffer = (stored: StoredEvent, participationId: string, state: 'continued' | 'declined' | 'superseded') =>
      sql`update ${n} set state = ${state}${state === 'superseded' ? sql`` : sql`, read_at = coalesce(read_at, ${stored.metadata.occurredAt}::timestamptz)`}
          where participation_id = ${participationId} and type = ${NotificationType.OpportunityExtended} and state = 'open'
            and ${before(stored)}`.execute(tx);

    /**
     * A run of status changes, written when another kind of event comes (or the batch ends) in a statement for the
     * participants (each one's last status) and one for the offers they close (a statement for each group of changes
     * in which no participation comes twice, so that each closes what it closes alone).
     */
    let run: StatusChange[] = [];
    const writeRun = async () => {
      if (!run.length) return;
      const last = lastOfEachKey(run, (c) => c.participationId);
      await sql`insert into ${pt} (opportunity_id, volunteer_id, status)
          select * from unnest(${last.map((c) => c.opportunityId)}::uuid[], ${last.map((c) => c.volunteerId)}::uuid[],
            ${last.map((c) => c.status)}::int[])
          on conflict (opportunity_id, volunteer_id) do update set status = excluded.status`.execute(tx);
      for (const group of groupsOfDistinctKeys(run, (c) => c.participationId))
        await sql`update ${n} as x set state = r.state,
              read_at = case when r.state = 'superseded' then x.read_at else coalesce(x.read_at, r.at) end
            from unnest(${group.map((c) => c.participationId)}::text[], ${group.map((c) => c.closing)}::text[],
              ${group.map((c) => (c.closing === 'superseded' ? null : c.stored.metadata.occurredAt))}::timestamptz[],
              ${group.map((c) => c.stored.position.commit.toString())}::numeric[],
              ${group.map((c) => c.stored.position.prepare.toString())}::numeric[]) as r(participation_id, state, at, c, p)
            where x.participation_id = r.participation_id and x.type = ${NotificationType.OpportunityExtended}
              and x.state = 'open' and (x.commit_pos, x.prepare_pos) < (r.c, r.p)`.execute(tx);
      run = [];
    };

    const tk = sql.raw(table('notification_tickets'));
    for (const stored of events) {
      if (!stored.streamId.startsWith('participation-') || STATUS_AFTER[stored.type] === undefined) await writeRun();
      const ticket = streamEvent(stored, TICKETS_STREAM_PREFIX, ticketEvents);
      if (ticket) {
        const { e, id: volunteerId } = ticket;
        if (e.type === 'TicketSubmitted')
          await sql`insert into ${tk} (ticket_id, title) values (${e.data.ticketId}, ${e.data.title})
                    on conflict (ticket_id) do nothing`.execute(tx);
        else if (e.type === 'TicketReplied')
          await sql`insert into ${n} (notification_id, user_id, type, ticket_id, name_ar, name_en, created_at, commit_pos, prepare_pos)
                    select ${notificationId(stored.id, volunteerId)}, ${volunteerId}, ${NotificationType.TicketReplied},
                      ticket_id, title, title, ${stored.metadata.occurredAt}, ${stored.position.commit.toString()},
                      ${stored.position.prepare.toString()}
                      from ${tk} where ticket_id = ${e.data.ticketId}
                    on conflict (notification_id) do nothing`.execute(tx);
        continue;
      }
      const survey = stored.streamId.startsWith('survey-') ? decode(surveyEvents, stored) : null;
      if (survey?.type === 'SurveyCreated' || survey?.type === 'SurveyEdited') {
        const d = survey.data.definition;
        await sql`insert into ${sv} (survey_id, title_ar, title_en, start_date, expiry_date, opportunity_id)
                  values (${stored.streamId.slice('survey-'.length)}, ${withoutNul(d.titleAr)}, ${withoutNul(d.titleEn)},
                    ${dateClamped(d.startDate)}, ${dateClamped(d.expiryDate)},
                    ${d.scope.kind === 'event' ? d.scope.opportunityId : null})
                  on conflict (survey_id) do update set title_ar = excluded.title_ar, title_en = excluded.title_en,
                    start_date = excluded.start_date, expiry_date = excluded.expiry_date,
                    opportunity_id = excluded.opportunity_id`.execute(tx);
        continue;
      }
      if (survey?.type === 'SurveyPublished') {
        await notifySurvey(stored, survey.data.recipients);
        continue;
      }
      const opportunity = streamEvent(stored, 'opportunity-', opportunityEvents);
      if (opportunity) {
        const { e, id: opportunityId } = opportunity;
        switch (e.type) {
          case 'OpportunityCreated':
          case 'OpportunityEdited': {
            const d = e.data.details;
            await sql`insert into ${ev} (opportunity_id, name_ar, name_en, start_date, end_date)
                      values (${opportunityId}, ${d.nameAr}, ${d.nameEn}, ${dateClamped(d.startDate)}, ${dateClamped(d.endDate)})
                      on conflict (opportunity_id) do update set name_ar = excluded.name_ar, name_en = excluded.name_en,
                        start_date = excluded.start_date, end_date = excluded.end_date`.execute(tx);
            if (
              e.type === 'OpportunityEdited' &&
              e.data.changes.some((c) => c.field === 'nameAr' || c.field === 'nameEn')
            )
              await sql`update ${n} set name_ar = ${d.nameAr}, name_en = ${d.nameEn} where opportunity_id = ${opportunityId}`.execute(
                tx,
              );
            break;
          }
          case 'OpportunityDeleted': {
            const { rows } = await sql<{ volunteer_id: string }>`
              select volunteer_id::text from ${pt} where opportunity_id = ${opportunityId} and status = any(${STILL_IN}::int[])
               order by volunteer_id`.execute(tx);
            for (const r of rows) await notify(stored, r.volunteer_id, opportunityId, NotificationType.EventDeleted);
            await sql`update ${n} set state = 'superseded'
                      where opportunity_id = ${opportunityId} and type = ${NotificationType.OpportunityExtended} and state = 'open'
                        and ${before(stored)}`.execute(tx);
            break;
          }
          default:
            break;
        }
        continue;
      }

      const read = streamEvent(stored, 'notifications-', notificationsEvents);
      if (read) {
        const { e, id: userId } = read;
        // "All" is every notification the user had when they asked: those before the command in the log.
        if (e.data.all)
          await sql`update ${n} set read_at = ${e.data.at} where user_id = ${userId} and read_at is null and ${before(stored)}`.execute(
            tx,
          );
        else if (e.data.ids.length)
          await sql`update ${n} set read_at = ${e.data.at}
                    where user_id = ${userId} and notification_id = any(${e.data.ids}::uuid[]) and read_at is null
                      and ${before(stored)}`.execute(tx);
        continue;
      }

      if (!stored.streamId.startsWith('participation-')) continue;
      const participationId = stored.streamId.slice('participation-'.length);
      const [opportunityId, volunteerId] = participationId.split('_') as [string, string];
      const e = decode(participationEvents, stored);
      if (!e) continue;
      const status = STATUS_AFTER[e.type];
      if (status !== undefined) {
        // Any change of status closes an open extension offer (the domain's rule, decide.ts).
        run.push({
          stored,
          participationId,
          opportunityId,
          volunteerId,
          status,
          closing: e.type === 'ExtensionDeclined' ? 'declined' : 'superseded',
        });
        const type = NOTIFICATION_SOURCE[e.type];
        if (type !== undefined) await notify(stored, volunteerId, opportunityId, type);
        continue;
      }
      switch (e.type) {
        case 'ExtensionOffered':
          // A newer offer replaces an unanswered one.
          await closeOffer(stored, participationId, 'superseded');
          await notify(stored, volunteerId, opportunityId, NotificationType.OpportunityExtended, {
            endDate: dateClamped(e.data.newEndDate) ?? undefined,
            previousEndDate: date(e.data.previousEndDate) ?? undefined,
            state: 'open',
          });
          break;
        case 'ExtensionAccepted':
          await closeOffer(stored, participationId, 'continued');
          break;
        default: {
          const type = NOTIFICATION_SOURCE[e.type];
          if (type !== undefined) await notify(stored, volunteerId, opportunityId, type);
        }
      }
    }
    await writeRun();
  },
};

interface StatusChange {
  stored: StoredEvent;
  participationId: string;
  opportunityId: string;
  volunteerId: string;
  status: number;
  closing: 'declined' | 'superseded';
}
