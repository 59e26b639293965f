import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/tickets.ts';
import { call, pageQuery, queryNumber } from '../../lib/client.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';
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

export const ticketOptionsQuery = queryOptions({
  queryKey: ['tickets', 'options'],
  queryFn: ({ signal }) => call(C.ticketOptions, {}, { signal }),
  staleTime: 60_000,
});

export const myTicketsQuery = (s: TicketsSearch) =>
  queryOptions({
    queryKey: ['tickets', 'mine', s],
    queryFn: ({ signal }) => call(C.myTickets, { query: queryOf(s) }, { signal }),
  });

export const staffTicketsQuery = (s: TicketsSearch) =>
  queryOptions({
    queryKey: ['tickets', 'staff', s],
    queryFn: ({ signal }) =>
      call(C.staffTickets, { query: { ...queryOf(s), departmentId: queryNumber(s.departmentId) } }, { signal }),
  });

export const ticketQuery = (id: string, staff: boolean) =>
  queryOptions({
    queryKey: ['tickets', staff ? 'staff' : 'mine', 'one', id],
    queryFn: ({ signal }) =>
      call(staff ? C.staffTicket : C.myTicket, { params: { id }, query: { after: afterPosition() } }, { signal }),
  });

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
