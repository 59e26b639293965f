import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatPosition, type Position } from '../../commands/event-store/port.ts';
import { grantScreenActions, revokeScreenActions } from '../../commands/permissions/handlers.ts';
import { SCREENS, Screens } from '../../domain/permissions/screens.ts';
import { RoleIds } from '../../domain/shared/roles.ts';
import { rolePermissionsProjection } from '../../projections/permissions/role-permissions.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { CommandAccepted, ErrorBody } from '../contracts/common.ts';
import { PermissionMatrix, ScreenActionsChange } from '../contracts/permissions.ts';
import { requireScreen } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';

/**
 * The super admin's screens × roles matrix: read it, grant and revoke actions. A change is in force on the next
 * request: the answer waits until the permissions projection has it and this process's cache has reloaded (other
 * processes reload when their next guarded request sees the projection's checkpoint move).
 */
export function permissionRoutes(app: FastifyInstance, deps: ApiDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const inForce = async (position: Position) => {
    await waitForPosition(deps.db, [rolePermissionsProjection.name], position, deps.readWaitMs);
    await deps.permissions.refresh();
    return { position: formatPosition(position) };
  };

  r.get(
    '/api/admin/permissions',
    {
      schema: { tags: ['permissions'], response: { 200: PermissionMatrix } },
      preHandler: requireScreen(deps, 'allowadminrole', 'View'),
    },
    async () => {
      const snapshot = deps.permissions.current();
      return {
        screens: Screens.map((screen) => ({ screen, actions: [...SCREENS[screen]] })),
        roles: RoleIds.map((roleId) => ({ roleId, screens: snapshot.screensOf(roleId) })),
      };
    },
  );

  r.post(
    '/api/admin/permissions/grant',
    {
      schema: {
        tags: ['permissions'],
        body: ScreenActionsChange,
        response: { 200: CommandAccepted, 409: ErrorBody, 422: ErrorBody },
      },
      preHandler: requireScreen(deps, 'allowadminrole', 'Edit'),
    },
    async (req) => inForce(await grantScreenActions(deps.store, req.body, commandContext(req, deps))),
  );

  r.post(
    '/api/admin/permissions/revoke',
    {
      schema: {
        tags: ['permissions'],
        body: ScreenActionsChange,
        response: { 200: CommandAccepted, 409: ErrorBody, 422: ErrorBody },
      },
      preHandler: requireScreen(deps, 'allowadminrole', 'Edit'),
    },
    async (req) => inForce(await revokeScreenActions(deps.store, req.body, commandContext(req, deps))),
  );
}
