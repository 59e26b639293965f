import { type PermissionCommand, permissionsDecider } from '../../domain/permissions/decide.ts';
import { PERMISSIONS_STREAM } from '../../domain/permissions/events.ts';
import { SEED_PERMISSIONS } from '../../domain/permissions/seed.ts';
import type { ClientCode } from '../../domain/shared/clients.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand } from '../handle.ts';

export interface ScreenActionsChange {
  role: number;
  screen: string;
  actions: readonly string[];
}

/** A command on the permissions stream; answers the position to wait for (the last event, or the stream's on a no-op). */
async function onPermissions(store: EventStore, cmd: PermissionCommand, ctx: CommandContext): Promise<Position> {
  return (await handleCommand(store, PERMISSIONS_STREAM, permissionsDecider, cmd, ctx)).position;
}

/** Give a role actions on a screen. */
export const grantScreenActions = (store: EventStore, change: ScreenActionsChange, ctx: CommandContext) =>
  onPermissions(store, { type: 'GrantScreenActions', ...change }, ctx);

/** Take actions on a screen from a role (never the super admin's rights to administer permissions). */
export const revokeScreenActions = (store: EventStore, change: ScreenActionsChange, ctx: CommandContext) =>
  onPermissions(store, { type: 'RevokeScreenActions', ...change }, ctx);

/**
 * The seed grants, appended once: only while the stream does not exist (the decider answers nothing afterwards, and
 * of two processes seeding at once the expected revision lets one through). Answers the position of the stream's
 * last event, for the caller to wait on.
 */
export async function seedPermissions(store: EventStore, clientCode: ClientCode): Promise<Position> {
  const ctx: CommandContext = {
    actorId: null,
    actorRole: null,
    correlationId: 'permissions-seed',
    causationId: null,
    clientCode,
    commandId: 'permissions-seed',
    now: new Date(),
  };
  return onPermissions(store, { type: 'SeedPermissions', table: SEED_PERMISSIONS }, ctx);
}
