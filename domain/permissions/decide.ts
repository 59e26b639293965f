import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { isRoleId, Role, type RoleId } from '../shared/roles.ts';
import { type PermissionEvent, permissionEvents } from './events.ts';
import { type Action, canonicalActions, isScreen, SCREENS, type Screen } from './screens.ts';

/** Role → screen → the actions it holds there (canonical order, never empty). */
export type PermissionTable = Partial<Record<RoleId, Partial<Record<Screen, readonly Action[]>>>>;

export interface PermissionMatrix {
  /** False until the first event: the seed is appended only then. */
  started: boolean;
  table: PermissionTable;
}

export type PermissionCommand =
  | { type: 'SeedPermissions'; table: PermissionTable }
  | { type: 'GrantScreenActions'; role: number; screen: string; actions: readonly string[] }
  | { type: 'RevokeScreenActions'; role: number; screen: string; actions: readonly string[] };

/**
 * What the super admin can never lose: the rights that administer permissions. Revoking them would leave nobody able
 * to give them back, so the portal could only be unlocked by editing the log.
 */
export const SUPER_ADMIN: { role: RoleId; screens: Partial<Record<Screen, readonly Action[]>> } = {
  role: Role.Admin,
  screens: { allowadminrole: ['View', 'Edit'], permissions: ['View', 'Edit'] },
};

/** Does the role hold the action on the screen (matched case-insensitively, as the spec says)? */
export function allows(table: PermissionTable, role: RoleId, screen: string, action: Action): boolean {
  return table[role]?.[screen.toLowerCase() as Screen]?.includes(action) ?? false;
}

function held(m: PermissionMatrix, role: RoleId, screen: Screen): Action[] {
  return [...(m.table[role]?.[screen] ?? [])];
}

/** A checked change: a known role, a known screen, and actions that screen offers. */
function checked(role: number, screen: string, actions: readonly string[]): [RoleId, Screen, Action[]] {
  if (!isRoleId(role)) throw new DomainError('UnknownRole', { role });
  const name = screen.toLowerCase();
  if (!isScreen(name)) throw new DomainError('UnknownScreen', { screen });
  if (actions.length === 0) throw new DomainError('ValidationFailed', { field: 'actions' });
  const offered: readonly string[] = SCREENS[name];
  const wrong = actions.filter((a) => !offered.includes(a));
  if (wrong.length) throw new DomainError('ActionNotOnScreen', { screen: name, actions: wrong, offered });
  return [role, name, canonicalActions(actions as Action[])];
}

function grant(m: PermissionMatrix, role: number, screen: string, actions: readonly string[]): PermissionEvent[] {
  const [r, s, wanted] = checked(role, screen, actions);
  const previous = held(m, r, s);
  const added = wanted.filter((a) => !previous.includes(a));
  // Granting what is held already writes nothing.
  if (added.length === 0) return [];
  return [{ type: 'RoleScreenActionsGranted', data: { role: r, screen: s, actions: added, previous } }];
}

export const permissionsDecider: Decider<PermissionMatrix, PermissionCommand, PermissionEvent> = {
  events: permissionEvents,
  initialState: () => ({ started: false, table: {} }),

  evolve(m, e) {
    const { role, screen, actions, previous } = e.data;
    const after =
      e.type === 'RoleScreenActionsGranted'
        ? canonicalActions([...previous, ...actions])
        : previous.filter((a) => !actions.includes(a));
    const screens = { ...m.table[role] };
    if (after.length) screens[screen] = after;
    else delete screens[screen];
    return { started: true, table: { ...m.table, [role]: screens } };
  },

  decide(cmd, m) {
    switch (cmd.type) {
      case 'SeedPermissions': {
        // Only an empty stream takes the seed: afterwards the stream is the truth and a second seed is a no-op.
        if (m.started) return [];
        const events: PermissionEvent[] = [];
        let state = m;
        for (const [role, screens] of Object.entries(cmd.table))
          for (const [screen, actions] of Object.entries(screens ?? {})) {
            const granted = grant(state, Number(role), screen, actions ?? []);
            for (const e of granted) state = permissionsDecider.evolve(state, e);
            events.push(...granted);
          }
        return events;
      }
      case 'GrantScreenActions':
        return grant(m, cmd.role, cmd.screen, cmd.actions);
      case 'RevokeScreenActions': {
        const [r, s, wanted] = checked(cmd.role, cmd.screen, cmd.actions);
        const protectedActions: readonly Action[] = r === SUPER_ADMIN.role ? (SUPER_ADMIN.screens[s] ?? []) : [];
        const locked = wanted.filter((a) => protectedActions.includes(a));
        if (locked.length) throw new DomainError('SuperAdminRightsProtected', { screen: s, actions: locked });
        const previous = held(m, r, s);
        const removed = wanted.filter((a) => previous.includes(a));
        // Revoking what is not held writes nothing.
        if (removed.length === 0) return [];
        return [{ type: 'RoleScreenActionsRevoked', data: { role: r, screen: s, actions: removed, previous } }];
      }
    }
  },
};
