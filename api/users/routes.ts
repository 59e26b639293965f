import type { FastifyInstance } from 'fastify';
import { assignAreas, deactivateAccount, reactivateAccount } from '../../commands/account/handlers.ts';
import { recordExport } from '../../commands/reports/handlers.ts';
import { changeDepartment, createStaffAccount, editUser } from '../../commands/users/handlers.ts';
import { RegistrationStatus } from '../../domain/registration/status.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  areasOf,
  loginLogPage,
  ownedOpportunityIds,
  staffMembers,
  userDetail,
  usersGrid,
} from '../../projections/account/queries.ts';
import { withLicences } from '../../projections/practitioner/queries.ts';
import { registrationGrid } from '../../projections/registration/queries.ts';
import * as C from '../contracts/users.ts';
import { queryFormOf } from '../exports/registry.ts';
import { usersLogSource } from '../exports/sources.ts';
import { workbookStream, XLSX_TYPE } from '../exports/xlsx.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** The users grid and screens, the users log, the region and city permissions of staff, and the staff reviewers. */
export function userRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.loginLog, {}, async (req) => {
    await readAfter(req, deps, ['login-log', 'users']);
    return loginLogPage(deps.db, req.query);
  });

  // The export is an audited action: recorded (with its filters) before the file is sent.
  route(app, C.exportLoginLog, {}, async (req, reply) => {
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
    // The same source and writer as the export jobs (api/exports): small enough to stay a direct download.
    const opened = usersLogSource.open(deps.db, queryFormOf(filters), null, {
      lookups: await deps.lookups.current(),
      lang: 'ar',
    });
    const book = workbookStream(usersLogSource.columns, opened.rows(), {
      sheetName: usersLogSource.title.ar,
      lang: 'ar',
      formatted: true,
    });
    return reply
      .type(XLSX_TYPE)
      .header('content-disposition', `attachment; filename="users-log-${day}.xlsx"`)
      .header('cache-control', 'no-store')
      .send(book);
  });

  route(app, C.listUsers, {}, async (req) => {
    await readAfter(req, deps, ['users']);
    return usersGrid(deps.db, req.query);
  });

  route(app, C.userOptions, {}, async () => {
    const lookups = await deps.lookups.current();
    const named = (kind: 'department' | 'region') =>
      lookups.list(kind).map((x) => ({ id: x.id, nameAr: x.nameAr, nameEn: x.nameEn }));
    return {
      departments: named('department'),
      regions: named('region'),
      cities: lookups.list('city').map((x) => ({ id: x.id, nameAr: x.nameAr, nameEn: x.nameEn, regionId: x.parentId })),
    };
  });

  route(app, C.getUser, {}, async (req) => {
    await readAfter(req, deps, ['users']);
    const user = await userDetail(deps.db, req.params.id);
    if (!user) throw new DomainError('NotFound');
    return user;
  });

  route(app, C.createUser, {}, async (req, reply) => {
    const r = await createStaffAccount(deps.store, req.body, commandContext(req, deps));
    reply.code(201);
    return { userId: r.userId, ...ok(r.position) };
  });

  route(app, C.editUser, {}, async (req) =>
    ok(await editUser(deps.store, req.params.id, req.body, commandContext(req, deps))),
  );

  route(app, C.deactivateUser, {}, async (req) => {
    const position = await deactivateAccount(deps.store, req.params.id, req.body.reason, commandContext(req, deps));
    // Signed out at once, everywhere: a deactivated user keeps no session (and is refused at sign-in).
    await deps.sessions.destroyAllOf(req.params.id);
    return ok(position);
  });

  route(app, C.reactivateUser, {}, async (req) =>
    ok(await reactivateAccount(deps.store, req.params.id, commandContext(req, deps))),
  );

  route(app, C.departmentImpact, {}, async (req) => {
    await readAfter(req, deps, ['owned-opportunities']);
    return { events: (await ownedOpportunityIds(deps.db, req.params.id)).length };
  });

  route(app, C.changeDepartment, {}, async (req) => {
    const opportunityIds = await ownedOpportunityIds(deps.db, req.params.id);
    const input = { userId: req.params.id, ...req.body, opportunityIds };
    return ok(await changeDepartment(deps.store, input, commandContext(req, deps)));
  });

  // Region and city permissions (spec: EditUserAreas): they restrict what a staff member sees and acts on.
  route(app, C.assignAreas, {}, async (req) =>
    ok(await assignAreas(deps.store, req.params.id, req.body, commandContext(req, deps))),
  );

  // City volunteers: the approved volunteers of the areas a staff member is authorised for.
  route(app, C.cityVolunteers, {}, async (req) => {
    await readAfter(req, deps, ['users', 'registrations']);
    if (!(await userDetail(deps.db, req.params.id))) throw new DomainError('NotFound');
    const areas = await areasOf(deps.db, req.params.id);
    const q = { ...req.query, status: RegistrationStatus.Approved, sort: 'nameAr' as const, dir: 'asc' as const };
    return withLicences(deps.db, await registrationGrid(deps.db, q, areas), today());
  });

  route(app, C.staffMembers, {}, async () => staffMembers(deps.db));
}
