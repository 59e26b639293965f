import { z } from 'zod';
import { Actor, AfterQuery } from './common.ts';
import { endpoint } from './endpoint.ts';
import * as P from './primitives.ts';

export const AuditRow = z
  .object({
    position: z.string(),
    at: z.string(),
    actor: Actor,
    recordType: z.string(),
    recordId: z.string(),
    action: z.string(),
    changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
    correlationId: z.string().nullable(),
  })
  .meta({ id: 'AuditRow' });
export type AuditRow = z.infer<typeof AuditRow>;

/** One page, and the position to pass as `before` for the next (null on the last page). */
export const AuditPage = z.object({ rows: z.array(AuditRow), next: z.string().nullable() }).meta({ id: 'AuditPage' });
export type AuditPage = z.infer<typeof AuditPage>;

export const AuditQuery = AfterQuery.extend({
  before: P.position.optional(),
  limit: P.queryInt(1, 200).default(50),
  actorId: P.text(40).optional(),
  recordType: P.text(40).optional(),
  recordId: P.text(200).optional(),
  from: P.isoDate().optional(),
  to: P.isoDate().optional(),
});

/** The global audit log for admins: newest first, keyset-paged by log position (?before=<position of the last row>). */
export const auditLog = endpoint({
  permission: { screen: 'auditlog', action: 'View' },
  method: 'GET',
  path: '/api/audit-log',
  query: AuditQuery,
  response: AuditPage,
  tags: ['audit'],
});
