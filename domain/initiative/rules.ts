import type { LookupSnapshot } from '../lookups/snapshot.ts';
import { isInt4Id } from '../shared/bounds.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { requireText } from '../shared/text.ts';

/**
 * EventApprovedStatus of an initiative (spec sections 3 and 4): submitting sets 0, shown as "New"; approving sets 1,
 * shown as "Received"; 2 rejected (the approved-status lookup's third value).
 */
export const InitiativeStatus = { New: 0, Received: 1, Rejected: 2 } as const;
export type InitiativeStatus = (typeof InitiativeStatus)[keyof typeof InitiativeStatus];
export const INITIATIVE_STATUSES: readonly InitiativeStatus[] = [0, 1, 2];

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 2000;
export const DETAILS_MAX = 4000;
export const LOCATION_MAX = 300;
export const REASON_MAX = 1000;

/** The code shown in the grid: the year and the first 8 hex digits of the initiative's id. */
export function initiativeCode(initiativeId: string, at: Date): string {
  return `IN-${at.getUTCFullYear()}-${initiativeId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}

export interface InitiativeDraft {
  name?: string | null;
  description?: string | null;
  details?: string | null;
  regionId?: number | null;
  cityId?: number | null;
  location?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}
type Key = keyof InitiativeDraft;
export interface InitiativeIssue {
  path: Key;
  code: ErrorCode;
}

const TEXTS: readonly [Key & ('name' | 'description' | 'details' | 'location'), number][] = [
  ['name', NAME_MAX],
  ['description', DESCRIPTION_MAX],
  ['details', DETAILS_MAX],
  ['location', LOCATION_MAX],
];

/**
 * Spec section 5: Name, Description, Details and Location required (AllFieldsRequired). Region and city are the
 * master data's, the city lying in the region; a point on the map is both coordinates, within the ranges events use
 * (domain/opportunity/rules.ts). The same rules run in the browser and in the decider.
 */
export function initiativeIssues(d: InitiativeDraft, lookups: LookupSnapshot): InitiativeIssue[] {
  const issues: InitiativeIssue[] = [];
  for (const [k, max] of TEXTS) requireText(issues, k, d[k], max, 'AllFieldsRequired');
  const region = d.regionId != null && isInt4Id(d.regionId) ? lookups.get('region', d.regionId) : undefined;
  if (d.regionId == null) issues.push({ path: 'regionId', code: 'AllFieldsRequired' });
  else if (!region?.active) issues.push({ path: 'regionId', code: 'ValidationFailed' });
  if (d.cityId == null) issues.push({ path: 'cityId', code: 'AllFieldsRequired' });
  else {
    const city = isInt4Id(d.cityId) ? lookups.get('city', d.cityId) : undefined;
    if (!city?.active || (region && city.parentId !== region.id))
      issues.push({ path: 'cityId', code: 'LookupParentInvalid' });
  }
  const lat = d.latitude ?? null;
  const lng = d.longitude ?? null;
  if ((lat === null) !== (lng === null))
    issues.push({ path: lat === null ? 'latitude' : 'longitude', code: 'ValidationFailed' });
  if (lat !== null && !(Number.isFinite(lat) && lat >= -90 && lat <= 90))
    issues.push({ path: 'latitude', code: 'ValidationFailed' });
  if (lng !== null && !(Number.isFinite(lng) && lng >= -180 && lng <= 180))
    issues.push({ path: 'longitude', code: 'ValidationFailed' });
  return issues;
}
