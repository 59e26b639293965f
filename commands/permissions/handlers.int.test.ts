import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_STREAM } from '../../domain/permissions/events.ts';
import { SEED_PERMISSIONS } from '../../domain/permissions/seed.ts';
import type { DomainError } from '../../domain/shared/errors.ts';
import { Role } from '../../domain/shared/roles.ts';
import { PermissionCache } from '../../projections/permissions/cache.ts';
import { rolePermissions } from '../../projections/permissions/queries.ts';
import { rolePermissionsProjection } from '../../projections/permissions/role-permissions.ts';
import { ProjectionRunner } from '../../projections/runner/runner.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { PostgresEventStore } from '../event-store/postgres.ts';
import type { CommandContext } from '../handle.ts';
import { grantScreenActions, revokeScreenActions, seedPermissions } from './handlers.ts';

const ctx = (): CommandContext => ({
  actorId: '00000000-0000-4000-8000-000000000001',
  actorRole: Role.Admin,
  correlationId: 'req',
  clientCode: 'MOH',
  commandId: randomUUID(),
  now: new Date(),
});

describe('permission commands', () => {
  let t: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  let cache: PermissionCache;
  const events = async () => {
    const out: { type: string; data: unknown }[] = [];
    for await (const e of store.readStream(PERMISSIONS_STREAM)) out.push({ type: e.type, data: e.data });
    return out;
  };
  const seedGrants = Object.values(SEED_PERMISSIONS).reduce((n, screens) => n + Object.keys(screens).length, 0);

  beforeAll(async () => {
    t = await createTestDatabase('permissions');
    store = new PostgresEventStore(t.pool);
    runner = new ProjectionRunner(store, t.pool, t.db, rolePermissionsProjection, { idlePollMs: 20 });
    runner.start();
    cache = new PermissionCache(t.db);
  });
  afterAll(async () => {
    await runner.stop();
    await store.close();
    await t.drop();
  });

  it('appends the seed once, however many processes seed at once', async () => {
    // Two stores on one database: two processes starting together, each seeding twice.
    const other = new PostgresEventStore(t.pool);
    const positions = await Promise.all([
      seedPermissions(store, 'MOH'),
      seedPermissions(other, 'MOH'),
      seedPermissions(store, 'MOH'),
      seedPermissions(other, 'MOH'),
    ]);
    expect((await events()).length).toBe(seedGrants);
    expect(await seedPermissions(store, 'MOH')).toEqual(positions[0]);
    expect((await events()).length).toBe(seedGrants);
  });

  it('projects the seed into rm.role_permissions and the cache', async () => {
    const at = await seedPermissions(store, 'MOH');
    expect(await waitForPosition(t.db, ['permissions'], at, 10_000)).toBe(true);
    const rows = await rolePermissions(t.db);
    expect(rows).toContainEqual({ role: Role.Staff, screen: 'eventsadmin', actions: ['View', 'Add', 'Edit'] });
    expect(rows.length).toBe(seedGrants);
    const snapshot = await cache.fresh();
    expect(snapshot.can(Role.Staff, 'eventsadmin', 'Add')).toBe(true);
    expect(snapshot.can(Role.Staff, 'eventsadmin', 'Delete')).toBe(false);
    expect(snapshot.screensOf(Role.Reviewer)).toEqual(SEED_PERMISSIONS[Role.Reviewer]);
  });

  it('grants and revokes, carrying the previous actions, and the cache follows the checkpoint', async () => {
    const granted = await grantScreenActions(
      store,
      { role: Role.Staff, screen: 'eventsadmin', actions: ['Delete'] },
      ctx(),
    );
    await waitForPosition(t.db, ['permissions'], granted, 10_000);
    expect((await cache.fresh()).can(Role.Staff, 'eventsadmin', 'Delete')).toBe(true);

    const revoked = await revokeScreenActions(
      store,
      { role: Role.Staff, screen: 'eventsadmin', actions: ['View', 'Delete'] },
      ctx(),
    );
    await waitForPosition(t.db, ['permissions'], revoked, 10_000);
    expect((await events()).slice(-2)).toEqual([
      {
        type: 'RoleScreenActionsGranted',
        data: { role: 2, screen: 'eventsadmin', actions: ['Delete'], previous: ['View', 'Add', 'Edit'] },
      },
      {
        type: 'RoleScreenActionsRevoked',
        data: {
          role: 2,
          screen: 'eventsadmin',
          actions: ['View', 'Delete'],
          previous: ['View', 'Add', 'Edit', 'Delete'],
        },
      },
    ]);
    const snapshot = await cache.fresh();
    expect(snapshot.can(Role.Staff, 'eventsadmin', 'View')).toBe(false);
    expect(snapshot.can(Role.Staff, 'EventsAdmin', 'Add')).toBe(true);
    expect(snapshot.screensOf(Role.Staff).eventsadmin).toEqual(['Add', 'Edit']);
  });

  it('writes nothing for a grant of what the role holds already', async () => {
    const before = (await events()).length;
    await grantScreenActions(store, { role: Role.Staff, screen: 'dashboard', actions: ['View'] }, ctx());
    expect((await events()).length).toBe(before);
  });

  it('refuses to take the super admin’s administration rights and writes nothing', async () => {
    const before = (await events()).length;
    const error = await revokeScreenActions(
      store,
      { role: Role.Admin, screen: 'allowadminrole', actions: ['Edit'] },
      ctx(),
    ).catch((e: DomainError) => e);
    expect((error as DomainError).code).toBe('SuperAdminRightsProtected');
    expect((await events()).length).toBe(before);
  });

  it('reloads the matrix only when the projection has moved', async () => {
    const c = new PermissionCache(t.db);
    const first = await c.fresh();
    expect(await c.fresh()).toBe(first);
    const at = await grantScreenActions(store, { role: Role.Reviewer, screen: 'statistics', actions: ['View'] }, ctx());
    await waitForPosition(t.db, ['permissions'], at, 10_000);
    const next = await c.fresh();
    expect(next).not.toBe(first);
    expect(next.can(Role.Reviewer, 'statistics')).toBe(true);
    expect(first.can(Role.Reviewer, 'statistics')).toBe(false);
  });

  it('drops the row of a screen whose last action is revoked', async () => {
    const at = await revokeScreenActions(
      store,
      { role: Role.Reviewer, screen: 'statistics', actions: ['View'] },
      ctx(),
    );
    await waitForPosition(t.db, ['permissions'], at, 10_000);
    const rows = await rolePermissions(t.db);
    expect(rows.filter((r) => r.role === Role.Reviewer && r.screen === 'statistics')).toEqual([]);
    expect((await cache.fresh()).screensOf(Role.Reviewer)).toEqual(SEED_PERMISSIONS[Role.Reviewer]);
  });
});
