import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { handleCommand } from '../../commands/handle.ts';
import { type OpportunityCommand, opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import { isOpenTo } from '../../domain/opportunity/rules.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { eventRow, participationStatus, registeredPlace } from '../../projections/opportunity/queries.ts';
import * as C from '../contracts/opportunity.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';
import { eventInScope, staffScope } from '../http/scope.ts';
import { staffOnEvent } from './guards.ts';

/** The events themselves: create, edit, approve, stop invitations, delete (and confirm it), and the details page. */
export function opportunityRoutes(app: FastifyInstance, deps: ApiDeps) {
  /** Staff limited to places create and edit only events for those places (or open to all). */
  const placesInScope = async (req: FastifyRequest) => {
    const scope = await staffScope(deps, req.session!);
    if (!eventInScope(scope, req.body as { visibility: number; regionIds: number[]; cityIds: number[] }))
      throw new DomainError('RegionNotAllowed', { field: 'regionIds' });
  };
  /** A command on the event's own stream (contended by seats: a generous conflict budget). */
  const onEvent = (req: FastifyRequest<{ Params: { id: string } }>, command: OpportunityCommand) =>
    handleCommand(
      deps.store,
      opportunityStream(req.params.id),
      opportunityDecider,
      command,
      commandContext(req, deps),
      { maxAttempts: 50 },
    );
  const staff = { preHandler: staffOnEvent(deps) };

  route(app, C.createOpportunity, { preHandler: placesInScope }, async (req, reply) => {
    const opportunityId = randomUUID();
    const res = await handleCommand(
      deps.store,
      opportunityStream(opportunityId),
      opportunityDecider,
      { type: 'Create', details: req.body, client: deps.client, lookups: await deps.lookups.current() },
      commandContext(req, deps),
    );
    reply.code(201);
    return { opportunityId, ...ok(res.position) };
  });

  route(app, C.approveOpportunity, staff, async (req) => ok((await onEvent(req, { type: 'Approve' })).position));

  route(app, C.editOpportunity, { preHandler: [staffOnEvent(deps), placesInScope] }, async (req) =>
    ok(
      (
        await onEvent(req, {
          type: 'Edit',
          details: req.body,
          client: deps.client,
          lookups: await deps.lookups.current(),
        })
      ).position,
    ),
  );

  route(app, C.rejectOpportunity, staff, async (req) =>
    ok((await onEvent(req, { type: 'Reject', reason: req.body.reason })).position),
  );

  route(app, C.stopInvitations, staff, async (req) => ok((await onEvent(req, { type: 'StopInvitations' })).position));

  route(app, C.deleteOpportunity, staff, async (req) => {
    const res = await onEvent(req, { type: 'Delete', reason: req.body.reason });
    return { ...ok(res.position), pendingApproval: res.events.some((e) => e.type === 'OpportunityDeleteRequested') };
  });

  route(app, C.confirmDeleteOpportunity, staff, async (req) =>
    ok((await onEvent(req, { type: 'ConfirmDelete' })).position),
  );

  /**
   * Who may see an event's details (the lead's mobile and e-mail among them): event staff within their scope; a
   * volunteer with a place on it; else only a listed event (approved, not deleted) open to her (domain isOpenTo: to
   * all, or restricted to her region or city). Anything else is "not found".
   */
  async function mayViewEvent(
    req: FastifyRequest,
    o: { approval: string; status: number; visibility: number; region_ids: number[]; city_ids: number[] },
    hasPlace: boolean,
  ): Promise<boolean> {
    const s = req.session;
    const event = { visibility: o.visibility, regionIds: o.region_ids, cityIds: o.city_ids };
    if (s && (await deps.permissions.fresh()).can(s.roleId, 'eventsadmin', 'View'))
      return eventInScope(await staffScope(deps, s), event);
    if (hasPlace) return true;
    if (o.approval !== 'approved' || o.status === 4) return false;
    const nowhere = { regionId: null, cityId: null, invited: false };
    if (isOpenTo(event, nowhere)) return true;
    if (!s) return false;
    const mine = await registeredPlace(deps.db, s.userId);
    return !!mine && isOpenTo(event, { regionId: mine.region_id, cityId: mine.city_id, invited: false });
  }

  route(app, C.opportunityDetails, {}, async (req) => {
    if (deps.client.eventDetailsRequireLogin && !req.session)
      throw new DomainError(req.sessionExpired ? 'SessionExpired' : 'YouMustLogIn');
    // Who may see it reads the participations and registrations too.
    await readAfter(req, deps, ['opportunities', 'participations', 'registrations']);
    const o = await eventRow(deps.db, req.params.id);
    // The signed-in user's own participation: it opens the details to her, and the page shows "already asked"
    // instead of a second join button.
    const mine = req.session ? await participationStatus(deps.db, req.params.id, req.session.userId) : undefined;
    if (!o || !(await mayViewEvent(req, o, mine !== undefined))) throw new DomainError('NotFound');
    return {
      id: req.params.id,
      ...(o.details as Omit<C.EventDetail, 'id' | 'status' | 'approval' | 'rejectReason' | 'joinedCount' | 'myStatus'>),
      status: o.status,
      approval: o.approval,
      rejectReason: o.approval === 'rejected' ? o.reject_reason : null,
      joinedCount: o.seats_taken,
      myStatus: mine ?? null,
    };
  });
}
