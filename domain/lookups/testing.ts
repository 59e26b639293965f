import { normaliseFlags } from './kinds.ts';
import { LOOKUP_SEED } from './seed.ts';
import { type LookupRow, LookupSnapshot } from './snapshot.ts';

/** Tests: the snapshot a freshly seeded portal has (every seed item active, with its flags). */
export function seedSnapshot(): LookupSnapshot {
  const rows: Record<string, LookupRow[]> = {};
  for (const [kind, items] of Object.entries(LOOKUP_SEED))
    rows[kind] = items.map((i) => ({
      id: i.id,
      nameAr: i.nameAr,
      nameEn: i.nameEn,
      parentId: i.parentId ?? null,
      flags: normaliseFlags(i.flags),
      active: true,
    }));
  return new LookupSnapshot(rows);
}
