import type { FastifyInstance } from 'fastify';
import { formatPosition, type Position } from '../../commands/event-store/port.ts';
import { grantScreenActions, revokeScreenActions } from '../../commands/permissions/handlers.ts';
import { SCREENS, Screens } from '../../domain/permissions/screens.ts';
import { RoleIds } from '../../domain/shared/roles.ts';
import { rolePermissionsProjection } from '../../projections/permissions/role-permissions.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import * as C from '../contracts/admin.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';

/**
 * The super admin's screens × roles matrix: read it, grant and revoke actions. A change is in force on the next
 * request: the answer waits until the permissions projection has it and this process's cache has reloaded (other
 * processes reload when their next guarded request sees the projection's checkpoint move).
 */
export function permissionRoutes(app: FastifyInstance, deps: ApiDeps) {
  const inForce = async (position: Position) => {
    await waitForPosition(deps.db, [rolePermissionsProjection.name], position, deps.readWaitMs);
    await deps.permissions.refresh();
    return { position: formatPosition(position) };
  };

  route(app, C.getPermissions, {}, async () => {
    const snapshot = deps.permissions.current();
    return {
      screens: Screens.map((screen) => ({ screen, actions: [...SCREENS[screen]] })),
      roles: RoleIds.map((roleId) => ({ roleId, screens: snapshot.screensOf(roleId) })),
    };
  });

  route(app, C.grantPermissions, {}, async (req) =>
    inForce(await grantScreenActions(deps.store, req.body, commandContext(req, deps))),
  );
  route(app, C.revokePermissions, {}, async (req) =>
    inForce(await revokeScreenActions(deps.store, req.body, commandContext(req, deps))),
  );
}
