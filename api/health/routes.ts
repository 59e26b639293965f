import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { formatPosition } from '../../commands/event-store/port.ts';
import { projectionLag } from '../../projections/runner/status.ts';
import { requireAdmin } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';

const Check = z.object({ ok: z.boolean(), detail: z.string().optional() });
const Health = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: Check,
    eventStore: Check.extend({ kind: z.string(), head: z.string().optional() }),
    queue: Check.extend({ kind: z.string(), waiting: z.number().optional(), failed: z.number().optional() }),
    projections: z.array(
      z.object({
        name: z.string(),
        state: z.string(),
        checkpoint: z.string().nullable(),
        lagEvents: z.number(),
        lagEventsCapped: z.boolean(),
        lagSeconds: z.number(),
        /** Events it could not apply, set aside until an admin retries them: any makes the portal "degraded". */
        parked: z.number(),
      }),
    ),
  })
  .meta({ id: 'Health' });

const Live = z.object({ status: z.enum(['ok', 'down']) }).meta({ id: 'Liveness' });

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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = requireAdmin();

  async function gather() {
    const db = await check(() => sql`select 1`.execute(deps.db));
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

  r.get(
    '/api/health/live',
    { schema: { tags: ['health'], response: { 200: Live, 503: Live } } },
    async (_req, reply) => {
      const db = await check(() => sql`select 1`.execute(deps.db));
      return reply.code(db.ok ? 200 : 503).send({ status: db.ok ? 'ok' : 'down' });
    },
  );

  r.get(
    '/api/health',
    { schema: { tags: ['health'], response: { 200: Health, 503: Health } }, preHandler: admin },
    async (_req, reply) => {
      const h = await gather();
      return reply.code(h.database.ok && h.eventStore.ok ? 200 : 503).send(h);
    },
  );

  // Prometheus text format.
  r.get('/api/metrics', { schema: { tags: ['health'] } }, async (req, reply) => {
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
