import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import { databaseAnswers } from '../../projections/health/queries.ts';
import { projectionLag } from '../../projections/runner/status.ts';
import * as C from '../contracts/health.ts';
import { requireAdmin } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';
import { route } from '../http/route.ts';

/** A projection this far behind makes the portal "degraded". */
const LAG_DEGRADED_SECONDS = 30;

async function check<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; detail: string }> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

/** A Prometheus scraper has no session: it may present METRICS_TOKEN as a bearer token instead. */
function hasMetricsToken(req: FastifyRequest, token: string | undefined): boolean {
  const given = req.headers.authorization;
  if (!token || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(`Bearer ${token}`);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A bare liveness answer for everyone (load balancers); the detail — versions of nothing, but projection names, lag,
 * queue sizes and error messages — only for admins.
 */
export function healthRoutes(app: FastifyInstance, deps: ApiDeps, opts: { metricsToken?: string } = {}) {
  const admin = requireAdmin();

  async function gather() {
    const db = await check(() => databaseAnswers(deps.db));
    const head = await check(() => deps.store.headPosition());
    const queue = await check(() => deps.queue.counts());
    const lag = await check(() => projectionLag(deps.db, deps.store, deps.projections));
    const projections = lag.ok ? lag.value : [];
    const ok =
      db.ok &&
      head.ok &&
      queue.ok &&
      lag.ok &&
      projections.every((p) => p.lagSeconds < LAG_DEGRADED_SECONDS && p.parked === 0);
    return {
      status: ok ? ('ok' as const) : ('degraded' as const),
      database: db.ok ? { ok: true } : { ok: false, detail: db.detail },
      eventStore: head.ok
        ? { ok: true, kind: deps.store.kind, head: formatPosition(head.value) }
        : { ok: false, kind: deps.store.kind, detail: head.detail },
      queue: queue.ok
        ? { ok: true, kind: deps.queue.kind, waiting: queue.value.waiting, failed: queue.value.failed }
        : { ok: false, kind: deps.queue.kind, detail: queue.detail },
      projections: projections.map(({ generation: _g, ...p }) => p),
    };
  }

  route(app, C.live, {}, async (_req, reply) => {
    const db = await check(() => databaseAnswers(deps.db));
    return reply.code(db.ok ? 200 : 503).send({ status: db.ok ? 'ok' : 'down' });
  });

  route(app, C.health, { preHandler: admin }, async (_req, reply) => {
    const h = await gather();
    return reply.code(h.database.ok && h.eventStore.ok ? 200 : 503).send(h);
  });

  // Prometheus text format.
  route(app, C.metrics, {}, async (req, reply) => {
    if (!hasMetricsToken(req, opts.metricsToken ?? process.env.METRICS_TOKEN)) await admin(req);
    const h = await gather();
    const lines = [
      '# HELP portal_projection_lag_events Events of its types a projection has still to apply (capped at 1000).',
      '# TYPE portal_projection_lag_events gauge',
      ...h.projections.map((p) => `portal_projection_lag_events{projection="${p.name}"} ${p.lagEvents}`),
      '# HELP portal_projection_lag_seconds Age of the oldest event a projection has still to apply.',
      '# TYPE portal_projection_lag_seconds gauge',
      ...h.projections.map((p) => `portal_projection_lag_seconds{projection="${p.name}"} ${p.lagSeconds}`),
      '# HELP portal_projection_parked_events Events a projection could not apply, set aside until retried.',
      '# TYPE portal_projection_parked_events gauge',
      ...h.projections.map((p) => `portal_projection_parked_events{projection="${p.name}"} ${p.parked}`),
      '# HELP portal_jobs_waiting Jobs waiting to run.',
      '# TYPE portal_jobs_waiting gauge',
      `portal_jobs_waiting ${h.queue.waiting ?? 0}`,
      '# HELP portal_jobs_failed Jobs that failed all their attempts.',
      '# TYPE portal_jobs_failed gauge',
      `portal_jobs_failed ${h.queue.failed ?? 0}`,
      '# HELP portal_up 1 when the database and the event store answer.',
      '# TYPE portal_up gauge',
      `portal_up ${h.database.ok && h.eventStore.ok ? 1 : 0}`,
    ];
    return reply.type('text/plain; version=0.0.4').send(`${lines.join('\n')}\n`);
  });
}
