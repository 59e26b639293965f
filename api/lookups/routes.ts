import type { FastifyInstance } from 'fastify';
import { EXCLUDED_REGION_ID } from '../../domain/registration/rules.ts';
import * as L from '../../domain/shared/lookups.ts';

/** Reference lists for the forms (public; the registration regions leave out region 16). */
export function lookupRoutes(app: FastifyInstance) {
  const body = {
    regions: L.REGIONS.filter((r) => r.id !== EXCLUDED_REGION_ID),
    cities: L.CITIES,
    nationalities: L.NATIONALITIES,
    countries: L.COUNTRIES,
    professions: L.PROFESSIONS,
    categories: L.CATEGORIES,
    subCategoriesLevel1: L.SUBCATEGORIES_L1,
    subCategoriesLevel2: L.SUBCATEGORIES_L2,
    experienceLevels: L.EXPERIENCE_LEVELS,
    workFields: L.WORK_FIELDS,
    certificateFields: L.CERTIFICATE_FIELDS,
    languages: L.LANGUAGES,
    proficiencyLevels: L.PROFICIENCY_LEVELS,
    contactRelations: L.CONTACT_RELATIONS,
    bloodGroups: L.BLOOD_GROUPS,
    covidContactStatuses: L.COVID_CONTACT_STATUSES,
  };
  app.get('/api/lookups', { schema: { tags: ['lookups'] } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(body),
  );
}
