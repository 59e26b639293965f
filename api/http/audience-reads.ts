import type { FastifyRequest } from 'fastify';
import { DomainError } from '../../domain/shared/errors.ts';
import type { Paging } from '../../projections/shared/query.ts';
import { type ApiDeps, readAfter } from './deps.ts';

/**
 * A module's two reads for an audience (the caller's own, or what a staff member's regions and cities allow), each
 * after the caller's own writes are projected into `readModels`: a page of its grid by the query's filters, and one
 * row, NotFound when that audience may not see it (no hint it exists). Tickets and initiatives.
 */
export function audienceReads<A, F, Q extends Paging, P, R>(
  deps: ApiDeps,
  readModels: readonly string[],
  reads: {
    page: (db: ApiDeps['db'], audience: A, filters: F, paging: Paging) => Promise<P>;
    row: (db: ApiDeps['db'], audience: A, id: string) => Promise<R | null | undefined>;
    filtersOf: (query: Q) => F;
  },
) {
  return {
    async page(req: FastifyRequest, audience: A, query: Q): Promise<P> {
      await readAfter(req, deps, readModels);
      return reads.page(deps.db, audience, reads.filtersOf(query), { page: query.page, pageSize: query.pageSize });
    },
    async row(req: FastifyRequest, audience: A, id: string): Promise<R> {
      await readAfter(req, deps, readModels);
      const row = await reads.row(deps.db, audience, id);
      if (!row) throw new DomainError('NotFound');
      return row;
    },
  };
}
