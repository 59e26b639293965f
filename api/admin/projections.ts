import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../domain/shared/errors.ts';
import { parkedEvents, requestRetry } from '../../projections/runner/status.ts';
import { requireScreen } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';

const ParkedEvent = z
  .object({
    projection: z.string(),
    generation: z.number(),
    eventId: z.string(),
    position: z.string(),
    streamId: z.string(),
    eventType: z.string(),
    error: z.string(),
    parkedAt: z.string(),
    lastAttemptAt: z.string(),
    attempts: z.number(),
    retryRequested: z.boolean(),
  })
  .meta({ id: 'ParkedEvent' });

const RetryResult = z
  .object({ requested: z.number(), resolved: z.number(), parked: z.number(), pending: z.boolean() })
  .meta({ id: 'ParkedRetryResult' });

/** How long a retry request waits for the runner (another process, perhaps) to have tried every event. */
const RETRY_WAIT_MS = 10_000;

/**
 * Events the projections could not apply (rm.parked_events), for admins: the list, and a retry after a fix. The
 * retry is done by the projection's runner, which holds its lock; this only asks for it and waits for the outcome.
 */
export function parkedEventRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/admin/projections/parked',
    {
      schema: { tags: ['health'], response: { 200: z.object({ rows: z.array(ParkedEvent) }) } },
      preHandler: requireScreen(deps, 'projections', 'View'),
    },
    async () => ({ rows: await parkedEvents(deps.db) }),
  );

  r.post(
    '/api/admin/projections/:name/parked/retry',
    {
      schema: {
        tags: ['health'],
        params: z.object({ name: z.string().max(100) }),
        response: { 200: RetryResult },
      },
      preHandler: requireScreen(deps, 'projections', 'Edit'),
    },
    async (req) => {
      if (!deps.projections.some((p) => p.name === req.params.name)) throw new DomainError('NotFound');
      return requestRetry(deps.db, req.params.name, RETRY_WAIT_MS);
    },
  );
}
