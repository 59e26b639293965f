import type { Kysely } from 'kysely';
import { allows, type PermissionTable } from '../../domain/permissions/decide.ts';
import type { Action, Screen } from '../../domain/permissions/screens.ts';
import { isRoleId, type RoleId } from '../../domain/shared/roles.ts';
import { sharedLoads } from '../shared/shared-loads.ts';
import { type PermissionsDB, permissionsCheckpoint, type RolePermissionRow, rolePermissions } from './queries.ts';

/** The matrix at one moment: synchronous answers for the guards. */
export class PermissionSnapshot {
  readonly table: PermissionTable;
  constructor(table: PermissionTable) {
    this.table = table;
  }

  static fromRows(rows: readonly RolePermissionRow[]): PermissionSnapshot {
    const table: Partial<Record<RoleId, Partial<Record<Screen, readonly Action[]>>>> = {};
    for (const r of rows) {
      if (!isRoleId(r.role)) continue;
      const screens = table[r.role] ?? {};
      screens[r.screen as Screen] = r.actions;
      table[r.role] = screens;
    }
    return new PermissionSnapshot(table);
  }

  /** Does the role hold the action on the screen (case-insensitive screen name)? */
  can(role: RoleId, screen: string, action: Action = 'View'): boolean {
    return allows(this.table, role, screen, action);
  }

  /** Screen → actions the role holds: what GET /api/session/permissions serves. */
  screensOf(role: RoleId): Record<string, Action[]> {
    const out: Record<string, Action[]> = {};
    for (const [screen, actions] of Object.entries(this.table[role] ?? {})) out[screen] = [...(actions ?? [])];
    return out;
  }
}

/**
 * The permission matrix of this process, following the permissions projection. `refresh()` asks where the projection
 * stands (one primary-key lookup) and reloads the matrix only when that moved, so an unchanged matrix costs one small
 * query; requests that ask while a refresh is on the wire share the next one. `can()` is synchronous over the snapshot.
 */
/** The two reads the cache makes (tests give their own). */
export interface PermissionReads {
  checkpoint(db: Kysely<PermissionsDB>): Promise<string | null>;
  rows(db: Kysely<PermissionsDB>): Promise<RolePermissionRow[]>;
}
const DATABASE_READS: PermissionReads = { checkpoint: permissionsCheckpoint, rows: rolePermissions };

export class PermissionCache {
  private readonly db: Kysely<PermissionsDB>;
  private readonly reads: PermissionReads;
  private snapshot = new PermissionSnapshot({});
  private at: string | null = null;

  constructor(db: Kysely<PermissionsDB>, reads: PermissionReads = DATABASE_READS) {
    this.db = db;
    this.reads = reads;
  }

  /** The snapshot as last refreshed. */
  current(): PermissionSnapshot {
    return this.snapshot;
  }

  can(role: RoleId, screen: string, action: Action = 'View'): boolean {
    return this.snapshot.can(role, screen, action);
  }

  /** The snapshot as of a checkpoint read that began after this call: a request sees every change answered before it. */
  async fresh(): Promise<PermissionSnapshot> {
    await this.refresh();
    return this.snapshot;
  }

  readonly refresh: () => Promise<void> = sharedLoads(() => this.load());

  private async load(): Promise<void> {
    const at = await this.reads.checkpoint(this.db);
    if (at === this.at) return;
    // The rows may already hold a later batch than `at`: then the next refresh reloads once more, never less.
    const rows = await this.reads.rows(this.db);
    this.snapshot = PermissionSnapshot.fromRows(rows);
    this.at = at;
  }
}
