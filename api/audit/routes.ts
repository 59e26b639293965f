import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loadOpportunity } from '../../commands/participation/handlers.ts';
import { isRecordKind, RECORD_KINDS } from '../../domain/record-kinds.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { actorSuggestions, auditPage } from '../../projections/audit/queries.ts';
import * as C from '../contracts/audit.ts';
import { guard, requireUser } from '../http/auth.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { recordHistory } from '../http/history.ts';
import { route } from '../http/route.ts';
import { eventInScope, staffScope, volunteerInScope } from '../http/scope.ts';

/**
 * The history of a record: `auditlog` View, or View on the record kind's own screen; a staff member sees only the
 * registrations and events of her regions and cities (NotFound outside them, as on their own screens).
 */
function historyGuard(deps: ApiDeps) {
  const user = requireUser();
  return guard(async (req: FastifyRequest) => {
    await user(req);
    const { kind, id } = req.params as { kind: string; id: string };
    const matrix = await deps.permissions.fresh();
    const can = (screen: string) => matrix.can(req.session!.roleId, screen, 'View');
    if (!can('auditlog') && !(isRecordKind(kind) && can(RECORD_KINDS[kind].screen)))
      throw new DomainError('Forbidden', { screen: 'auditlog', action: 'View' });
    const scope = await staffScope(deps, req.session!);
    if (!scope) return;
    if (kind === 'registration' && !(await volunteerInScope(deps, scope, id))) throw new DomainError('NotFound');
    if (kind === 'opportunity' || kind === 'participation') {
      const o = await loadOpportunity(deps.store, id.split('_')[0]!).catch(() => null);
      if (o?.details && !eventInScope(scope, o.details)) throw new DomainError('NotFound');
    }
  });
}

/** The global audit log for admins: newest first, keyset-paged by log position (?before=<position of the last row>). */
export function auditRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.auditLog, {}, async (req) => {
    await readAfter(req, deps, ['audit-log', 'users']);
    return auditPage(deps.db, req.query);
  });

  route(app, C.auditActors, {}, async (req) => {
    await readAfter(req, deps, ['users']);
    return actorSuggestions(deps.db, req.query.q, 20);
  });

  // Every record kind's history tab, read from the record's stream (never stale).
  route(app, C.recordHistory, { preHandler: historyGuard(deps) }, async (req) =>
    recordHistory(deps, req.params.kind, req.params.id),
  );
}
