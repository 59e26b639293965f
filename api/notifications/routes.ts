import type { FastifyInstance } from 'fastify';
import * as commands from '../../commands/participation/handlers.ts';
import { NOTIFICATIONS_LIST_LIMIT } from '../../domain/participation/notifications.ts';
import { notificationsOf } from '../../projections/notifications/queries.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import * as C from '../contracts/notifications.ts';
import { requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';

const READ_MODELS = ['notifications'];

/** The volunteer's in-app notifications (docs/notifications.md) and the answers to an extension (type 16). */
export function notificationRoutes(app: FastifyInstance, deps: ApiDeps) {
  const volunteer = { preHandler: requireVolunteer() };

  route(app, C.listNotifications, volunteer, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    if (req.query.fresh) await waitForPosition(deps.db, READ_MODELS, await deps.store.lastPosition(), deps.readWaitMs);
    return notificationsOf(deps.db, req.session!.userId, NOTIFICATIONS_LIST_LIMIT);
  });

  route(app, C.markNotificationsRead, volunteer, async (req) =>
    ok(
      await commands.markNotificationsRead(
        deps.store,
        req.session!.userId,
        'all' in req.body ? { type: 'MarkAllRead' } : { type: 'MarkRead', ids: req.body.ids },
        commandContext(req, deps),
      ),
    ),
  );

  route(app, C.continueExtension, volunteer, async (req) =>
    ok(await commands.continueExtension(deps.store, req.params.id, req.session!.userId, commandContext(req, deps))),
  );
  route(app, C.declineExtension, volunteer, async (req) =>
    ok(await commands.declineExtension(deps.store, req.params.id, req.session!.userId, commandContext(req, deps))),
  );
}
