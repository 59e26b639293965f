import { sql } from 'kysely';
import { decode } from '../../commands/event-store/decode.ts';
import { lookupEvents } from '../../domain/lookups/decide.ts';
import { readModelTables } from '../runner/define.ts';
import type { Projection } from '../runner/projection.ts';
import { int4, int4Clamped } from '../runner/values.ts';

/**
 * rm.lookups: the master data, one row per item of every kind, in the order added (`position`), with the kinds'
 * extra fields (event types' targets, regions' colour setting) and a city's city group (group_id); a deleted item's row goes. rm.lookups_state
 * holds the position of the last lookup event applied, written in the batch's transaction: the cheap question the
 * per-process cache asks before reloading (the checkpoint itself also moves past events of other types).
 */
export const lookupsProjection: Projection = {
  name: 'lookups',
  version: 3,
  types: [
    'LookupItemAdded',
    'LookupItemRenamed',
    'LookupItemDeactivated',
    'LookupItemReactivated',
    'LookupItemFlagsChanged',
    'LookupItemMoved',
    'LookupItemRegrouped',
    'LookupItemTargetsChanged',
    'LookupItemColourChanged',
    'LookupItemDeleted',
  ],
  ...readModelTables({
    lookups: `
        kind text not null,
        id int not null,
        parent_id int,
        group_id int,
        name_ar text not null,
        name_en text not null,
        flags jsonb not null default '{}',
        active boolean not null,
        position int not null,
        min_target int,
        max_target int,
        colour_name text,
        colour_code text,
        primary key (kind, id)`,
    lookups_state: `
        one boolean primary key default true check (one),
        commit_pos numeric(20) not null,
        prepare_pos numeric(20) not null`,
  }),
  async apply({ tx, table }, events) {
    const t = sql.raw(table('lookups'));
    for (const stored of events) {
      const e = decode(lookupEvents, stored);
      if (!e) continue;
      const { kind, id } = e.data;
      switch (e.type) {
        case 'LookupItemAdded': {
          const d = e.data;
          await sql`insert into ${t} (kind, id, parent_id, group_id, name_ar, name_en, flags, active, position, min_target,
              max_target)
            values (${kind}, ${id}, ${d.parentId}, ${int4(d.groupId)}, ${d.nameAr}, ${d.nameEn}, ${JSON.stringify(d.flags)}::jsonb, true,
              (select coalesce(max(position) + 1, 0) from ${t} where kind = ${kind}),
              ${int4Clamped(d.targets?.min ?? null)}, ${int4Clamped(d.targets?.max ?? null)})
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
        case 'LookupItemMoved':
          await sql`update ${t} set parent_id = ${int4(e.data.to)} where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemRegrouped':
          await sql`update ${t} set group_id = ${int4(e.data.to)} where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemTargetsChanged':
          await sql`update ${t} set min_target = ${int4Clamped(e.data.to.min)}, max_target = ${int4Clamped(e.data.to.max)}
                    where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemColourChanged':
          await sql`update ${t} set colour_name = ${e.data.to?.name ?? null}, colour_code = ${e.data.to?.code ?? null}
                    where kind = ${kind} and id = ${id}`.execute(tx);
          break;
        case 'LookupItemDeleted':
          await sql`delete from ${t} where kind = ${kind} and id = ${id}`.execute(tx);
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
