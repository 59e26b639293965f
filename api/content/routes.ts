import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as commands from '../../commands/content/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import {
  contentAdminList,
  contentById,
  homeCounters,
  publishedItem,
  publishedList,
  publishedPage,
} from '../../projections/content/queries.ts';
import * as C from '../contracts/content.ts';
import { type ApiDeps, commandContext, readAfter } from '../http/deps.ts';
import { ok, route } from '../http/route.ts';

const READ_MODELS = ['content'];

/**
 * Content (screen `content`: View, Add, Edit, Delete): slides, news, galleries, the static pages, documents,
 * excellent volunteers and the video link. The public reads answer published items only; a draft, a deleted or an
 * unknown item is the same 404.
 */
export function contentRoutes(app: FastifyInstance, deps: ApiDeps) {
  const db = deps.db;
  /** One item, once the read model has `?after=`: a missing one (a draft, for the public) is the same 404. */
  const oneItem = async <T>(req: FastifyRequest, read: () => Promise<T | null>): Promise<T> => {
    await readAfter(req, deps, READ_MODELS);
    const item = await read();
    if (!item) throw new DomainError('NotFound');
    return item;
  };

  route(app, C.contentList, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const q = req.query;
    return contentAdminList(db, { kind: q.kind, state: q.state, text: q.text }, q.page, q.pageSize);
  });
  route(app, C.contentItem, {}, (req) => oneItem(req, () => contentById(db, req.params.id)));
  route(app, C.createContent, {}, async (req, reply) => {
    const { kind, key, order, ...fields } = req.body;
    const r = await commands.createContent(deps.store, { kind, key, order, fields }, commandContext(req, deps));
    reply.code(201);
    return { position: formatPosition(r.position), contentId: r.contentId };
  });
  route(app, C.editContent, {}, async (req) =>
    ok(await commands.editContent(deps.store, req.params.id, req.body, commandContext(req, deps))),
  );
  route(app, C.publishContent, {}, async (req) =>
    ok(await commands.publishContent(deps.store, req.params.id, true, commandContext(req, deps))),
  );
  route(app, C.unpublishContent, {}, async (req) =>
    ok(await commands.publishContent(deps.store, req.params.id, false, commandContext(req, deps))),
  );
  route(app, C.reorderContent, {}, async (req) => {
    const p = await commands.reorderContent(deps.store, req.body.kind, req.body.ids, commandContext(req, deps));
    return { position: p ? formatPosition(p) : null };
  });
  route(app, C.deleteContent, {}, async (req) =>
    ok(await commands.deleteContent(deps.store, req.params.id, commandContext(req, deps))),
  );

  route(app, C.publicContent, {}, async (req) => {
    await readAfter(req, deps, READ_MODELS);
    const q = req.query;
    return publishedList(db, q.kind, q.page, q.pageSize);
  });
  route(app, C.publicContentItem, {}, (req) => oneItem(req, () => publishedItem(db, req.params.id)));
  route(app, C.publicPage, {}, (req) => oneItem(req, () => publishedPage(db, req.params.key)));
  route(app, C.homeCounters, {}, async () => {
    const counters = await homeCounters(db);
    return {
      counters,
      volunteers: (counters[2] ?? 0) + (counters[3] ?? 0),
      events: counters[4] ?? 0,
      hours: counters[5] ?? 0,
    };
  });
}
