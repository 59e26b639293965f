import type { FastifyInstance } from 'fastify';
import { auditPage } from '../../projections/audit/queries.ts';
import * as C from '../contracts/audit.ts';
import { type ApiDeps, readAfter } from '../http/deps.ts';
import { route } from '../http/route.ts';

/** The global audit log for admins: newest first, keyset-paged by log position (?before=<position of the last row>). */
export function auditRoutes(app: FastifyInstance, deps: ApiDeps) {
  route(app, C.auditLog, {}, async (req) => {
    await readAfter(req, deps, ['audit-log']);
    return auditPage(deps.db, req.query);
  });
}
