import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../domain/shared/errors.ts';
import { parkedEvents, requestRetry } from '../../projections/runner/status.ts';
import * as C from '../contracts/admin.ts';
import type { ApiDeps } from '../http/deps.ts';
import { route } from '../http/route.ts';

/** How long a retry request waits for the runner (another process, perhaps) to have tried every event. */
const RETRY_WAIT_MS = 10_000;

/**
 * Events the projections could not apply (rm.parked_events), for admins: the list, and a retry after a fix. The
 * retry is done by the projection's runner, which holds its lock; this only asks for it and waits for the outcome.
 */
export function parkedEventRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.parkedEvents, {}, async () => ({
    rows: await parkedEvents(deps.db),
  }));

  route(app, C.retryParked, {}, async (req) => {
    if (!deps.projections.some((p) => p.name === req.params.name)) throw new DomainError('NotFound');
    return requestRetry(deps.db, req.params.name, RETRY_WAIT_MS);
  });
}
