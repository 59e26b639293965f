import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { TicketStatus } from '../../domain/ticket/rules.ts';
import type { AccountDB } from '../account/queries.ts';
import type { RegistrationsDB } from '../registration/queries.ts';
import { type AreaScope, containsPattern, type Paging, pageWithTotal } from '../shared/query.ts';

/** The read model's rows as the API reads them (the live generation's views), and the columns it joins. */
export interface TicketsDB {
  'rm.tickets': {
    ticket_id: string;
    code: string;
    volunteer_id: string;
    request_type: number;
    title: string;
    description: string;
    priority: number;
    event_id: string | null;
    department_id: number | null;
    status: TicketStatus;
    action: number;
    ticket_status: number | null;
    reason_id: number | null;
    reason: string | null;
    last_response: string | null;
    year: number;
    created_at: Date;
    updated_at: Date;
  };
  'rm.ticket_messages': {
    ticket_id: string;
    commit_pos: string;
    prepare_pos: string;
    kind: string;
    author_id: string | null;
    author_role: number | null;
    body: string | null;
    reason_id: number | null;
    at: Date;
  };
  'rm.ticket_events': { opportunity_id: string; name_ar: string; name_en: string; approved: boolean; deleted: boolean };
  /** Joined for the staff grid: the volunteer's name (users projection). */
  'rm.users': Pick<AccountDB['rm.users'], 'user_id' | 'name_ar' | 'name_en'>;
  /** Joined for a staff member's scope: the volunteer's region and city (registrations projection). */
  'rm.registrations': Pick<RegistrationsDB['rm.registrations'], 'volunteer_id' | 'region_id' | 'city_id'>;
}

/** The spec's search filters: Code, Title, TicketActionId, Id, TicketYear, RequestTypeId, TicketStatusId. */
export interface TicketFilters {
  code?: string | undefined;
  title?: string | undefined;
  action?: number | undefined;
  id?: string | undefined;
  year?: number | undefined;
  requestType?: number | undefined;
  /** 1 resolved, 2 not resolved. */
  ticketStatus?: number | undefined;
  departmentId?: number | undefined;
}

/** Whose tickets: one volunteer's, or those a staff member may see (regions and cities; null = every volunteer's). */
export type TicketAudience = { volunteerId: string } | { scope: AreaScope };

export interface TicketRow {
  id: string;
  code: string;
  volunteerId: string;
  volunteerNameAr: string | null;
  volunteerNameEn: string | null;
  requestType: number;
  title: string;
  priority: number;
  eventId: string | null;
  eventNameAr: string | null;
  eventNameEn: string | null;
  departmentId: number | null;
  status: TicketStatus;
  action: number;
  ticketStatus: number | null;
  createdAt: string;
  updatedAt: string;
}

function base(db: Kysely<TicketsDB>) {
  return db
    .selectFrom('rm.tickets as t')
    .leftJoin('rm.users as u', (j) => j.onRef(sql`u.user_id`, '=', sql`t.volunteer_id`))
    .leftJoin('rm.ticket_events as e', (j) => j.onRef(sql`e.opportunity_id`, '=', sql`t.event_id`));
}
type Base = ReturnType<typeof base>;
type Q = Base extends SelectQueryBuilder<infer DB, infer TB, infer O> ? SelectQueryBuilder<DB, TB, O> : never;

function filtered(q: Q, audience: TicketAudience, f: TicketFilters): Q {
  let out = q;
  if ('volunteerId' in audience) out = out.where('t.volunteer_id', '=', audience.volunteerId);
  else if (audience.scope) {
    const { regionIds, cityIds } = audience.scope;
    // Staff see the tickets of volunteers whose registration lies in their regions or cities.
    out = out.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('rm.registrations as r')
          .select(sql`1`.as('one'))
          .whereRef('r.volunteer_id', '=', 't.volunteer_id')
          .where((w) =>
            w.or([
              w('r.region_id', '=', sql<number>`any(${[...regionIds]}::int[])`),
              w('r.city_id', '=', sql<number>`any(${[...cityIds]}::int[])`),
            ]),
          ),
      ),
    );
  }
  if (f.code) out = out.where('t.code', 'ilike', containsPattern(f.code));
  if (f.title) out = out.where('t.title', 'ilike', containsPattern(f.title));
  if (f.action !== undefined) out = out.where('t.action', '=', f.action);
  if (f.id) out = out.where('t.ticket_id', '=', f.id);
  if (f.year !== undefined) out = out.where('t.year', '=', f.year);
  if (f.requestType !== undefined) out = out.where('t.request_type', '=', f.requestType);
  if (f.ticketStatus !== undefined) out = out.where('t.ticket_status', '=', f.ticketStatus);
  if (f.departmentId !== undefined) out = out.where('t.department_id', '=', f.departmentId);
  return out;
}

/** A page of tickets, newest first, and how many match in all. */
export async function ticketsPage(
  db: Kysely<TicketsDB>,
  audience: TicketAudience,
  filters: TicketFilters,
  paging: Paging,
): Promise<{ rows: TicketRow[]; total: number }> {
  const q = filtered(base(db) as Q, audience, filters);
  const { rows, total } = await pageWithTotal(
    q
      .select([
        sql<string>`t.ticket_id::text`.as('id'),
        't.code',
        sql<string>`t.volunteer_id::text`.as('volunteerId'),
        'u.name_ar as volunteerNameAr',
        'u.name_en as volunteerNameEn',
        't.request_type as requestType',
        't.title',
        't.priority',
        sql<string | null>`t.event_id::text`.as('eventId'),
        'e.name_ar as eventNameAr',
        'e.name_en as eventNameEn',
        't.department_id as departmentId',
        't.status',
        't.action',
        't.ticket_status as ticketStatus',
        't.created_at as createdAt',
        't.updated_at as updatedAt',
      ])
      .orderBy('t.created_at', 'desc')
      .orderBy('t.ticket_id'),
    paging,
  );
  return {
    total,
    rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), updatedAt: r.updatedAt.toISOString() })),
  };
}

export interface TicketMessage {
  kind: string;
  /** 1 the volunteer, other roles staff (the spec's "replied by admin or volunteer"). */
  authorRole: number | null;
  body: string | null;
  reasonId: number | null;
  at: string;
}

export interface TicketDetail extends TicketRow {
  description: string;
  reasonId: number | null;
  reason: string | null;
  messages: TicketMessage[];
}

/** One ticket with its conversation, if the audience may see it (else null: the API answers 404). */
export async function ticketDetail(
  db: Kysely<TicketsDB>,
  audience: TicketAudience,
  ticketId: string,
): Promise<TicketDetail | null> {
  const page = await ticketsPage(db, audience, { id: ticketId }, { page: 1, pageSize: 1 });
  const row = page.rows[0];
  if (!row) return null;
  const [extra, messages] = await Promise.all([
    db
      .selectFrom('rm.tickets')
      .select(['description', 'reason_id', 'reason'])
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('rm.ticket_messages')
      .select(['kind', 'author_role', 'body', 'reason_id', 'at'])
      .where('ticket_id', '=', ticketId)
      .orderBy('commit_pos')
      .orderBy('prepare_pos')
      .execute(),
  ]);
  return {
    ...row,
    description: extra.description,
    reasonId: extra.reason_id,
    reason: extra.reason,
    messages: messages.map((m) => ({
      kind: m.kind,
      authorRole: m.author_role,
      body: m.body,
      reasonId: m.reason_id,
      at: m.at.toISOString(),
    })),
  };
}

/** Who created a ticket (the stream its commands go to); null when the read model does not have it (yet). */
export async function ticketOwner(db: Kysely<TicketsDB>, ticketId: string): Promise<string | null> {
  const r = await db
    .selectFrom('rm.tickets')
    .select(sql<string>`volunteer_id::text`.as('volunteer_id'))
    .where('ticket_id', '=', ticketId)
    .executeTakeFirst();
  return r?.volunteer_id ?? null;
}

/** The events a ticket may name (approved, not deleted), by name: the form's list (spec: getEventsList). */
export async function ticketEventOptions(
  db: Kysely<TicketsDB>,
  limit: number,
): Promise<{ id: string; nameAr: string; nameEn: string }[]> {
  const rows = await db
    .selectFrom('rm.ticket_events')
    .select([sql<string>`opportunity_id::text`.as('id'), 'name_ar', 'name_en'])
    .where('approved', '=', true)
    .where('deleted', '=', false)
    .orderBy('name_ar')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ id: r.id, nameAr: r.name_ar, nameEn: r.name_en }));
}
