import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { z } from 'zod';
import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { Role } from '../../domain/shared/roles.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import { AfterQuery } from '../contracts/common.ts';
import { PendingOpportunities } from '../contracts/opportunity.ts';
import * as P from '../contracts/primitives.ts';
import { requireScreen } from '../http/auth.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { coveredAreas } from '../http/scope.ts';
import { PageSize } from '../users/routes.ts';
import { isoDay } from './listing.ts';

export interface Viewer {
  userId: string;
  roleId: number;
}

/**
 * Staff (role 2) see only their authorised regions and cities, as in the registrations grid; other roles are not
 * scoped. An event restricted to regions (visibility 1) or cities (2) is in scope when those meet the staff member's
 * areas (a region covers its cities, a city lies in its region); an event open to all or to invited volunteers only
 * names no area and concerns every staff member.
 */
export async function staffEventScope(
  db: Kysely<AnyDB>,
  viewer: Viewer,
  lookups: LookupSnapshot,
): Promise<RawBuilder<unknown> | null> {
  if (viewer.roleId !== Role.Staff) return null;
  const { rows } = await sql<{ region_ids: number[]; city_ids: number[] }>`
    select region_ids, city_ids from rm.users where user_id = ${viewer.userId}`.execute(db);
  const regionIds = rows[0]?.region_ids ?? [];
  const cityIds = rows[0]?.city_ids ?? [];
  const covered = coveredAreas(lookups, regionIds, cityIds);
  const regions = [...covered.regions];
  const cities = [...covered.cities];
  return sql`(visibility not in (1, 2)
    or (visibility = 1 and region_ids && ${regions}::int[])
    or (visibility = 2 and city_ids && ${cities}::int[]))`;
}

/** One page of the events waiting for an approver (new, or a deletion to confirm), newest first, in the viewer's scope. */
export async function pendingOpportunities(
  db: Kysely<AnyDB>,
  viewer: Viewer,
  page: number,
  pageSize: number,
  lookups: LookupSnapshot,
): Promise<z.infer<typeof PendingOpportunities>> {
  const where = [sql`approval in ('pending', 'pendingDelete')`, sql`status <> 4`];
  const scope = await staffEventScope(db, viewer, lookups);
  if (scope) where.push(scope);
  const cond = sql.join(where, sql` and `);
  const [{ rows }, { rows: count }] = await Promise.all([
    sql<{
      id: string;
      code: string;
      name_ar: string;
      name_en: string;
      status: number;
      start_day: string;
      end_day: string;
      approval: 'pending' | 'pendingDelete';
      created_at: Date;
    }>`
      select opportunity_id::text as id, code, name_ar, name_en, status, ${isoDay('start_date')} as start_day,
             ${isoDay('end_date')} as end_day, approval, created_at
        from rm.opportunities where ${cond}
       order by created_at desc, opportunity_id desc limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(db),
    sql<{ n: string }>`select count(*)::text as n from rm.opportunities where ${cond}`.execute(db),
  ]);
  return {
    total: Number(count[0]?.n ?? 0),
    rows: rows.map((x) => ({
      id: x.id,
      code: x.code,
      nameAr: x.name_ar,
      nameEn: x.name_en,
      status: x.status,
      startDate: x.start_day,
      endDate: x.end_day,
      approval: x.approval,
      createdAt: new Date(x.created_at).toISOString(),
    })),
  };
}

/** The approvers' list of pending events: only a role that may approve events reaches it (403 otherwise). */
export function pendingRoutes(app: FastifyInstance, deps: ApiDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/opportunities/pending',
    {
      schema: {
        tags: ['events'],
        querystring: AfterQuery.extend({ page: P.page, pageSize: PageSize }),
        response: { 200: PendingOpportunities },
      },
      preHandler: requireScreen(deps, 'eventsadmin', 'Approve'),
    },
    async (req) => {
      await readAfter(req, deps, ['opportunities', 'users']); // the scope comes from rm.users
      const lookups = await deps.lookups.current();
      return pendingOpportunities(deps.db, req.session!, req.query.page, req.query.pageSize, lookups);
    },
  );
}
