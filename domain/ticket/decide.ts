import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type TicketEvent, ticketEvents } from './events.ts';
import {
  DEFAULT_PRIORITY,
  duplicateKey,
  type Priority,
  type RejectReason,
  type RequestType,
  replyIssues,
  type TicketStatus,
  TicketVerdict,
  ticketIssues,
  UNRESOLVED,
  verdictIssues,
} from './rules.ts';

export interface Ticket {
  id: string;
  code: string;
  requestType: RequestType;
  title: string;
  eventId: string | null;
  departmentId: number | null;
  status: TicketStatus;
}

/** One volunteer's tickets, by id. */
export interface VolunteerTickets {
  tickets: Record<string, Ticket>;
}

export type TicketCommand =
  | {
      type: 'SubmitTicket';
      /** Chosen by the caller (a new UUID), with the code made from it (rules.ts, ticketCode). */
      ticketId: string;
      code: string;
      requestType?: number | null;
      title?: string | null;
      description?: string | null;
      priority?: number | null;
      eventId?: string | null;
      departmentId?: number | null;
    }
  | { type: 'ReplyToTicket'; ticketId: string; action?: number | null; response?: string | null }
  | { type: 'AssignTicketDepartment'; ticketId: string; departmentId: number }
  | { type: 'MarkTicket'; ticketId: string; status?: number | null; reasonId?: number | null; reason?: string | null };

function ticketOf(s: VolunteerTickets, id: string): Ticket {
  const t = s.tickets[id];
  if (!t) throw new DomainError('NotFound', { ticketId: id });
  return t;
}

function firstIssue(issues: readonly { path: string; code: string }[]) {
  const first = issues[0];
  if (first) throw new DomainError(first.code as never, { field: first.path, issues });
}

/** What status each event leads to. */
function statusAfter(e: TicketEvent, before: TicketStatus): TicketStatus {
  switch (e.type) {
    case 'TicketSubmitted':
      return 'new';
    case 'TicketReplied':
      return e.data.action === 3 ? 'closed' : 'replied';
    case 'TicketResolved':
      return 'resolved';
    case 'TicketNotResolved':
      return 'notResolved';
    case 'TicketDepartmentAssigned':
      return before;
  }
}

export const ticketDecider: Decider<VolunteerTickets, TicketCommand, TicketEvent> = {
  events: ticketEvents,
  initialState: () => ({ tickets: {} }),

  evolve(s, e) {
    if (e.type === 'TicketSubmitted') {
      const d = e.data;
      const t: Ticket = {
        id: d.ticketId,
        code: d.code,
        requestType: d.requestType,
        title: d.title,
        eventId: d.eventId,
        departmentId: d.departmentId,
        status: 'new',
      };
      return { tickets: { ...s.tickets, [d.ticketId]: t } };
    }
    const before = s.tickets[e.data.ticketId];
    if (!before) return s;
    const after: Ticket = { ...before, status: statusAfter(e, before.status) };
    if (e.type === 'TicketDepartmentAssigned') after.departmentId = e.data.departmentId;
    return { tickets: { ...s.tickets, [before.id]: after } };
  },

  decide(cmd, s, now) {
    const at = now.toISOString();
    switch (cmd.type) {
      case 'SubmitTicket': {
        firstIssue(ticketIssues(cmd));
        const requestType = cmd.requestType as RequestType;
        const title = cmd.title!.trim();
        // Only a ticket (type 1) names an event.
        const eventId = requestType === 1 ? (cmd.eventId ?? null) : null;
        if (s.tickets[cmd.ticketId]) throw new DomainError('ValidationFailed', { field: 'ticketId' });
        const key = duplicateKey({ requestType, eventId, title });
        const open = Object.values(s.tickets).find((t) => UNRESOLVED.includes(t.status) && duplicateKey(t) === key);
        if (open) throw new DomainError('DuplicateTicketNotResolvedYet', { code: open.code });
        return [
          {
            type: 'TicketSubmitted',
            data: {
              ticketId: cmd.ticketId,
              code: cmd.code,
              requestType,
              title,
              description: cmd.description!.trim(),
              priority: (cmd.priority ?? DEFAULT_PRIORITY) as Priority,
              eventId,
              departmentId: cmd.departmentId ?? null,
              at,
            },
          },
        ];
      }
      case 'ReplyToTicket': {
        const t = ticketOf(s, cmd.ticketId);
        firstIssue(replyIssues(cmd));
        if (t.status === 'closed') throw new DomainError('InvalidStatusChange', { status: t.status });
        return [
          {
            type: 'TicketReplied',
            data: {
              ticketId: t.id,
              action: cmd.action as 2 | 3,
              response: cmd.response!.trim(),
              at,
              previousStatus: t.status,
            },
          },
        ];
      }
      case 'AssignTicketDepartment': {
        const t = ticketOf(s, cmd.ticketId);
        if (!Number.isInteger(cmd.departmentId) || cmd.departmentId < 1)
          throw new DomainError('ValidationFailed', { field: 'departmentId' });
        if (t.status === 'closed') throw new DomainError('InvalidStatusChange', { status: t.status });
        if (t.departmentId === cmd.departmentId) return [];
        return [
          {
            type: 'TicketDepartmentAssigned',
            data: { ticketId: t.id, departmentId: cmd.departmentId, previous: t.departmentId, at },
          },
        ];
      }
      case 'MarkTicket': {
        const t = ticketOf(s, cmd.ticketId);
        firstIssue(verdictIssues(cmd));
        // The creator judges a reply: only a replied ticket takes a verdict.
        if (t.status !== 'replied') throw new DomainError('InvalidStatusChange', { status: t.status });
        if (cmd.status === TicketVerdict.Resolved) return [{ type: 'TicketResolved', data: { ticketId: t.id, at } }];
        const reason = cmd.reason?.trim() || null;
        return [
          {
            type: 'TicketNotResolved',
            data: { ticketId: t.id, reasonId: cmd.reasonId as RejectReason, reason, at },
          },
        ];
      }
    }
  },
};
