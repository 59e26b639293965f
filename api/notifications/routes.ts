import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { formatPosition, type Position } from '../../commands/event-store/port.ts';
import { continueExtension, declineExtension, markNotificationsRead } from '../../commands/participation/handlers.ts';
import { type ExtensionState, NOTIFICATIONS_LIST_LIMIT } from '../../domain/participation/notifications.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { AfterQuery, CommandAccepted } from '../contracts/common.ts';
import { MarkNotificationsRead, NotificationsList } from '../contracts/notifications.ts';
import * as P from '../contracts/primitives.ts';
import { requireVolunteer } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';

const READ_MODELS = ['notifications'];

/** The volunteer's in-app notifications (docs/notifications.md) and the answers to an extension (type 16). */
export function notificationRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const ok = (p: Position) => ({ position: formatPosition(p) });
  const volunteer = requireVolunteer();

  // Newest first, at most 50, and the unread count. `?after=` waits for a command's position; `?fresh=1` waits for
  // the newest event in the log (the web app asks so when the live invitations stream reports a change).
  r.get(
    '/api/me/notifications',
    {
      schema: {
        tags,
        querystring: AfterQuery.extend({ fresh: z.literal('1').optional() }),
        response: { 200: NotificationsList },
      },
      preHandler: volunteer,
    },
    async (req) => {
      await readAfter(req, deps, READ_MODELS);
      if (req.query.fresh)
        await waitForPosition(deps.db, READ_MODELS, await deps.store.lastPosition(), deps.readWaitMs);
      const userId = req.session!.userId;
      const [{ rows }, { rows: count }] = await Promise.all([
        sql<{
          notification_id: string;
          type: number;
          opportunity_id: string;
          participation_id: string;
          name_ar: string;
          name_en: string;
          start_date: string;
          end_date: string;
          previous_end_date: string | null;
          state: ExtensionState | null;
          created_at: Date;
          read: boolean;
        }>`
          select notification_id::text, type, opportunity_id::text, participation_id, name_ar, name_en,
                 start_date::text, end_date::text, previous_end_date::text, state, created_at, read_at is not null as read
            from rm.notifications where user_id = ${userId}
           order by commit_pos desc, prepare_pos desc, notification_id limit ${NOTIFICATIONS_LIST_LIMIT}`.execute(
          deps.db,
        ),
        sql<{
          n: string;
        }>`select count(*)::text as n from rm.notifications where user_id = ${userId} and read_at is null`.execute(
          deps.db,
        ),
      ]);
      return {
        unread: Number(count[0]?.n ?? 0),
        items: rows.map((x) => ({
          id: x.notification_id,
          type: x.type,
          eventId: x.opportunity_id,
          invitationId: x.participation_id,
          nameAr: x.name_ar,
          nameEn: x.name_en,
          startDate: x.start_date,
          endDate: x.end_date,
          previousEndDate: x.previous_end_date,
          extensionState: x.state,
          createdAt: x.created_at.toISOString(),
          read: x.read,
        })),
      };
    },
  );

  r.post(
    '/api/me/notifications/read',
    {
      schema: { tags, body: MarkNotificationsRead, response: { 200: CommandAccepted } },
      preHandler: volunteer,
    },
    async (req) =>
      ok(
        await markNotificationsRead(
          deps.store,
          req.session!.userId,
          'all' in req.body ? { type: 'MarkAllRead' } : { type: 'MarkRead', ids: req.body.ids },
          commandContext(req, deps),
        ),
      ),
  );

  // Type 16: "continue" (accept the extended dates) or "do not continue" (reject: the seat is given back).
  const own = {
    schema: { tags, params: z.object({ id: P.uuid() }), response: { 200: CommandAccepted } },
    preHandler: volunteer,
  };
  r.post('/api/volunteers/invitation/:id/extension/continue', own, async (req) =>
    ok(await continueExtension(deps.store, req.params.id, req.session!.userId, commandContext(req, deps))),
  );
  r.post('/api/volunteers/invitation/:id/extension/decline', own, async (req) =>
    ok(await declineExtension(deps.store, req.params.id, req.session!.userId, commandContext(req, deps))),
  );
}
