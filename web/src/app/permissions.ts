import type { Permissions } from '../../../api/contracts/session.ts';
import type { Action, Screen } from '../../../domain/permissions/screens.ts';
import { useSessionStore } from './stores/session.ts';

/** Spec: authorised screen names are matched case-insensitively; buttons without the action are not shown. */
export function hasPermission(permissions: Permissions | null, screen: Screen, action: Action = 'View'): boolean {
  if (!permissions) return false;
  for (const [name, actions] of Object.entries(permissions.screens)) {
    if (name.toLowerCase() === screen && actions.includes(action)) return true;
  }
  return false;
}

/** The signed-in user's right to an action on a screen, as the server's permission answer says. */
export function usePermission(screen: Screen, action: Action = 'View'): boolean {
  return useSessionStore((s) => hasPermission(s.permissions, screen, action));
}
