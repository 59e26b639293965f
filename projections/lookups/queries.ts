import type { Kysely } from 'kysely';
import { isLookupKind, type LookupKind, normaliseFlags } from '../../domain/lookups/kinds.ts';
import type { LookupRow } from '../../domain/lookups/snapshot.ts';
import type { AnyDB } from '../runner/projection.ts';

/** The read model's tables (views in schema rm), for typed reads. */
export interface LookupsDB {
  'rm.lookups': {
    kind: string;
    id: number;
    parent_id: number | null;
    name_ar: string;
    name_en: string;
    flags: Record<string, boolean>;
    active: boolean;
    position: number;
  };
  'rm.lookups_state': { one: boolean; commit_pos: string; prepare_pos: string };
}

const typed = (db: Kysely<AnyDB>) => db as Kysely<LookupsDB>;

/** Every lookup row, grouped by kind, in display order. */
export async function allLookups(db: Kysely<AnyDB>): Promise<Partial<Record<LookupKind, LookupRow[]>>> {
  const rows = await typed(db)
    .selectFrom('rm.lookups')
    .select(['kind', 'id', 'parent_id', 'name_ar', 'name_en', 'flags', 'active'])
    .orderBy('kind')
    .orderBy('position')
    .execute();
  const out: Partial<Record<LookupKind, LookupRow[]>> = {};
  for (const r of rows) {
    if (!isLookupKind(r.kind)) continue;
    const list = out[r.kind] ?? [];
    out[r.kind] = list;
    list.push({
      id: r.id,
      nameAr: r.name_ar,
      nameEn: r.name_en,
      parentId: r.parent_id,
      flags: normaliseFlags(r.flags),
      active: r.active,
    });
  }
  return out;
}

/** The position of the last lookup event applied ("commit.prepare"), or null before the first. */
export async function lookupsVersion(db: Kysely<AnyDB>): Promise<string | null> {
  const r = await typed(db).selectFrom('rm.lookups_state').select(['commit_pos', 'prepare_pos']).executeTakeFirst();
  return r ? `${r.commit_pos}.${r.prepare_pos}` : null;
}
