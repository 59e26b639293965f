import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { parsePosition } from '../../commands/event-store/port.ts';
import { Actor, AfterQuery } from '../contracts/common.ts';
import * as P from '../contracts/primitives.ts';
import { requireScreen } from '../http/auth.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';

const AuditRow = z.object({
  position: z.string(),
  at: z.string(),
  actor: Actor,
  recordType: z.string(),
  recordId: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  correlationId: z.string().nullable(),
});

/** The global audit log for admins: newest first, keyset-paged by log position (?before=<position of the last row>). */
export function auditRoutes(app: FastifyInstance, deps: ApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/audit-log',
    {
      schema: {
        tags: ['audit'],
        querystring: AfterQuery.extend({
          before: P.position.optional(),
          limit: P.queryInt(1, 200).default(50),
          actorId: P.text(40).optional(),
          recordType: P.text(40).optional(),
          recordId: P.text(200).optional(),
          from: P.isoDate().optional(),
          to: P.isoDate().optional(),
        }),
        response: { 200: z.object({ rows: z.array(AuditRow), next: z.string().nullable() }) },
      },
      preHandler: requireScreen(deps, 'auditlog'),
    },
    async (req) => {
      await readAfter(req, deps, ['audit-log']);
      const q = req.query;
      const where = [sql`true`];
      if (q.before) {
        const p = parsePosition(q.before);
        where.push(
          sql`(a.commit_pos, a.prepare_pos) < (${p.commit.toString()}::numeric, ${p.prepare.toString()}::numeric)`,
        );
      }
      if (q.actorId) where.push(sql`a.actor_id = ${q.actorId}`);
      if (q.recordType) where.push(sql`a.record_type = ${q.recordType}`);
      if (q.recordId) where.push(sql`a.record_id = ${q.recordId}`);
      if (q.from) where.push(sql`a.at >= ${q.from}::date`);
      if (q.to) where.push(sql`a.at < ${q.to}::date + 1`);
      const { rows } = await sql<{
        c: string;
        p: string;
        at: Date;
        actor_id: string | null;
        actor_role: number | null;
        name_ar: string | null;
        name_en: string | null;
        record_type: string;
        record_id: string;
        action: string;
        changes: { field: string; from: unknown; to: unknown }[];
        correlation_id: string | null;
      }>`
        select a.commit_pos::text as c, a.prepare_pos::text as p, a.at, a.actor_id, a.actor_role, u.name_ar, u.name_en,
               a.record_type, a.record_id, a.action, a.changes, a.correlation_id
          from rm.audit_log a left join rm.users u on u.user_id::text = a.actor_id
         where ${sql.join(where, sql` and `)}
         order by a.commit_pos desc, a.prepare_pos desc limit ${q.limit}`.execute(deps.db);
      const out = rows.map((x) => ({
        position: `${x.c}.${x.p}`,
        at: x.at.toISOString(),
        actor: { id: x.actor_id, nameAr: x.name_ar, nameEn: x.name_en, roleId: x.actor_role },
        recordType: x.record_type,
        recordId: x.record_id,
        action: x.action,
        changes: x.changes,
        correlationId: x.correlation_id,
      }));
      return { rows: out, next: out.length === q.limit ? out[out.length - 1]!.position : null };
    },
  );
}
