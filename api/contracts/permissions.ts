import { z } from 'zod';
import { Actions } from '../../domain/permissions/screens.ts';
import { named, strictBody } from './common.ts';
import * as P from './primitives.ts';

/**
 * A change of the screens × roles matrix (the super admin's): a role, a screen, the actions to grant or revoke. Which
 * roles, screens and actions exist is the domain's rule (UnknownRole, UnknownScreen, ActionNotOnScreen).
 */
export const ScreenActionsChange = strictBody('ScreenActionsChange', {
  role: P.int(),
  screen: P.token(64),
  actions: z.array(z.enum(Actions)).min(1).max(Actions.length),
});
export type ScreenActionsChange = z.infer<typeof ScreenActionsChange>;

/** The whole matrix: every screen with the actions it offers, and what each role holds. */
export const PermissionMatrix = named('PermissionMatrix', {
  screens: z.array(z.object({ screen: z.string(), actions: z.array(z.enum(Actions)) })),
  roles: z.array(z.object({ roleId: z.number().int(), screens: z.record(z.string(), z.array(z.enum(Actions))) })),
});
export type PermissionMatrix = z.infer<typeof PermissionMatrix>;
