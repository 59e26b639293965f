import type { FastifyInstance } from 'fastify';
import { participationAction } from '../../commands/participation/handlers.ts';
import * as C from '../contracts/incidents.ts';
import { requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { ok } from '../opportunity/guards.ts';

/** The volunteer checks in during the event, then records contributions (incidents). */
export function incidentRoutes(app: FastifyInstance, deps: ApiDeps) {
  const volunteer = { preHandler: requireVolunteer() };

  route(app, C.checkIn, volunteer, async (req) =>
    ok(
      await participationAction(
        deps.store,
        req.params.id,
        req.session!.userId,
        (opportunity) => ({ type: 'CheckIn', opportunity }),
        commandContext(req, deps),
      ),
    ),
  );

  route(app, C.recordContribution, volunteer, async (req) =>
    ok(
      await participationAction(
        deps.store,
        req.params.id,
        req.session!.userId,
        () => ({ type: 'RecordIncident', incident: req.body.incident, mode: req.body.mode }),
        commandContext(req, deps),
      ),
    ),
  );
}
