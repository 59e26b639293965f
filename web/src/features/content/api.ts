import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/content.ts';
import type { ContentKind, PageKey } from '../../../../domain/content/rules.ts';
import { call } from '../../lib/client.ts';
import { afterCommand, afterPosition } from '../../lib/readYourWrites.ts';

export type { ContentFieldsInput, ContentItem, NewContent } from '../../../../api/contracts/content.ts';

export interface ContentAdminSearch {
  kind: ContentKind;
  page?: number;
  pageSize?: number;
  state?: 'published' | 'draft';
  text?: string;
}

export const contentListQuery = (s: ContentAdminSearch) =>
  queryOptions({
    queryKey: ['content', 'admin', s],
    queryFn: ({ signal }) =>
      call(
        C.contentList,
        {
          query: {
            after: afterPosition(),
            kind: s.kind,
            page: String(s.page ?? 1),
            pageSize: String(s.pageSize ?? 50),
            state: s.state,
            text: s.text,
          },
        },
        { signal },
      ),
  });

export const contentItemQuery = (id: string) =>
  queryOptions({
    queryKey: ['content', 'admin', 'one', id],
    queryFn: ({ signal }) => call(C.contentItem, { params: { id }, query: { after: afterPosition() } }, { signal }),
  });

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
type PublicKind = Exclude<ContentKind, 'page'>;
export const publicContentQuery = (kind: PublicKind, page = 1, pageSize: 1 | 4 | 10 | 12 | 20 | 50 | 150 = 12) =>
  queryOptions({
    queryKey: ['content', 'public', kind, page, pageSize],
    queryFn: ({ signal }) =>
      call(
        C.publicContent,
        { query: { kind, page: String(page), pageSize: String(pageSize), after: afterPosition() } },
        { signal },
      ),
  });

export const publicItemQuery = (id: string) =>
  queryOptions({
    queryKey: ['content', 'public', 'one', id],
    queryFn: ({ signal }) =>
      call(C.publicContentItem, { params: { id }, query: { after: afterPosition() } }, { signal }),
  });

export const publicPageQuery = (key: PageKey) =>
  queryOptions({
    queryKey: ['content', 'public', 'page', key],
    queryFn: ({ signal }) => call(C.publicPage, { params: { key }, query: { after: afterPosition() } }, { signal }),
  });

export const homeCountersQuery = () =>
  queryOptions({
    queryKey: ['content', 'public', 'counters'],
    queryFn: ({ signal }) => call(C.homeCounters, {}, { signal }),
    // Spec: counters refresh every 300 000 ms.
    refetchInterval: 300_000,
  });
