import type { Kysely, RawBuilder } from 'kysely';
import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import { Role } from '../../domain/shared/roles.ts';
import { areasOf } from '../../projections/account/queries.ts';
import { eventScopeCondition } from '../../projections/opportunity/queries.ts';
import type { ReadModels } from '../../projections/read-models.ts';
import { addressOf } from '../../projections/registration/queries.ts';
import type { ApiDeps } from './deps.ts';

/** The regions and cities a staff member works in (spec: allowregionrestriction); other roles are not scoped. */
export interface Scope {
  regionIds: number[];
  cityIds: number[];
  /** The regions and cities the scope covers: a region covers its cities, a city lies in its region. */
  covered: { regions: Set<number>; cities: Set<number> };
}

/**
 * What assigned regions and cities cover, by the city → region links of the master data. A deactivated city still
 * lies in its region (events may name it).
 */
export function coveredAreas(
  lookups: LookupSnapshot,
  regionIds: readonly number[],
  cityIds: readonly number[],
): { regions: Set<number>; cities: Set<number> } {
  const all = lookups.list('city', { includeInactive: true });
  return {
    regions: new Set([...regionIds, ...all.filter((c) => cityIds.includes(c.id)).map((c) => c.parentId!)]),
    cities: new Set([...cityIds, ...all.filter((c) => regionIds.includes(c.parentId!)).map((c) => c.id)]),
  };
}

export async function staffScope(deps: ApiDeps, session: { userId: string; roleId: number }): Promise<Scope | null> {
  if (session.roleId !== Role.Staff) return null;
  const { regionIds, cityIds } = await areasOf(deps.db, session.userId);
  return { regionIds, cityIds, covered: coveredAreas(await deps.lookups.current(), regionIds, cityIds) };
}

/** An address (region, city) inside the scope; everything is inside no scope. */
export function addressInScope(scope: Scope | null, a: { regionId?: number | null; cityId?: number | null }): boolean {
  if (!scope) return true;
  return (
    (a.regionId != null && scope.regionIds.includes(a.regionId)) ||
    (a.cityId != null && scope.cityIds.includes(a.cityId))
  );
}

/** Whether a volunteer's application (its region and city in the read model) lies inside the scope. */
export async function volunteerInScope(deps: ApiDeps, scope: Scope | null, volunteerId: string): Promise<boolean> {
  if (!scope) return true;
  const address = await addressOf(deps.db, volunteerId);
  return !!address && addressInScope(scope, address);
}

/**
 * Staff (role 2) see only the events of their authorised regions and cities, as in the registrations grid; other
 * roles are not scoped (null). An event restricted to regions (visibility 1) or cities (2) is in scope when those meet
 * the staff member's areas; an event open to all or to invited volunteers only names no area and concerns every staff
 * member. The condition on rm.opportunities (projections/opportunity/queries.ts).
 */
export async function staffEventScope(
  db: Kysely<ReadModels>,
  viewer: { userId: string; roleId: number },
  lookups: LookupSnapshot,
): Promise<RawBuilder<boolean> | null> {
  if (viewer.roleId !== Role.Staff) return null;
  const { regionIds, cityIds } = await areasOf(db, viewer.userId);
  const covered = coveredAreas(lookups, regionIds, cityIds);
  return eventScopeCondition({ regions: [...covered.regions], cities: [...covered.cities] });
}

/**
 * An event lies in a staff member's scope when it names no place (open to all, or invited-only) or its regions or
 * cities meet hers — a region covers its cities, a city lies in its region: the rule of the pending list's query
 * (staffEventScope), for one event.
 */
export function eventInScope(
  scope: Scope | null,
  e: { visibility: number; regionIds: readonly number[]; cityIds: readonly number[] },
): boolean {
  if (!scope) return true;
  const { regions, cities } = scope.covered;
  if (e.visibility === 1) return e.regionIds.some((id) => regions.has(id));
  if (e.visibility === 2) return e.cityIds.some((id) => cities.has(id));
  return true;
}
