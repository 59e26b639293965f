import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatPosition } from '../../commands/event-store/port.ts';
import * as commands from '../../commands/lookups/handlers.ts';
import type { Targets } from '../../domain/lookups/decide.ts';
import type { LookupKind } from '../../domain/lookups/kinds.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { lookupPage, lookupUses } from '../../projections/lookups/queries.ts';
import * as C from '../contracts/lookups.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';

const READ_MODELS = ['lookups'];
/** Spec: grid page size 10 by default, 20 for the event types. */
const defaultPageSize = (kind: LookupKind) => (kind === 'eventType' ? 20 : 10);

/** The targets of a row: both or neither (one alone is an incomplete row). */
function targetsOf(input: C.LookupItemInput): Targets | undefined {
  const { minTarget: min, maxTarget: max } = input;
  if (min === undefined && max === undefined) return undefined;
  if (min === undefined || max === undefined)
    throw new DomainError('AllFieldsRequired', { fields: ['minTarget', 'maxTarget'] });
  return { min, max };
}

function itemOf(input: C.LookupItemInput) {
  const targets = targetsOf(input);
  return {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    ...(input.parentId !== undefined ? { parentId: input.parentId } : {}),
    ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
    ...(targets ? { targets } : {}),
  };
}

/**
 * The master-data screens (screen `masterdata`): every kind's items with the inactive ones, add, edit, deactivate,
 * reactivate, delete (an item never used), the regions' colour setting, and the event types' batch save. The public
 * GET /api/lookups follows on its next read (the lookup cache reloads when a lookup event was applied).
 */
export function lookupAdminRoutes(app: FastifyInstance, deps: ApiDeps) {
  const may = async (req: FastifyRequest, action: 'Add' | 'Delete') => {
    if (!(await deps.permissions.fresh()).can(req.session!.roleId, 'masterdata', action))
      throw new DomainError('Forbidden', { screen: 'masterdata', action });
  };

  route(app, C.listLookupItems, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const { kind } = req.params;
    const pageSize = req.query.pageSize ?? defaultPageSize(kind);
    const page = await lookupPage(deps.db, kind, { search: req.query.search, page: req.query.page, pageSize });
    return { ...page, pageSize };
  });
  route(app, C.addLookupItem, {}, async (req) => {
    const r = await commands.addLookupItem(deps.store, req.params.kind, itemOf(req.body), commandContext(req, deps));
    return { position: formatPosition(r.position), id: r.id };
  });
  route(app, C.updateLookupItem, {}, async (req) => {
    const { kind, id } = req.params;
    return ok(
      (await commands.updateLookupItem(deps.store, kind, { id, ...itemOf(req.body) }, commandContext(req, deps)))
        .position,
    );
  });
  route(app, C.saveLookupBatch, {}, async (req) => {
    const { kind } = req.params;
    const b = req.body;
    if (b.add.length) await may(req, 'Add');
    if (b.remove.length) await may(req, 'Delete');
    const remove = [];
    for (const id of b.remove) remove.push({ id, readModelUses: await lookupUses(deps.db, kind, id) });
    const r = await commands.changeLookupItems(
      deps.store,
      kind,
      { add: b.add.map(itemOf), update: b.update.map((u) => ({ id: u.id, ...itemOf(u) })), remove },
      commandContext(req, deps),
    );
    return { position: formatPosition(r.position), added: r.added };
  });
  route(app, C.deactivateLookupItem, {}, async (req) =>
    ok(
      (await commands.deactivateLookupItem(deps.store, req.params.kind, req.params.id, commandContext(req, deps)))
        .position,
    ),
  );
  route(app, C.reactivateLookupItem, {}, async (req) =>
    ok(
      (await commands.reactivateLookupItem(deps.store, req.params.kind, req.params.id, commandContext(req, deps)))
        .position,
    ),
  );
  route(app, C.deleteLookupItem, {}, async (req) => {
    const { kind, id } = req.params;
    const uses = await lookupUses(deps.db, kind, id);
    return ok((await commands.deleteLookupItem(deps.store, kind, id, uses, commandContext(req, deps))).position);
  });
  route(app, C.setLookupColour, {}, async (req) => {
    const { kind, id } = req.params;
    const colour = { name: req.body.colourName, code: req.body.colourCode };
    return ok((await commands.setLookupItemColour(deps.store, kind, id, colour, commandContext(req, deps))).position);
  });
}
