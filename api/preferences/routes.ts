import type { FastifyInstance } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import { changePreferences, loadPreferences } from '../../commands/preferences/handlers.ts';
import * as C from '../contracts/preferences.ts';
import { requireUser } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';

/**
 * The signed-in user's preferences. Read from the user's own small stream (consistent with the mail jobs, which read it
 * the same way right before sending), so there is no read model to wait for.
 */
export function preferenceRoutes(app: FastifyInstance, deps: ApiDeps) {
  const user = { preHandler: requireUser() };
  route(app, C.getPreferences, user, async (req) => loadPreferences(deps.store, req.session!.userId));
  route(app, C.updatePreferences, user, async (req) => ({
    position: formatPosition(
      await changePreferences(deps.store, req.session!.userId, req.body, commandContext(req, deps)),
    ),
  }));
}
