import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import { loadOpportunity, participationAction } from '../../commands/participation/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { hoursAcrossEvents } from '../../projections/opportunity/participation-queries.ts';
import * as C from '../contracts/hours.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';
import { eventInScope, staffEventScope, staffScope } from '../http/scope.ts';
import { staffOnEvent } from '../opportunity/guards.ts';

/** Staff log a participant's hours, then approve, reject or delete them (one by one, or many approved at once). */
export function hoursRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.recordHours, { preHandler: staffOnEvent(deps) }, async (req) => {
    const hoursId = randomUUID();
    const position = await participationAction(
      deps.store,
      req.params.id,
      req.params.volunteerId,
      (opportunity) => ({ type: 'RecordHours', entry: { hoursId, ...req.body }, opportunity }),
      commandContext(req, deps),
    );
    return { hoursId, position: formatPosition(position) };
  });

  for (const [contract, type] of [
    [C.approveHours, 'ApproveHours'],
    [C.rejectHours, 'RejectHours'],
    [C.deleteHours, 'DeleteHours'],
  ] as const)
    route(app, contract, { preHandler: staffOnEvent(deps) }, async (req) =>
      ok(
        await participationAction(
          deps.store,
          req.params.id,
          req.params.volunteerId,
          () => ({ type, hoursId: req.params.hoursId }),
          commandContext(req, deps),
        ),
      ),
    );

  // Approve many hours at once (spec: volunteers must be selected before approving).
  route(app, C.approveManyHours, { preHandler: staffOnEvent(deps) }, async (req) => {
    const results: { hoursId: string; result: string }[] = [];
    let position: string | null = null;
    for (const it of req.body.items) {
      try {
        position = formatPosition(
          await participationAction(
            deps.store,
            req.params.id,
            it.volunteerId,
            () => ({ type: 'ApproveHours', hoursId: it.hoursId }),
            { ...commandContext(req, deps), commandId: `${req.id}:${it.hoursId}` },
          ),
        );
        results.push({ hoursId: it.hoursId, result: 'approved' });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        results.push({ hoursId: it.hoursId, result: e.code });
      }
    }
    return { results, position };
  });

  // The hours of every event in the caller's scope (staff: her regions and cities, as the pending events list).
  route(app, C.hoursGrid, {}, async (req) => {
    await readAfter(req, deps, ['participations', 'opportunities', 'users']);
    const { after: _after, ...f } = req.query;
    const scope = await staffEventScope(deps.db, req.session!, await deps.lookups.current());
    return hoursAcrossEvents(deps.db, scope, f);
  });

  // Approve or reject many entries of any events: each through the per-entry command, each answered on its own.
  route(app, C.decideManyHours, {}, async (req) => {
    const scope = await staffScope(deps, req.session!);
    const inScope = new Map<string, boolean>();
    const type = req.body.decision === 'approve' ? 'ApproveHours' : 'RejectHours';
    const done = req.body.decision === 'approve' ? 'approved' : 'rejected';
    const results: { hoursId: string; result: string }[] = [];
    let position: string | null = null;
    for (const it of req.body.items) {
      try {
        let seen = inScope.get(it.opportunityId);
        if (seen === undefined) {
          const o = await loadOpportunity(deps.store, it.opportunityId).catch(() => null);
          seen = !!o?.details && eventInScope(scope, o.details);
          inScope.set(it.opportunityId, seen);
        }
        if (!seen) throw new DomainError('NotFound');
        position = formatPosition(
          await participationAction(
            deps.store,
            it.opportunityId,
            it.volunteerId,
            () => ({ type, hoursId: it.hoursId }),
            { ...commandContext(req, deps), commandId: `${req.id}:${it.opportunityId}:${it.hoursId}` },
          ),
        );
        results.push({ hoursId: it.hoursId, result: done });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        results.push({ hoursId: it.hoursId, result: e.code });
      }
    }
    return { results, position };
  });
}
