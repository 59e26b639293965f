import { z } from 'zod';
import { DESCRIPTION_MAX, REASON_MAX, RESPONSE_MAX, TICKET_STATUSES, TITLE_MAX } from '../../domain/ticket/rules.ts';
import {
  AfterQuery,
  CommandAccepted,
  GridPage,
  IdParams,
  named,
  PagedQuery,
  PositionText,
  strictBody,
} from './common.ts';
import { endpoints, mine, type Permission, staff } from './endpoint.ts';
import * as P from './primitives.ts';

/** The years a ticket can carry (the portal's dates). */
const Year = P.queryInt(2000, 2100);

/** The spec's search filters (Code, Title, TicketActionId, Id, TicketYear, RequestTypeId, TicketStatusId), paged. */
export const TicketsQuery = PagedQuery.extend({
  code: P.text(40).optional(),
  title: P.text(TITLE_MAX).optional(),
  action: P.queryOneOf([1, 2, 3]).optional(),
  id: P.uuid().optional(),
  year: Year.optional(),
  requestType: P.queryOneOf([1, 2, 4]).optional(),
  ticketStatus: P.queryOneOf([1, 2]).optional(),
});
export const StaffTicketsQuery = TicketsQuery.extend({ departmentId: P.queryInt(1).optional() });
export type TicketsQuery = z.input<typeof TicketsQuery>;

export const TicketRow = named('TicketRow', {
  id: z.string(),
  code: z.string(),
  volunteerId: z.string(),
  ...P.bilingual('volunteerName', 'nullable'),
  requestType: z.number().int(),
  title: z.string(),
  priority: z.number().int(),
  eventId: z.string().nullable(),
  ...P.bilingual('eventName', 'nullable'),
  departmentId: z.number().int().nullable(),
  status: z.enum(TICKET_STATUSES),
  action: z.number().int(),
  ticketStatus: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TicketRow = z.infer<typeof TicketRow>;

export const TicketsPage = GridPage(TicketRow).meta({ id: 'TicketsPage' });

export const TicketDetail = TicketRow.extend({
  description: z.string(),
  reasonId: z.number().int().nullable(),
  reason: z.string().nullable(),
  messages: z.array(
    z.object({
      kind: z.string(),
      authorRole: z.number().int().nullable(),
      body: z.string().nullable(),
      reasonId: z.number().int().nullable(),
      at: z.string(),
    }),
  ),
}).meta({ id: 'TicketDetail' });
export type TicketDetail = z.infer<typeof TicketDetail>;

/**
 * A new ticket (1), suggestion (2) or contact request (4). Fields may be missing or empty: the domain answers with the
 * spec's codes (TicketTitleRequired, TicketTypeRequired, TicketDescriptionRequired, EventisRequired).
 */
export const NewTicket = strictBody('NewTicket', {
  requestType: P.int(0, 100).nullable().optional(),
  title: P.text(TITLE_MAX).nullable().optional(),
  description: P.longText(DESCRIPTION_MAX).nullable().optional(),
  priority: P.int(0, 100).nullable().optional(),
  eventId: P.uuid().nullable().optional(),
  departmentId: P.id.nullable().optional(),
});
export type NewTicket = z.input<typeof NewTicket>;

/** Spec: success shows the ticket code. */
export const TicketSubmitted = named('TicketSubmitted', {
  position: PositionText,
  ticketId: z.string(),
  code: z.string(),
});

export const TicketReply = strictBody('TicketReply', {
  action: P.int(0, 100).nullable().optional(),
  response: P.longText(RESPONSE_MAX).nullable().optional(),
});
export type TicketReply = z.input<typeof TicketReply>;

export const TicketVerdict = strictBody('TicketVerdict', {
  status: P.int(0, 100).nullable().optional(),
  reasonId: P.int(0, 100).nullable().optional(),
  reason: P.longText(REASON_MAX).nullable().optional(),
});
export type TicketVerdict = z.input<typeof TicketVerdict>;

export const TicketDepartment = strictBody('TicketDepartment', { departmentId: P.id });

const Option = z.object({ id: z.union([z.string(), z.number()]), ...P.bilingual('name') });
export const TicketOptions = named('TicketOptions', {
  departments: z.array(Option.extend({ id: z.number().int() })),
  events: z.array(Option.extend({ id: z.string() })),
});
export type TicketOptions = z.infer<typeof TicketOptions>;

const tickets = endpoints('tickets');
/** One ticket at `path` (its `:id`), as its creator or the staff read it. */
const oneTicket = <const Path extends string, const G extends Permission>(path: Path, permission: G) =>
  tickets.get(path, { permission, params: IdParams, query: AfterQuery, response: TicketDetail });
/** A command on one ticket at `path` (its `:id`) with its body, answered with the position. */
const onTicket = <const Path extends string, const G extends Permission, const B extends z.ZodType>(
  path: Path,
  permission: G,
  body: B,
) => tickets.post(path, { permission, params: IdParams, body, response: CommandAccepted });

/** The forms' lists: departments (master data) and the events a ticket may name (spec: getEventsList). */
export const ticketOptions = tickets.get('/api/tickets/options', { response: TicketOptions });

// The volunteer's own tickets (spec: ticket/{id}, create ticket).
export const myTickets = tickets.get('/api/me/tickets', {
  permission: mine('tickets', 'View'),
  query: TicketsQuery,
  response: TicketsPage,
});
export const myTicket = oneTicket('/api/me/tickets/:id', mine('tickets', 'View'));
export const submitTicket = tickets.post('/api/me/tickets', {
  permission: mine('tickets', 'Add'),
  body: NewTicket,
  response: TicketSubmitted,
});
/** The creator's verdict on a reply: resolved (1) or not resolved (2) with a reason (spec: submitUserAction). */
export const markTicket = onTicket('/api/me/tickets/:id/verdict', mine('tickets', 'View'), TicketVerdict);

// Staff: every ticket their scope allows.
export const staffTickets = tickets.get('/api/tickets', {
  permission: staff('ticketsadmin', 'View'),
  query: StaffTicketsQuery,
  response: TicketsPage,
});
export const staffTicket = oneTicket('/api/tickets/:id', staff('ticketsadmin', 'View'));
/** Spec: submitReply (action 2 a reply, 3 a reply that closes). */
export const replyToTicket = onTicket('/api/tickets/:id/reply', staff('ticketsadmin', 'Edit'), TicketReply);
export const assignTicketDepartment = onTicket(
  '/api/tickets/:id/department',
  staff('ticketsadmin', 'Edit'),
  TicketDepartment,
);
