import type { FastifyInstance } from 'fastify';
import { assignAreas } from '../../commands/account/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { loginLogPage, staffMembers } from '../../projections/account/queries.ts';
import * as C from '../contracts/users.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';

/** The users log, the region and city permissions of staff, and the staff who can review an interview. */
export function userRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.loginLog, {}, async (req) => {
    await readAfter(req, deps, ['login-log', 'users']);
    return loginLogPage(deps.db, req.query);
  });

  // Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on.
  route(app, C.assignAreas, {}, async (req) => ({
    position: formatPosition(await assignAreas(deps.store, req.params.id, req.body, commandContext(req, deps))),
  }));

  route(app, C.staffMembers, {}, async () => staffMembers(deps.db));
}
