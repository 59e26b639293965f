import type { FastifyRequest } from 'fastify';
import { loadOpportunity } from '../../commands/participation/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { SurveyScope } from '../../domain/survey/rules.ts';
import type { SurveyAudienceScope } from '../../projections/surveys/queries.ts';
import type { ApiDeps } from '../http/deps.ts';
import { eventInScope, type Scope, staffScope } from '../http/scope.ts';

/**
 * A staff member's regions and cities (spec: allowregionrestriction) as the survey reads take them; null for the
 * roles that are not scoped. The reads then hold only the surveys whose audience lies within those areas
 * (projections/surveys/queries.ts surveyAudienceCondition); an out-of-scope survey answers 404, as an event does.
 */
export async function surveyAudience(deps: ApiDeps, req: FastifyRequest): Promise<SurveyAudienceScope | null> {
  const scope = await staffScope(deps, req.session!);
  return scope ? audienceOf(scope) : null;
}

export const audienceOf = (scope: Scope): SurveyAudienceScope => ({
  assignedRegions: scope.regionIds,
  coveredRegions: [...scope.covered.regions],
  coveredCities: [...scope.covered.cities],
});

/**
 * Whether an audience lies within a scope, the rule of surveyAudienceCondition for a definition not yet saved: an
 * event in scope, filters within the areas, never all volunteers.
 */
export async function audienceInScope(deps: ApiDeps, scope: Scope | null, audience: SurveyScope): Promise<boolean> {
  if (!scope) return true;
  if (audience.kind === 'all') return false;
  if (audience.kind === 'event') {
    const o = await loadOpportunity(deps.store, audience.opportunityId).catch(() => null);
    return !!o?.details && eventInScope(scope, o.details);
  }
  if (audience.cityIds.length) return audience.cityIds.every((id) => scope.covered.cities.has(id));
  return audience.regionIds.length > 0 && audience.regionIds.every((id) => scope.regionIds.includes(id));
}

/** Scoped staff save surveys only for audiences within their areas (as events only for their places). */
export async function requireAudienceInScope(deps: ApiDeps, req: FastifyRequest): Promise<void> {
  const audience = (req.body as { scope: SurveyScope }).scope;
  if (!(await audienceInScope(deps, await staffScope(deps, req.session!), audience)))
    throw new DomainError('RegionNotAllowed', { field: 'scope' });
}
