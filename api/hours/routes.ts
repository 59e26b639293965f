import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import { participationAction } from '../../commands/participation/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import * as C from '../contracts/hours.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { ok, staffOnEvent } from '../opportunity/guards.ts';

/** Staff log a participant's hours, then approve, reject or delete them (one by one, or many approved at once). */
export function hoursRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.recordHours, { preHandler: staffOnEvent(deps, 'volunteerhours', 'Add') }, async (req) => {
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

  for (const [contract, type, action] of [
    [C.approveHours, 'ApproveHours', 'Approve'],
    [C.rejectHours, 'RejectHours', 'Approve'],
    [C.deleteHours, 'DeleteHours', 'Edit'],
  ] as const)
    route(app, contract, { preHandler: staffOnEvent(deps, 'volunteerhours', action) }, async (req) =>
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
  route(app, C.approveManyHours, { preHandler: staffOnEvent(deps, 'volunteerhours', 'Approve') }, async (req) => {
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
}
