import { type Kysely, sql } from 'kysely';
import { isLookupKind, type LookupKind, normaliseFlags } from '../../domain/lookups/kinds.ts';
import type { LookupRow } from '../../domain/lookups/snapshot.ts';

/** The read model's tables (views in schema rm), for typed reads. */
export interface LookupsDB {
  'rm.lookups': {
    kind: string;
    id: number;
    parent_id: number | null;
    group_id: number | null;
    name_ar: string;
    name_en: string;
    flags: Record<string, boolean>;
    active: boolean;
    position: number;
    min_target: number | null;
    max_target: number | null;
    colour_name: string | null;
    colour_code: string | null;
  };
  'rm.lookups_state': { one: boolean; commit_pos: string; prepare_pos: string };
}

/** Every lookup row, grouped by kind, in display order. */
export async function allLookups(db: Kysely<LookupsDB>): Promise<Partial<Record<LookupKind, LookupRow[]>>> {
  const rows = await db
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
export async function lookupsVersion(db: Kysely<LookupsDB>): Promise<string | null> {
  const r = await db.selectFrom('rm.lookups_state').select(['commit_pos', 'prepare_pos']).executeTakeFirst();
  return r ? `${r.commit_pos}.${r.prepare_pos}` : null;
}

/** One item as the master-data screens show it: inactive ones too, with the kind's extra fields. */
export interface LookupAdminRow {
  id: number;
  nameAr: string;
  nameEn: string;
  parentId: number | null;
  groupId: number | null;
  active: boolean;
  minTarget: number | null;
  maxTarget: number | null;
  colourName: string | null;
  colourCode: string | null;
}

export interface LookupPageQuery {
  /** Part of the Arabic or English name, any case. */
  search?: string | undefined;
  page: number;
  pageSize: number;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A page of a kind's items, active or not, in display order. */
export async function lookupPage(
  db: Kysely<LookupsDB>,
  kind: LookupKind,
  q: LookupPageQuery,
): Promise<{ rows: LookupAdminRow[]; total: number }> {
  let base = db.selectFrom('rm.lookups').where('kind', '=', kind);
  if (q.search) {
    const p = likePattern(q.search);
    base = base.where((eb) => eb.or([eb('name_ar', 'ilike', p), eb('name_en', 'ilike', p)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select([
        'id',
        'name_ar',
        'name_en',
        'parent_id',
        'group_id',
        'active',
        'min_target',
        'max_target',
        'colour_name',
        'colour_code',
      ])
      .orderBy('position')
      .orderBy('id')
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    rows: rows.map((r) => ({
      id: r.id,
      nameAr: r.name_ar,
      nameEn: r.name_en,
      parentId: r.parent_id,
      groupId: r.group_id,
      active: r.active,
      minTarget: r.min_target,
      maxTarget: r.max_target,
      colourName: r.colour_name,
      colourCode: r.colour_code,
    })),
  };
}

/**
 * The kinds a registration form names (domain/registration/form.ts: nationality, passport country, region, city,
 * specialities, preferred work fields and cities, emergency contacts' relations, certificate fields, languages and
 * their levels, skills, the employee's team). The forms are not kept field by field in a read model, so an item of
 * these kinds counts as used as soon as any registration exists (deactivate it instead).
 */
const FORM_KINDS: ReadonlySet<LookupKind> = new Set<LookupKind>([
  'nationality',
  'country',
  'region',
  'city',
  'profession',
  'category',
  'subCategoryLevel1',
  'subCategoryLevel2',
  'experienceLevel',
  'workField',
  'contactRelation',
  'certificateField',
  'language',
  'proficiencyLevel',
  'skill',
  'team',
]);

/** The read-model columns that name an item of a kind, as `exists` conditions on its id. */
const REFERENCES: Partial<Record<LookupKind, (id: number) => ReturnType<typeof sql<boolean>>[]>> = {
  region: (id) => [
    sql<boolean>`exists (select 1 from rm.registrations where region_id = ${id})`,
    sql<boolean>`exists (select 1 from rm.opportunities where ${id} = any(region_ids))`,
    sql<boolean>`exists (select 1 from rm.users where ${id} = any(region_ids))`,
  ],
  city: (id) => [
    sql<boolean>`exists (select 1 from rm.registrations where city_id = ${id})`,
    sql<boolean>`exists (select 1 from rm.opportunities where ${id} = any(city_ids))`,
    sql<boolean>`exists (select 1 from rm.users where ${id} = any(city_ids))`,
  ],
  nationality: (id) => [sql<boolean>`exists (select 1 from rm.registrations where nationality_id = ${id})`],
  category: (id) => [sql<boolean>`exists (select 1 from rm.opportunities where category_id = ${id})`],
  workField: (id) => [sql<boolean>`exists (select 1 from rm.opportunities where work_field_id = ${id})`],
  workFieldCategoryGroup: (id) => [
    sql<boolean>`exists (select 1 from rm.opportunities where details->>'workFieldGroupId' = ${String(id)})`,
  ],
  department: (id) => [sql<boolean>`exists (select 1 from rm.tickets where department_id = ${id})`],
};

/**
 * How many kinds of reference to the item the read models hold (0: never used, as far as they know): the columns
 * above, and for the kinds a registration form names, any registration at all. Items of child kinds are counted by
 * the command handler from the streams.
 */
export async function lookupUses(db: Kysely<LookupsDB>, kind: LookupKind, id: number): Promise<number> {
  const checks = [...(REFERENCES[kind]?.(id) ?? [])];
  if (FORM_KINDS.has(kind)) checks.push(sql<boolean>`exists (select 1 from rm.registrations)`);
  if (checks.length === 0) return 0;
  const r = await sql<{ n: number }>`select (${sql.join(
    checks.map((c) => sql`(${c})::int`),
    sql` + `,
  )}) as n`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}
