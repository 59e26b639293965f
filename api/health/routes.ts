import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { formatPosition } from '../../commands/event-store/port.ts';
import { projectionLag } from '../../projections/runner/status.ts';
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

/** A projection this far behind makes the portal "degraded". */
const LAG_DEGRADED_SECONDS = 30;

async function check<T>(fn: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; detail: string }> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, detail: e instanceof Error ? e.message : String(e) };
  }
}

export function healthRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    '/api/health',
    { schema: { tags: ['health'], response: { 200: Health, 503: Health } } },
    async (_req, reply) => {
      const h = await gather();
      return reply.code(h.database.ok && h.eventStore.ok ? 200 : 503).send(h);
    },
  );

  // Prometheus text format.
  r.get('/api/metrics', { schema: { tags: ['health'] } }, async (_req, reply) => {
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
