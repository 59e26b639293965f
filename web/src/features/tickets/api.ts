import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/tickets.ts';
import { call, pageQuery, queryNumber } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';
import type { TicketsSearch } from './search.ts';
import { ticketsParams } from './search.ts';

export type {
  NewTicket,
  TicketDetail,
  TicketOptions,
  TicketReply,
  TicketRow,
  TicketVerdict,
} from '../../../../api/contracts/tickets.ts';

function queryOf(s: TicketsSearch) {
  const p = ticketsParams(s);
  return {
    after: afterPosition(),
    ...pageQuery(p),
    code: p.code,
    title: p.title,
    action: queryNumber(p.action),
    id: p.id,
    year: queryNumber(p.year),
    requestType: queryNumber(p.requestType),
    ticketStatus: queryNumber(p.ticketStatus),
  };
}

export const ticketOptionsQuery = {
  ...endpointQuery(['tickets', 'options'], C.ticketOptions, () => ({})),
  staleTime: 60_000,
};

/** The signed-in volunteer's tickets, or the staff's (who also filter by department). */
export const ticketsQuery = (s: TicketsSearch, staff: boolean) =>
  endpointQuery(['tickets', staff ? 'staff' : 'mine', s], staff ? C.staffTickets : C.myTickets, () => ({
    query: { ...queryOf(s), ...(staff ? { departmentId: queryNumber(s.departmentId) } : {}) },
  }));

export const ticketQuery = (id: string, staff: boolean) =>
  readYourWritesQuery(['tickets', staff ? 'staff' : 'mine', 'one', id], staff ? C.staffTicket : C.myTicket, { id });

/** The answer once this tab's reads include it. */
const settled = <T extends { position: string }>(qc: QueryClient, done: Promise<T>) =>
  afterCommand(qc, ['tickets'], done);

export const submitTicket = (qc: QueryClient, body: C.NewTicket) => settled(qc, call(C.submitTicket, { body }));
export const markTicket = (qc: QueryClient, id: string, body: C.TicketVerdict) =>
  settled(qc, call(C.markTicket, { params: { id }, body }));
export const replyToTicket = (qc: QueryClient, id: string, body: C.TicketReply) =>
  settled(qc, call(C.replyToTicket, { params: { id }, body }));
export const assignTicketDepartment = (qc: QueryClient, id: string, departmentId: number) =>
  settled(qc, call(C.assignTicketDepartment, { params: { id }, body: { departmentId } }));
