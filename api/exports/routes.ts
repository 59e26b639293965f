import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { formatPosition } from '../../commands/event-store/port.ts';
import { exportOf, requestExport } from '../../commands/reports/handlers.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type ExportProgressDB, progressOf } from '../../projections/exports/progress.ts';
import * as C from '../contracts/exports.ts';
import { requireUser } from '../http/auth.ts';
import { type ApiDeps, commandContext } from '../http/deps.ts';
import { route } from '../http/route.ts';
import { staffScope } from '../http/scope.ts';
import { allSources } from './registry.ts';
import { exportsFor } from './run.ts';
import './sources.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The export's id: the command's (so a retried request with its Idempotency-Key names the same export). */
function exportIdOf(commandId: string): string {
  if (UUID.test(commandId)) return commandId.toLowerCase();
  const h = createHash('sha256').update(commandId).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Exports (spec: ExporttoExcel, ExportPdf): POST /api/exports/<source> records `ExportRequested` (the audited action,
 * with the filters and the staff member's regions and cities) and answers its id; a job (workers/export-reactions.ts)
 * writes the file and reports its progress; GET /api/exports/:id and /file answer only the requester (404 to anyone
 * else, read from her own stream).
 */
export function exportRoutes(app: FastifyInstance, deps: ApiDeps) {
  for (const source of allSources()) {
    source.register(app, async (r, req) => {
      await source.authorize(deps, r.session, r.filters);
      const scope = await staffScope(deps, r.session);
      const ctx = commandContext(req, deps);
      const exportId = exportIdOf(ctx.commandId);
      const position = await requestExport(
        deps.store,
        r.session.userId,
        {
          exportId,
          source: source.name,
          format: r.format,
          formatted: r.formatted,
          language: r.language,
          filters: r.filters,
          scope: scope ? { regionIds: scope.regionIds, cityIds: scope.cityIds } : null,
        },
        ctx,
      );
      return { id: exportId, position: formatPosition(position) };
    });
  }

  const own = async (userId: string, id: string) => {
    const job = await exportOf(deps.store, userId, id);
    if (!job) throw new DomainError('NotFound');
    return job;
  };

  route(app, C.getExport, { preHandler: requireUser() }, async (req) => {
    const job = await own(req.session!.userId, req.params.id);
    const p = await progressOf(deps.db as Kysely<ExportProgressDB>, job.exportId);
    return {
      id: job.exportId,
      source: job.source,
      format: job.format,
      formatted: job.formatted,
      status: job.status,
      done: job.status === 'completed' ? (job.rows ?? 0) : (p?.done ?? 0),
      total: p?.total ?? null,
      requestedAt: job.requestedAt,
      finishedAt: job.finishedAt,
      rows: job.rows,
      truncated: p?.truncated ?? false,
      reason: job.reason,
    };
  });

  route(app, C.exportFile, { preHandler: requireUser() }, async (req, reply) => {
    const job = await own(req.session!.userId, req.params.id);
    if (job.status !== 'completed' || !job.fileId) throw new DomainError('NotFound');
    const f = await exportsFor(deps.store).storage.open(job.fileId);
    if (!f) throw new DomainError('NotFound');
    return reply
      .type(f.meta.mimeType)
      .header('content-length', String(f.meta.size))
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(f.meta.name)}`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(f.stream);
  });
}
