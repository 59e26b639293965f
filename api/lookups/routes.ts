import type { FastifyInstance } from 'fastify';
import type { LookupKind } from '../../domain/lookups/kinds.ts';
import type { LookupRow, LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import * as C from '../contracts/lookups.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';

type Item = { id: number; nameAr: string; nameEn: string; flags?: LookupRow['flags'] };

/** A row as the forms know it; its flags only when it has any (the national nationality). */
function item(r: LookupRow): Item {
  const out: Item = { id: r.id, nameAr: r.nameAr, nameEn: r.nameEn };
  if (Object.keys(r.flags).length) out.flags = r.flags;
  return out;
}

/** The forms' reference lists: the active items of each kind; the regions leave out those excluded from registration. */
export function lookupsBody(s: LookupSnapshot) {
  const list = (kind: LookupKind) => s.list(kind).map(item);
  const withParent = <K extends string>(kind: LookupKind, key: K) =>
    s.list(kind).map((r) => ({ ...item(r), [key]: r.parentId }) as Item & Record<K, number | null>);
  return {
    regions: s
      .list('region')
      .filter((r) => !r.flags.excludedFromRegistration)
      .map(item),
    cities: withParent('city', 'regionId'),
    nationalities: list('nationality'),
    countries: list('country'),
    professions: list('profession'),
    categories: list('category'),
    subCategoriesLevel1: withParent('subCategoryLevel1', 'categoryId'),
    subCategoriesLevel2: withParent('subCategoryLevel2', 'level1Id'),
    experienceLevels: list('experienceLevel'),
    workFields: list('workField'),
    eventTypes: list('eventType'),
    workFieldGroups: list('workFieldCategoryGroup'),
    certificateFields: list('certificateField'),
    languages: list('language'),
    proficiencyLevels: list('proficiencyLevel'),
    contactRelations: list('contactRelation'),
    bloodGroups: list('bloodGroup'),
    covidContactStatuses: list('covidContactStatus'),
  };
}

/** Reference lists for the forms (public), from the lookups read model; ?after= waits for a lookup change. */
export function lookupRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.getLookups, {}, async (req, reply) => {
    await readAfter(req, deps, ['lookups']);
    reply.header('cache-control', 'public, max-age=300');
    return lookupsBody(await deps.lookups.current());
  });
}
