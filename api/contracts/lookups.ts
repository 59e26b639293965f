import { z } from 'zod';
import { AfterQuery } from './common.ts';
import { endpoint } from './endpoint.ts';

/** One item of a reference list as the forms know it; `flags` only when it has any (the national nationality). */
export const LookupItem = z.object({
  id: z.number().int(),
  nameAr: z.string(),
  nameEn: z.string(),
  flags: z.record(z.string(), z.boolean()).optional(),
});
export type LookupItem = z.infer<typeof LookupItem>;

/** GET /api/lookups: the active items of each kind; the regions leave out those excluded from registration. */
export const Lookups = z
  .object({
    regions: z.array(LookupItem),
    cities: z.array(LookupItem.extend({ regionId: z.number().int().nullable() })),
    nationalities: z.array(LookupItem),
    countries: z.array(LookupItem),
    professions: z.array(LookupItem),
    categories: z.array(LookupItem),
    subCategoriesLevel1: z.array(LookupItem.extend({ categoryId: z.number().int().nullable() })),
    subCategoriesLevel2: z.array(LookupItem.extend({ level1Id: z.number().int().nullable() })),
    experienceLevels: z.array(LookupItem),
    workFields: z.array(LookupItem),
    certificateFields: z.array(LookupItem),
    languages: z.array(LookupItem),
    proficiencyLevels: z.array(LookupItem),
    contactRelations: z.array(LookupItem),
    bloodGroups: z.array(LookupItem),
    covidContactStatuses: z.array(LookupItem),
    /** Not sent yet (no skills master data): the form's skills section shows only when it is. */
    skills: z.array(LookupItem).optional(),
  })
  .meta({ id: 'Lookups' });
export type Lookups = z.infer<typeof Lookups>;

/** The forms' reference lists (public, cached five minutes); `?after=` waits for a lookup change. */
export const getLookups = endpoint({
  method: 'GET',
  path: '/api/lookups',
  query: AfterQuery,
  response: Lookups,
  tags: ['lookups'],
});
