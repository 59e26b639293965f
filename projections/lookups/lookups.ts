import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { lookupEvents } from '../../domain/lookups/decide.ts';
import type { Projection } from '../runner/projection.ts';

/**
 * rm.lookups: the master data, one row per item of every kind, in the order added (`position`). rm.lookups_state
 * holds the position of the last lookup event applied, written in the batch's transaction: the cheap question the
 * per-process cache asks before reloading (the checkpoint itself also moves past events of other types).
 */
export const lookupsProjection: Projection = {
  name: 'lookups',
  version: 1,
  tables: ['lookups', 'lookups_state'],
  types: [
    'LookupItemAdded',
    'LookupItemRenamed',
    'LookupItemDeactivated',
    'LookupItemReactivated',
    'LookupItemFlagsChanged',
  ],
  async setup({ tx, table }) {
    await sql
      .raw(`
      create table ${table('lookups')} (
        kind text not null,
        id int not null,
        parent_id int,
        name_ar text not null,
        name_en text not null,
        flags jsonb not null default '{}',
        active boolean not null,
        position int not null,
        primary key (kind, id)
      );
      create table ${table('lookups_state')} (
        one boolean primary key default true check (one),
        commit_pos numeric(20) not null,
        prepare_pos numeric(20) not null
      )`)
      .execute(tx);
  },
  async apply({ tx, table }, events) {
    const t = sql.raw(table('lookups'));
    for (const stored of events) {
      const e = decode(lookupEvents, stored);
      if (!e) continue;
      const { kind, id } = e.data;
      switch (e.type) {
        case 'LookupItemAdded': {
          const d = e.data;
          await sql`insert into ${t} (kind, id, parent_id, name_ar, name_en, flags, active, position)
            values (${kind}, ${id}, ${d.parentId}, ${d.nameAr}, ${d.nameEn}, ${JSON.stringify(d.flags)}::jsonb, true,
              (select coalesce(max(position) + 1, 0) from ${t} where kind = ${kind}))
            on conflict (kind, id) do nothing`.execute(tx);
          break;
        }
        case 'LookupItemRenamed':
          await sql`update ${t} set name_ar = ${e.data.to.nameAr}, name_en = ${e.data.to.nameEn}
                    where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemDeactivated':
          await sql`update ${t} set active = false where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemReactivated':
          await sql`update ${t} set active = true where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemFlagsChanged':
          await sql`update ${t} set flags = ${JSON.stringify(e.data.to)}::jsonb where kind = ${kind} and id = ${id}`.execute(
            tx,
          );
          break;
      }
    }
    const last = events[events.length - 1];
    if (!last) return;
    await sql`insert into ${sql.raw(table('lookups_state'))} (commit_pos, prepare_pos)
      values (${last.position.commit.toString()}, ${last.position.prepare.toString()})
      on conflict (one) do update set commit_pos = excluded.commit_pos, prepare_pos = excluded.prepare_pos`.execute(tx);
  },
};
