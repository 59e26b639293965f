import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { PermissionEventTypes, permissionEvents } from '../../domain/permissions/events.ts';
import { canonicalActions } from '../../domain/permissions/screens.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';

/**
 * rm.role_permissions: the screens × roles matrix, one row per role and screen it holds any action on. Each event
 * carries what the role held before, so a row is written from its event alone.
 */
export const rolePermissionsProjection: Projection = {
  name: 'permissions',
  version: 1,
  types: PermissionEventTypes,
  ...readModelTables({
    role_permissions: `
        role int not null,
        screen text not null,
        actions text[] not null,
        primary key (role, screen)`,
  }),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('role_permissions'));
    for (const stored of events) {
      const e = decode(permissionEvents, stored);
      if (!e) continue;
      const { role, screen, actions, previous } = e.data;
      const after =
        e.type === 'RoleScreenActionsGranted'
          ? canonicalActions([...previous, ...actions])
          : previous.filter((a) => !actions.includes(a));
      if (after.length === 0) {
        await sql`delete from ${t} where role = ${role} and screen = ${screen}`.execute(tx);
        continue;
      }
      await sql`insert into ${t} (role, screen, actions) values (${role}, ${screen}, ${after}::text[])
                on conflict (role, screen) do update set actions = excluded.actions`.execute(tx);
    }
  },
};
