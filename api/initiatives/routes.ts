import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { formatPosition } from '../../commands/event-store/port.ts';
import * as commands from '../../commands/initiative/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type InitiativeAudience, initiativeRow, initiativesPage } from '../../projections/initiatives/queries.ts';
import * as C from '../contracts/initiatives.ts';
import { audienceReads } from '../http/audience-reads.ts';
import { requireScreen } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { addressInScope, eventInScope, staffScope } from '../http/scope.ts';

const READ_MODELS = ['initiatives'];

/**
 * Event initiatives (screen `initiatives`): a volunteer or a centre proposes (Add) and sees their own (View); those
 * who decide (Approve) list every initiative their regions and cities allow, approve one into a draft event (which
 * also needs `eventsadmin` Add, as creating an event does) or reject it.
 */
export function initiativeRoutes(app: FastifyInstance, deps: ApiDeps) {
  const scoped = async (req: FastifyRequest): Promise<InitiativeAudience> => ({
    scope: await staffScope(deps, req.session!),
  });
  const filtersOf = (q: z.output<typeof C.InitiativesQuery>) => ({
    code: q.code,
    name: q.name,
    status: q.status,
    year: q.year,
  });
  const reads = audienceReads(deps, READ_MODELS, { page: initiativesPage, row: initiativeRow, filtersOf });
  /** Before a decision: the same check on the initiative's stream (a read model may be behind the proposal). */
  const decidable = async (req: FastifyRequest, id: string) => {
    const s = await commands.loadInitiative(deps.store, id);
    if (!s.id || !addressInScope(await staffScope(deps, req.session!), s)) throw new DomainError('NotFound');
  };

  route(app, C.myInitiatives, {}, async (req) => reads.page(req, { proposerId: req.session!.userId }, req.query));
  route(app, C.proposeInitiative, {}, async (req, reply) => {
    const r = await commands.proposeInitiative(deps.store, req.session!.userId, req.body, commandContext(req, deps));
    reply.code(201);
    return { position: formatPosition(r.position), initiativeId: r.initiativeId, code: r.code };
  });

  // Those who decide: every initiative their areas cover (another is NotFound).
  route(app, C.initiatives, {}, async (req) => reads.page(req, await scoped(req), req.query));
  route(app, C.initiative, {}, async (req) => reads.row(req, await scoped(req), req.params.id));
  route(app, C.approveInitiative, { preHandler: requireScreen(deps, 'eventsadmin', 'Add') }, async (req) => {
    await decidable(req, req.params.id);
    // The draft event's places, like any event a staff member creates, lie in their areas.
    if (!eventInScope(await staffScope(deps, req.session!), req.body))
      throw new DomainError('RegionNotAllowed', { field: 'regionIds' });
    const r = await commands.approveInitiative(
      deps.store,
      req.params.id,
      req.body,
      deps.client,
      commandContext(req, deps),
    );
    return { position: formatPosition(r.position), eventId: r.eventId };
  });
  route(app, C.rejectInitiative, {}, async (req) => {
    await decidable(req, req.params.id);
    const p = await commands.rejectInitiative(deps.store, req.params.id, req.body.reason, commandContext(req, deps));
    return { position: formatPosition(p) };
  });
}
