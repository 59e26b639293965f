import { z } from 'zod';
import { LOOKUP_FLAGS, type LookupFlags, type LookupKind, lookupKinds } from './kinds.ts';
import seedFile from './seed.json' with { type: 'json' };

/**
 * The master data a fresh portal starts with (the values: seed.json beside this file): appended once, through the
 * lookup commands, when the lookup streams do not exist yet (commands/lookups/seed.ts). Nothing reads these lists at
 * run time: the lookups are the streams' read model (projections/lookups). Ids are stable: read models and events
 * refer to them.
 */
export interface Lookup {
  id: number;
  nameAr: string;
  nameEn: string;
}

export interface SeedItem extends Lookup {
  parentId?: number;
  /** Cities: their city group. */
  groupId?: number;
  flags?: LookupFlags;
}

const SeedItem = z
  .object({
    id: z.number().int().nonnegative(),
    nameAr: z.string().min(1),
    nameEn: z.string().min(1),
    groupId: z.number().int().positive().optional(),
    parentId: z.number().int().positive().optional(),
    flags: z.partialRecord(z.enum(LOOKUP_FLAGS), z.literal(true)).optional(),
  })
  .strict();

/** A kind's seed list: its items, no id twice. */
const SeedList = z
  .array(SeedItem)
  .refine((items) => new Set(items.map((i) => i.id)).size === items.length, 'an id is seeded twice');

/** The seed lists per kind, in display order; a kind's parent and group kinds come before it. */
export const LOOKUP_SEED: Partial<Record<LookupKind, readonly SeedItem[]>> = z
  .partialRecord(z.enum(lookupKinds), SeedList)
  .parse(seedFile);
