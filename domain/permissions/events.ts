import type { DomainEvent } from '../shared/decider.ts';
import type { RoleId } from '../shared/roles.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import type { Action, Screen } from './screens.ts';

/** The one stream of the screens × roles matrix: every grant and revocation, in order. */
export const PERMISSIONS_STREAM = 'permissions-roles';

/** `actions`: what changed (never empty); `previous`: what the role held on the screen before (the audit's "from"). */
export interface ScreenActionsChange {
  role: RoleId;
  screen: Screen;
  actions: Action[];
  previous: Action[];
}

export type PermissionEvent =
  | DomainEvent<'RoleScreenActionsGranted', ScreenActionsChange>
  | DomainEvent<'RoleScreenActionsRevoked', ScreenActionsChange>;

export const permissionEvents: EventTypes<PermissionEvent> = eventTypes<PermissionEvent>({
  RoleScreenActionsGranted: true,
  RoleScreenActionsRevoked: true,
});

export const PermissionEventTypes = permissionEvents.types;
