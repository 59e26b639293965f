import type { QueryClient } from '@tanstack/react-query';
import type { LookupBatch, LookupItemInput } from '../../../../api/contracts/lookups.ts';
import * as C from '../../../../api/contracts/lookups.ts';
import type { LookupKind } from '../../../../domain/lookups/kinds.ts';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';

export type { LookupAdminRow, LookupBatch, LookupItemInput } from '../../../../api/contracts/lookups.ts';

export interface KindPageQuery {
  page: number;
  pageSize: number;
  search: string;
}

export const kindPageQuery = (kind: LookupKind, q: KindPageQuery) =>
  endpointQuery(['master-data', kind, q], C.listLookupItems, () => ({
    params: { kind },
    query: {
      after: afterPosition(),
      page: String(q.page),
      pageSize: String(q.pageSize),
      search: q.search.trim() === '' ? undefined : q.search.trim(),
    },
  }));

/** A parent select's choices: the parent kind's items (active or not; an inactive one is shown as such). */
export const parentOptionsQuery = (kind: LookupKind) => ({
  ...endpointQuery(['master-data', kind, 'options'], C.listLookupItems, () => ({
    params: { kind },
    query: { after: afterPosition(), page: '1', pageSize: '1000' },
  })),
  staleTime: 30_000,
});

/** After a write: remember its position (the next reads wait for it) and reload the master data and the forms' lists. */
async function written<T extends { position: string }>(queryClient: QueryClient, r: T): Promise<T> {
  rememberPosition(r.position);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['master-data'] }),
    queryClient.invalidateQueries({ queryKey: ['lookups'] }),
  ]);
  return r;
}

export const masterData = {
  add: async (qc: QueryClient, kind: LookupKind, body: LookupItemInput) =>
    written(qc, await call(C.addLookupItem, { params: { kind }, body })),
  update: async (qc: QueryClient, kind: LookupKind, id: number, body: LookupItemInput) =>
    written(qc, await call(C.updateLookupItem, { params: { kind, id: String(id) }, body })),
  batch: async (qc: QueryClient, kind: LookupKind, body: LookupBatch) =>
    written(qc, await call(C.saveLookupBatch, { params: { kind }, body })),
  deactivate: async (qc: QueryClient, kind: LookupKind, id: number) =>
    written(qc, await call(C.deactivateLookupItem, { params: { kind, id: String(id) } })),
  reactivate: async (qc: QueryClient, kind: LookupKind, id: number) =>
    written(qc, await call(C.reactivateLookupItem, { params: { kind, id: String(id) } })),
  remove: async (qc: QueryClient, kind: LookupKind, id: number) =>
    written(qc, await call(C.deleteLookupItem, { params: { kind, id: String(id) } })),
  colour: async (qc: QueryClient, kind: LookupKind, id: number, colourName: string, colourCode: string) =>
    written(qc, await call(C.setLookupColour, { params: { kind, id: String(id) }, body: { colourName, colourCode } })),
};
