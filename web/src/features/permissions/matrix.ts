import type { PermissionMatrix, ScreenActionsChange } from '../../../../api/contracts/permissions.ts';
import { SUPER_ADMIN } from '../../../../domain/permissions/decide.ts';
import type { Action } from '../../../../domain/permissions/screens.ts';

/** The matrix as the page edits it: "role/screen" → the actions held. */
export type Draft = ReadonlyMap<string, ReadonlySet<Action>>;

const key = (role: number, screen: string) => `${role}/${screen}`;

/** The server's matrix as a draft (screen names lower case, as the server matches them). */
export function draftOf(matrix: PermissionMatrix): Draft {
  const out = new Map<string, ReadonlySet<Action>>();
  for (const { roleId, screens } of matrix.roles) {
    for (const [screen, actions] of Object.entries(screens))
      out.set(key(roleId, screen.toLowerCase()), new Set(actions));
  }
  return out;
}

export function holds(draft: Draft, role: number, screen: string, action: Action): boolean {
  return draft.get(key(role, screen))?.has(action) ?? false;
}

/** The draft with one action switched on or off. */
export function toggled(draft: Draft, role: number, screen: string, action: Action, on: boolean): Draft {
  const next = new Map(draft);
  const actions = new Set(draft.get(key(role, screen)) ?? []);
  if (on) actions.add(action);
  else actions.delete(action);
  next.set(key(role, screen), actions);
  return next;
}

/** The super admin's rights over permissions: the server refuses to revoke them, so the page does not offer it. */
export function isProtected(role: number, screen: string, action: Action): boolean {
  return (
    role === SUPER_ADMIN.role &&
    (SUPER_ADMIN.screens[screen as keyof typeof SUPER_ADMIN.screens] ?? []).includes(action)
  );
}

export interface Changes {
  grants: ScreenActionsChange[];
  revokes: ScreenActionsChange[];
}

/**
 * What saving sends: per role and screen, one grant of the actions added and one revoke of the actions removed, in
 * the matrix's order (roles, then screens, then the screen's own action order). Nothing for a cell left as it was.
 */
export function changesOf(matrix: PermissionMatrix, draft: Draft): Changes {
  const before = draftOf(matrix);
  const grants: ScreenActionsChange[] = [];
  const revokes: ScreenActionsChange[] = [];
  for (const { roleId } of matrix.roles) {
    for (const { screen, actions } of matrix.screens) {
      const added = actions.filter((a) => holds(draft, roleId, screen, a) && !holds(before, roleId, screen, a));
      const removed = actions.filter((a) => !holds(draft, roleId, screen, a) && holds(before, roleId, screen, a));
      if (added.length) grants.push({ role: roleId, screen, actions: added });
      if (removed.length) revokes.push({ role: roleId, screen, actions: removed });
    }
  }
  return { grants, revokes };
}

export const changeCount = (c: Changes) =>
  [...c.grants, ...c.revokes].reduce((n, change) => n + change.actions.length, 0);
