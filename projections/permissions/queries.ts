import { type Kysely, sql } from 'kysely';
import type { Action } from '../../domain/permissions/screens.ts';
import type { RunnerDB } from '../runner/projection.ts';
import { rolePermissionsProjection } from './role-permissions.ts';

/** The read model's rows and the part of the checkpoints table the permission cache follows. */
export interface PermissionsDB {
  'rm.role_permissions': { role: number; screen: string; actions: Action[] };
  'rm.projection_checkpoints': Pick<
    RunnerDB['rm.projection_checkpoints'],
    'name' | 'generation' | 'state' | 'commit_pos' | 'prepare_pos'
  >;
}

export interface RolePermissionRow {
  role: number;
  screen: string;
  actions: Action[];
}

/** The whole matrix (a few hundred rows at most: 6 roles × the screen list). */
export async function rolePermissions(db: Kysely<PermissionsDB>): Promise<RolePermissionRow[]> {
  return db
    .selectFrom('rm.role_permissions')
    .select(['role', 'screen', 'actions'])
    .orderBy('role')
    .orderBy('screen')
    .execute();
}

/**
 * Where the permissions projection's live generation stands, as one comparable text (generation and position), or
 * null before it has started. A primary-key lookup: what the cache asks on every authorised request.
 */
export async function permissionsCheckpoint(db: Kysely<PermissionsDB>): Promise<string | null> {
  const row = await db
    .selectFrom('rm.projection_checkpoints')
    .select(sql<string>`generation || ':' || commit_pos || '.' || prepare_pos`.as('at'))
    .where('name', '=', rolePermissionsProjection.name)
    .where('state', '=', 'live')
    .executeTakeFirst();
  return row?.at ?? null;
}
