import type { Endpoint } from '../../../api/contracts/endpoint.ts';
import type { Permissions, SessionUser } from '../../../api/contracts/session.ts';
import type { Action, Screen } from '../../../domain/permissions/screens.ts';
import { Role } from '../../../domain/shared/roles.ts';
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

/**
 * May this user call the endpoint? Its contract's guard (`permission`, api/contracts/endpoint.ts) is the one the
 * server enforces, so a button shown is a button the server accepts. An endpoint without a guard: yes.
 */
export function canCall(permissions: Permissions | null, user: SessionUser | null, e: Endpoint): boolean {
  const p = e.permission;
  if (!p) return true;
  if (p.volunteer && user?.roleId !== Role.Volunteer) return false;
  return hasPermission(permissions, p.screen, p.action);
}

/** `canCall` for the signed-in user: every button or link that calls a guarded endpoint is shown only when true. */
export function useCan(e: Endpoint): boolean {
  return useSessionStore((s) => canCall(s.permissions, s.user, e));
}
