import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formatPosition } from '../../commands/event-store/port.ts';
import * as commands from '../../commands/ticket/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  type TicketAudience,
  ticketDetail,
  ticketEventOptions,
  ticketsPage,
} from '../../projections/tickets/queries.ts';
import * as C from '../contracts/tickets.ts';
import { audienceReads } from '../http/audience-reads.ts';
import { requireUser } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';
import { staffScope } from '../http/scope.ts';

const READ_MODELS = ['tickets'];
const EVENT_OPTIONS_MAX = 500;

/**
 * Tickets, suggestions and contact requests: the volunteer's own (screen `tickets`), and every ticket a staff
 * member's regions and cities allow (screen `ticketsadmin`): reply, close, assign a department.
 */
export function ticketRoutes(app: FastifyInstance, deps: ApiDeps) {
  const db = deps.db;
  const mine = (req: FastifyRequest): TicketAudience => ({ volunteerId: req.session!.userId });
  const scoped = async (req: FastifyRequest): Promise<TicketAudience> => ({
    scope: await staffScope(deps, req.session!),
  });
  /** The ticket's creator, if the staff member may see the ticket; else NotFound (no hint it exists). */
  const ownerInScope = async (req: FastifyRequest, id: string): Promise<string> => {
    const detail = await ticketDetail(db, await scoped(req), id);
    if (!detail) throw new DomainError('NotFound');
    return detail.volunteerId;
  };
  const filtersOf = (q: z.output<typeof C.StaffTicketsQuery>) => ({
    code: q.code,
    title: q.title,
    action: q.action,
    id: q.id,
    year: q.year,
    requestType: q.requestType,
    ticketStatus: q.ticketStatus,
    departmentId: q.departmentId,
  });
  const reads = audienceReads(deps, READ_MODELS, { page: ticketsPage, row: ticketDetail, filtersOf });

  route(app, C.ticketOptions, { preHandler: requireUser() }, async () => {
    const lookups = await deps.lookups.current();
    return {
      departments: lookups.list('department').map((d) => ({ id: d.id, nameAr: d.nameAr, nameEn: d.nameEn })),
      events: await ticketEventOptions(db, EVENT_OPTIONS_MAX),
    };
  });

  route(app, C.myTickets, {}, async (req) => reads.page(req, mine(req), req.query));
  route(app, C.myTicket, {}, async (req) => reads.row(req, mine(req), req.params.id));
  route(app, C.submitTicket, {}, async (req) => {
    const r = await commands.submitTicket(deps.store, req.session!.userId, req.body, commandContext(req, deps));
    return { position: formatPosition(r.position), ticketId: r.ticketId, code: r.code };
  });
  route(app, C.markTicket, {}, async (req) => {
    // Only the creator: the ticket is looked up in the caller's own stream, so another's id is NotFound.
    return ok(
      await commands.markTicket(deps.store, req.session!.userId, req.params.id, req.body, commandContext(req, deps)),
    );
  });

  route(app, C.staffTickets, {}, async (req) => reads.page(req, await scoped(req), req.query));
  route(app, C.staffTicket, {}, async (req) => reads.row(req, await scoped(req), req.params.id));
  route(app, C.replyToTicket, {}, async (req) => {
    const owner = await ownerInScope(req, req.params.id);
    return ok(await commands.replyToTicket(deps.store, owner, req.params.id, req.body, commandContext(req, deps)));
  });
  route(app, C.assignTicketDepartment, {}, async (req) => {
    const owner = await ownerInScope(req, req.params.id);
    return ok(
      await commands.assignTicketDepartment(
        deps.store,
        owner,
        req.params.id,
        req.body.departmentId,
        commandContext(req, deps),
      ),
    );
  });
}
