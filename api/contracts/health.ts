import { z } from 'zod';
import { named } from './common.ts';
import { endpoints } from './endpoint.ts';

const Check = z.object({ ok: z.boolean(), detail: z.string().optional() });
export const Health = named('Health', {
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
});
export type Health = z.infer<typeof Health>;

export const Live = named('Liveness', { status: z.enum(['ok', 'down']) });

const checks = endpoints('health');

/** A bare liveness answer for everyone (load balancers): 503 "down" when the database does not answer. */
export const live = checks.get('/api/health/live', { response: Live, alsoStatus: [503] });

/** The detail, for admins: 503 when the database or the event store does not answer. */
export const health = checks.get('/api/health', { response: Health, alsoStatus: [503] });

/** Prometheus text format (an admin session, or METRICS_TOKEN as a bearer token). */
export const metrics = checks.get('/api/metrics', {
  response: z.string().meta({ description: 'Prometheus text exposition format 0.0.4' }),
  contentType: 'text/plain; version=0.0.4',
});
