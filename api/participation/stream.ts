import type { FastifyInstance } from 'fastify';
import { participationsOf } from '../../projections/opportunity/participation-queries.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { invitationsStream } from '../contracts/participation.ts';
import { requireUser } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';
import { streamRoute } from '../http/route.ts';

/**
 * The volunteer's participations pushed as server-sent events whenever one of them changes (the spec's client polled
 * every 2 s). Appends made by other API replicas arrive as hints over PostgreSQL NOTIFY (or an $all subscription on
 * EventStoreDB), so the replica holding this connection pushes whichever replica took the command.
 */
export function invitationsStreamRoute(app: FastifyInstance, deps: ApiDeps) {
  streamRoute(app, invitationsStream, { preHandler: requireUser() }, async (req, reply) => {
    const userId = req.session!.userId;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
    });
    const send = async () => {
      res.write(`event: invitations\ndata: ${JSON.stringify(await participationsOf(deps.db, userId))}\n\n`);
    };
    let queue = send().catch(() => {});
    const off = deps.store.onAppended((stream) => {
      if (!stream.startsWith('participation-') || !stream.endsWith(`_${userId}`)) return;
      queue = queue
        .then(async () => {
          // The list joins the events' read model too: wait for both, as GET /api/me/participations does.
          await waitForPosition(
            deps.db,
            ['participations', 'opportunities'],
            await deps.store.lastPosition(),
            deps.readWaitMs,
          );
          await send();
        })
        .catch(() => {});
    });
    // The stream ends with its session: at once when this process ends it (logout, a password change elsewhere),
    // at the next heartbeat when another replica did or it expired.
    const sid = req.sessionId!;
    const offEnded = deps.sessions.onEnded(sid, userId, () => res.end());
    const heartbeat = setInterval(() => {
      deps.sessions
        .alive(sid)
        .then((alive) => (alive ? res.write(': keep-alive\n\n') : res.end()))
        .catch(() => res.end());
    }, 25_000);
    req.raw.on('close', () => {
      off();
      offEnded();
      clearInterval(heartbeat);
    });
  });
}
