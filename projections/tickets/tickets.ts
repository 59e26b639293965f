import { sql } from 'kysely';
import type { OpportunityEvent } from '../../domain/opportunity/decide.ts';
import { TICKETS_STREAM_PREFIX, TicketEventTypes, ticketEvents } from '../../domain/ticket/events.ts';
import { readModelTables, streamEvent } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';

/**
 * rm.tickets: one row per ticket, suggestion or contact request (the grids' columns and filters); rm.ticket_messages:
 * each ticket's conversation in log order (the submission, replies, the creator's verdicts); rm.ticket_events: the
 * names of the events tickets may name (its own copy: it reads no other projection's table).
 */
export const ticketsProjection: Projection = {
  name: 'tickets',
  version: 1,
  types: [...TicketEventTypes, 'OpportunityCreated', 'OpportunityEdited', 'OpportunityApproved', 'OpportunityDeleted'],
  ...readModelTables(
    {
      tickets: `
        ticket_id uuid primary key,
        code text not null,
        volunteer_id uuid not null,
        request_type int not null,
        title text not null,
        description text not null,
        priority int not null,
        event_id uuid,
        department_id int,
        status text not null,
        action int not null,
        ticket_status int,
        reason_id int,
        reason text,
        last_response text,
        year int not null,
        created_at timestamptz not null,
        updated_at timestamptz not null`,
      ticket_messages: `
        ticket_id uuid not null,
        commit_pos numeric(20) not null,
        prepare_pos numeric(20) not null,
        kind text not null,
        author_id uuid,
        author_role int,
        body text,
        reason_id int,
        at timestamptz not null,
        primary key (ticket_id, commit_pos, prepare_pos)`,
      ticket_events: `
        opportunity_id uuid primary key,
        name_ar text not null,
        name_en text not null,
        approved boolean not null default false,
        deleted boolean not null default false`,
    },
    (table) => `
      create index on ${table('tickets')} (volunteer_id, created_at desc);
      create index on ${table('tickets')} (created_at desc)`,
  ),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('tickets'));
    const m = sql.raw(table('ticket_messages'));
    const ev = sql.raw(table('ticket_events'));
    for (const stored of events) {
      if (stored.streamId.startsWith('opportunity-')) {
        const e = { type: stored.type, data: stored.data } as OpportunityEvent;
        const id = stored.streamId.slice('opportunity-'.length);
        // The events a ticket may name (the form's list): approved and not deleted.
        if (e.type === 'OpportunityApproved' || e.type === 'OpportunityDeleted') {
          await sql`update ${ev} set ${sql.raw(e.type === 'OpportunityApproved' ? 'approved' : 'deleted')} = true
                    where opportunity_id = ${id}`.execute(tx);
          continue;
        }
        if (e.type !== 'OpportunityCreated' && e.type !== 'OpportunityEdited') continue;
        await sql`insert into ${ev} (opportunity_id, name_ar, name_en) values (${id}, ${e.data.details.nameAr}, ${e.data.details.nameEn})
                  on conflict (opportunity_id) do update set name_ar = excluded.name_ar, name_en = excluded.name_en`.execute(
          tx,
        );
        continue;
      }
      const ticket = streamEvent(stored, TICKETS_STREAM_PREFIX, ticketEvents);
      if (!ticket) continue;
      const { e, id: volunteerId } = ticket;
      const author = stored.metadata.actorId ?? null;
      const role = stored.metadata.actorRole ?? null;
      const message = (kind: string, body: string | null, reasonId: number | null = null) =>
        sql`insert into ${m} (ticket_id, commit_pos, prepare_pos, kind, author_id, author_role, body, reason_id, at)
            values (${e.data.ticketId}, ${stored.position.commit.toString()}, ${stored.position.prepare.toString()}, ${kind},
              ${author}, ${role}, ${body}, ${reasonId}, ${e.data.at})
            on conflict do nothing`.execute(tx);
      switch (e.type) {
        case 'TicketSubmitted': {
          const d = e.data;
          await sql`insert into ${t} (ticket_id, code, volunteer_id, request_type, title, description, priority, event_id,
                      department_id, status, action, year, created_at, updated_at)
                    values (${d.ticketId}, ${d.code}, ${volunteerId}, ${d.requestType}, ${d.title}, ${d.description},
                      ${d.priority}, ${d.eventId}, ${d.departmentId}, 'new', 1, ${new Date(d.at).getUTCFullYear()}, ${d.at}, ${d.at})
                    on conflict (ticket_id) do nothing`.execute(tx);
          await message('submitted', d.description);
          break;
        }
        case 'TicketReplied':
          await sql`update ${t} set status = ${e.data.action === 3 ? 'closed' : 'replied'}, action = ${e.data.action},
                      last_response = ${e.data.response}, updated_at = ${e.data.at}
                    where ticket_id = ${e.data.ticketId}`.execute(tx);
          await message(e.data.action === 3 ? 'closed' : 'reply', e.data.response);
          break;
        case 'TicketDepartmentAssigned':
          await sql`update ${t} set department_id = ${e.data.departmentId}, updated_at = ${e.data.at}
                    where ticket_id = ${e.data.ticketId}`.execute(tx);
          break;
        case 'TicketResolved':
          await sql`update ${t} set status = 'resolved', ticket_status = 1, reason_id = null, reason = null,
                      updated_at = ${e.data.at} where ticket_id = ${e.data.ticketId}`.execute(tx);
          await message('resolved', null);
          break;
        case 'TicketNotResolved':
          await sql`update ${t} set status = 'notResolved', ticket_status = 2, reason_id = ${e.data.reasonId},
                      reason = ${e.data.reason}, updated_at = ${e.data.at} where ticket_id = ${e.data.ticketId}`.execute(
            tx,
          );
          await message('notResolved', e.data.reason, e.data.reasonId);
          break;
      }
    }
  },
};
