import type { FastifyRequest } from 'fastify';
import { loadOpportunity } from '../../commands/participation/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { guard } from '../http/auth.ts';
import type { ApiDeps } from '../http/deps.ts';
import { eventInScope, staffScope } from '../http/scope.ts';

/**
 * An event inside the caller's regions and cities (staff); NotFound outside them. It runs after the contract's own
 * permission (api/http/route.ts puts that first), so the session is checked. Shared by the events, participation and
 * hours routes. A guard too, so that it runs before the input is validated: an event outside the scope answers the
 * same 404 whatever the body holds.
 */
export function staffOnEvent(deps: ApiDeps) {
  return guard(async (req: FastifyRequest) => {
    const scope = await staffScope(deps, req.session!);
    if (!scope) return;
    const o = await loadOpportunity(deps.store, (req.params as { id: string }).id).catch(() => null);
    if (o?.details && !eventInScope(scope, o.details)) throw new DomainError('NotFound');
  });
}
