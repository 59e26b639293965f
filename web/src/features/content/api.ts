import type { QueryClient } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/content.ts';
import type { ContentKind, PageKey } from '../../../../domain/content/rules.ts';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';

export type { ContentFieldsInput, ContentItem, NewContent } from '../../../../api/contracts/content.ts';

export interface ContentAdminSearch {
  kind: ContentKind;
  page?: number;
  pageSize?: number;
  state?: 'published' | 'draft';
  text?: string;
}

export const contentListQuery = (s: ContentAdminSearch) =>
  endpointQuery(['content', 'admin', s], C.contentList, () => ({
    query: {
      after: afterPosition(),
      kind: s.kind,
      page: String(s.page ?? 1),
      pageSize: String(s.pageSize ?? 50),
      state: s.state,
      text: s.text,
    },
  }));

export const contentItemQuery = (id: string) =>
  readYourWritesQuery(['content', 'admin', 'one', id], C.contentItem, { id });

/** The answer once this tab's reads include it. */
const settled = <T extends { position: string | null }>(qc: QueryClient, done: Promise<T>) =>
  afterCommand(qc, ['content'], done);

export const createContent = (qc: QueryClient, body: C.NewContent) => settled(qc, call(C.createContent, { body }));
export const editContent = (qc: QueryClient, id: string, body: C.ContentFieldsInput) =>
  settled(qc, call(C.editContent, { params: { id }, body }));
export const setPublished = (qc: QueryClient, id: string, publish: boolean) =>
  settled(qc, call(publish ? C.publishContent : C.unpublishContent, { params: { id } }));
export const deleteContent = (qc: QueryClient, id: string) => settled(qc, call(C.deleteContent, { params: { id } }));
export const reorderContent = (qc: QueryClient, kind: ContentKind, ids: string[]) =>
  settled(qc, call(C.reorderContent, { body: { kind, ids } }));

// The public site: published items only.
export type PublicKind = Exclude<ContentKind, 'page'>;
export const publicContentQuery = (kind: PublicKind, page = 1, pageSize: 1 | 4 | 10 | 12 | 20 | 50 | 150 = 12) =>
  endpointQuery(['content', 'public', kind, page, pageSize], C.publicContent, () => ({
    query: { kind, page: String(page), pageSize: String(pageSize), after: afterPosition() },
  }));

export const publicItemQuery = (id: string) =>
  readYourWritesQuery(['content', 'public', 'one', id], C.publicContentItem, { id });

export const publicPageQuery = (key: PageKey) =>
  readYourWritesQuery(['content', 'public', 'page', key], C.publicPage, { key });

export const homeCountersQuery = () => ({
  ...endpointQuery(['content', 'public', 'counters'], C.homeCounters, () => ({})),
  // Spec: counters refresh every 300 000 ms.
  refetchInterval: 300_000,
});
