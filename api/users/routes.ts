import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { assignAreas } from '../../commands/account/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { AfterQuery, CommandAccepted } from '../contracts/common.ts';
import * as P from '../contracts/primitives.ts';
import { requireScreen } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';

/** Spec: grid page sizes 10, 20, 30, 50, 75, 100, 500, 1000 (default 10). */
export const PageSize = P.queryOneOf([10, 20, 30, 50, 75, 100, 500, 1000]).default(10);

const LoginLogRow = z.object({
  at: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  loginStatus: z.number().int(),
  ip: z.string().nullable(),
});

/** The users log (GetUsersLogReportData): every login attempt, newest first, for admins. */
export function userRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/users/login-log',
    {
      schema: {
        tags: ['users'],
        querystring: AfterQuery.extend({
          pageSize: PageSize,
          page: P.page,
          loginStatus: P.queryInt(1, 7).optional(),
        }),
        response: { 200: z.object({ rows: z.array(LoginLogRow), total: z.number().int() }) },
      },
      preHandler: requireScreen(deps, 'users', 'View'),
    },
    async (req) => {
      await readAfter(req, deps, ['login-log', 'users']);
      const { pageSize, page, loginStatus } = req.query;
      const where = loginStatus ? sql`where l.login_status = ${loginStatus}` : sql``;
      const { rows } = await sql<{
        at: Date;
        user_id: string | null;
        user_name: string | null;
        login_status: number;
        ip: string | null;
        total: string;
      }>`
        select l.at, l.user_id, coalesce(u.user_name, l.user_name) as user_name, l.login_status, l.ip, count(*) over () as total
          from rm.login_log l left join rm.users u on u.user_id = l.user_id ${where}
         order by l.at desc, l.event_id limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(deps.db);
      return {
        total: Number(rows[0]?.total ?? 0),
        rows: rows.map((x) => ({
          at: x.at.toISOString(),
          userId: x.user_id,
          userName: x.user_name,
          loginStatus: x.login_status,
          ip: x.ip,
        })),
      };
    },
  );

  // Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on.
  r.post(
    '/api/users/:id/areas',
    {
      schema: {
        tags: ['users'],
        params: z.object({ id: P.uuid() }),
        body: z.object({
          regionIds: z.array(P.id).max(100),
          cityIds: z.array(P.id).max(1000),
        }),
        response: { 200: CommandAccepted },
      },
      preHandler: requireScreen(deps, 'permissions', 'Edit'),
    },
    async (req) => ({
      position: formatPosition(await assignAreas(deps.store, req.params.id, req.body, commandContext(req, deps))),
    }),
  );

  // Staff members who can be named as the reviewer of an interview (spec: home/getStaffMembers/read).
  r.get(
    '/api/staff-members',
    {
      schema: {
        tags: ['users'],
        response: {
          200: z.array(z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), roleId: z.number() })),
        },
      },
      preHandler: requireScreen(deps, 'registrationadmin'),
    },
    async () => {
      const { rows } = await sql<{ user_id: string; name_ar: string; name_en: string; role_id: number }>`
        select user_id::text, name_ar, name_en, role_id from rm.users
         where active and role_id in (2, 3, 4, 5) order by name_ar`.execute(deps.db);
      return rows.map((u) => ({ id: u.user_id, nameAr: u.name_ar, nameEn: u.name_en, roleId: u.role_id }));
    },
  );
}
