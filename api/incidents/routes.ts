import type { FastifyInstance, FastifyRequest } from 'fastify';
import { participationAction } from '../../commands/participation/handlers.ts';
import * as C from '../contracts/incidents.ts';
import { requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';

/** The volunteer checks in during the event, then records contributions (incidents). */
export function incidentRoutes(app: FastifyInstance, deps: ApiDeps) {
  const volunteer = { preHandler: requireVolunteer() };

  /** The signed-in volunteer's participation in the event of the path takes `build`'s command. */
  const act = async (
    req: FastifyRequest<{ Params: { id: string } }>,
    build: Parameters<typeof participationAction>[3],
  ) => ok(await participationAction(deps.store, req.params.id, req.session!.userId, build, commandContext(req, deps)));

  route(app, C.checkIn, volunteer, (req) => act(req, (opportunity) => ({ type: 'CheckIn', opportunity })));
  route(app, C.recordContribution, volunteer, (req) =>
    act(req, () => ({ type: 'RecordIncident', incident: req.body.incident, mode: req.body.mode })),
  );
}
