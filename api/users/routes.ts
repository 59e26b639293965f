import type { FastifyInstance } from 'fastify';
import { assignAreas } from '../../commands/account/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { recordExport } from '../../commands/reports/handlers.ts';
import { loginLogPage, loginLogRows, staffMembers } from '../../projections/account/queries.ts';
import * as C from '../contracts/users.ts';
import { requireScreen } from '../http/auth.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { usersLogWorkbook, XLSX_TYPE } from './users-log-excel.ts';

/** The users log, the region and city permissions of staff, and the staff who can review an interview. */
export function userRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.loginLog, { preHandler: requireScreen(deps, 'users', 'View') }, async (req) => {
    await readAfter(req, deps, ['login-log', 'users']);
    return loginLogPage(deps.db, req.query);
  });

  // The export is an audited action: recorded (with its filters) before the file is sent.
  route(app, C.exportLoginLog, { preHandler: requireScreen(deps, 'users', 'View') }, async (req, reply) => {
    await readAfter(req, deps, ['login-log', 'users']);
    const { after: _after, ...filters } = req.query;
    await recordExport(
      deps.store,
      req.session!.userId,
      {
        type: 'ExportUsersLog',
        filters: {
          from: filters.from ?? null,
          to: filters.to ?? null,
          loginStatuses: filters.loginStatuses ?? [],
          ip: filters.ip || null,
          userAgent: filters.userAgent || null,
        },
      },
      commandContext(req, deps),
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="users-log-${day}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(usersLogWorkbook(loginLogRows(deps.db, filters)));
  });

  // Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on.
  route(app, C.assignAreas, { preHandler: requireScreen(deps, 'permissions', 'Edit') }, async (req) => ({
    position: formatPosition(await assignAreas(deps.store, req.params.id, req.body, commandContext(req, deps))),
  }));

  route(app, C.staffMembers, { preHandler: requireScreen(deps, 'registrationadmin') }, async () =>
    staffMembers(deps.db),
  );
}
