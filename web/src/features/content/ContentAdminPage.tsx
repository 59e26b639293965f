import { ActionIcon, Badge, Button, Group, NativeSelect, Stack, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as C from '../../../../api/contracts/content.ts';
import { CONTENT_KINDS, type ContentKind } from '../../../../domain/content/rules.ts';
import { errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { gridPaging } from '../../components/paging.ts';
import { notifyDone } from '../../lib/notify.ts';
import { withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  type ContentAdminSearch,
  type ContentItem,
  contentListQuery,
  deleteContent,
  reorderContent,
  setPublished,
} from './api.ts';
import { formatDay, localized } from './format.ts';

const route = getRouteApi('/$lang/content');
const helper = gridColumnHelper<ContentItem>();
/** The whole of a kind on one page, so that moving an item up or down reorders every item of the kind. */
const PAGE_SIZE = 100;

type Pending = { action: 'publish' | 'unpublish' | 'delete'; item: ContentItem } | null;

/** Publish, unpublish or delete, each after a confirmation. */
function ConfirmAction({ pending, onClose }: { pending: Pending; onClose(): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const run = useMutation({
    mutationFn: async () => {
      const { action, item } = pending!;
      if (action === 'delete') await deleteContent(queryClient, item.id);
      else await setPublished(queryClient, item.id, action === 'publish');
      return action;
    },
    onSuccess: (action) => {
      notifyDone(t(`content.${action === 'delete' ? 'deleted' : action === 'publish' ? 'published' : 'unpublished'}`));
      onClose();
    },
  });
  const action = pending?.action ?? 'publish';
  const title = pending ? localized(pending.item, lang).title : '';
  return (
    <ConfirmModal
      opened={pending !== null}
      title={t(`content.${action}Title`, { title })}
      message={t(`content.${action}Message`)}
      confirmLabel={t(`content.${action}`)}
      danger={action === 'delete'}
      busy={run.isPending}
      error={run.error ? <span role="alert">{t(errorCode(run.error))}</span> : null}
      confirmTestId={`confirm-${action}`}
      onConfirm={() => run.mutate()}
      onCancel={() => {
        run.reset();
        onClose();
      }}
    />
  );
}

/**
 * /$lang/content: one grid per kind of content (slides, news, galleries, static pages, documents, excellent
 * volunteers, video link), with publish, unpublish and delete after a confirmation and, for every kind but news
 * (newest first), move up and down.
 */
export function ContentAdminPage() {
  const { t, title, lang } = useScreen('page.content');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const raw = route.useSearch();
  const search: ContentAdminSearch = { kind: 'news', ...raw, pageSize: PAGE_SIZE };
  const query = useQuery({ ...contentListQuery(search), placeholderData: keepPreviousData });
  const canAdd = useCan(C.createContent);
  const canEdit = useCan(C.editContent);
  const canPublish = useCan(C.publishContent);
  const canDelete = useCan(C.deleteContent);
  const canReorder = useCan(C.reorderContent);
  const [pending, setPending] = useState<Pending>(null);
  const [text, setText] = useState(search.text ?? '');
  const [state, setState] = useState(search.state ?? '');
  const go = (next: Partial<ContentAdminSearch>) =>
    void navigate({ to: '/$lang/content', params: { lang }, search: withoutPagingDefaults(next, PAGE_SIZE) });
  const rows = query.data?.rows;
  const ordered = search.kind !== 'news';
  // Moving needs every item of the kind in view: no filter, one page.
  const mayMove = canReorder && ordered && !search.state && !search.text && (query.data?.total ?? 0) <= PAGE_SIZE;
  const move = useMutation({
    mutationFn: ({ from, to }: { from: number; to: number }) => {
      const ids = (rows ?? []).map((r) => r.id);
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      return reorderContent(queryClient, search.kind, ids);
    },
    onSuccess: () => notifyDone(t('content.reordered')),
  });

  const columns = useMemo(() => {
    const label = (key: TranslationKey) => columnTitle(t(key));
    const list = [];
    if (mayMove)
      list.push(
        helper.display({
          id: 'order',
          ...label('content.order'),
          cell: (c) => {
            const i = c.row.index;
            const name = localized(c.row.original, lang).title;
            return (
              <Group gap={4} wrap="nowrap">
                <ActionIcon
                  variant="default"
                  size="sm"
                  disabled={i === 0 || move.isPending}
                  aria-label={t('content.moveUp', { title: name })}
                  onClick={() => move.mutate({ from: i, to: i - 1 })}
                  data-testid={`move-up-${i}`}
                >
                  <span aria-hidden="true">↑</span>
                </ActionIcon>
                <ActionIcon
                  variant="default"
                  size="sm"
                  disabled={i === (rows?.length ?? 0) - 1 || move.isPending}
                  aria-label={t('content.moveDown', { title: name })}
                  onClick={() => move.mutate({ from: i, to: i + 1 })}
                  data-testid={`move-down-${i}`}
                >
                  <span aria-hidden="true">↓</span>
                </ActionIcon>
              </Group>
            );
          },
        }),
      );
    list.push(
      helper.accessor((r) => localized(r, lang).title, {
        id: 'title',
        enableHiding: false,
        ...label('content.field.titleAr'),
        header: () => t(lang === 'ar' ? 'content.field.titleAr' : 'content.field.titleEn'),
      }),
      helper.accessor('published', {
        ...label('content.filter.state'),
        cell: (c) => (
          <Badge color={c.getValue() ? 'green.9' : 'gray.8'} variant="light">
            {t(c.getValue() ? 'content.state.published' : 'content.state.draft')}
          </Badge>
        ),
      }),
      helper.accessor('updatedAt', {
        ...label('field.at'),
        cell: (c) => formatDay(c.getValue(), lang),
      }),
      helper.display({
        id: 'actions',
        ...label('content.actions'),
        cell: (c) => {
          const r = c.row.original;
          return (
            <Group gap="xs" wrap="nowrap">
              {canEdit && (
                <ButtonLink size="xs" variant="default" to="/$lang/content/$id" params={{ lang, id: r.id }}>
                  {t('content.edit')}
                </ButtonLink>
              )}
              {canPublish && (
                <Button
                  size="xs"
                  variant={r.published ? 'default' : 'filled'}
                  onClick={() => setPending({ action: r.published ? 'unpublish' : 'publish', item: r })}
                  data-testid={`${r.published ? 'unpublish' : 'publish'}-${r.id}`}
                >
                  {t(r.published ? 'content.unpublish' : 'content.publish')}
                </Button>
              )}
              {canDelete && (
                <Button
                  size="xs"
                  color="red.9"
                  variant="subtle"
                  onClick={() => setPending({ action: 'delete', item: r })}
                >
                  {t('content.delete')}
                </Button>
              )}
            </Group>
          );
        },
      }),
    );
    return helper.columns(list);
  }, [t, lang, mayMove, canEdit, canPublish, canDelete, rows, move]);

  return (
    <Stack mt="lg" gap="md">
      <PageHead title={title}>
        {canAdd && (
          <ButtonLink to="/$lang/content/new/$kind" params={{ lang, kind: search.kind }} data-testid="new-content">
            {t('content.new')}
          </ButtonLink>
        )}
      </PageHead>
      <NativeSelect
        label={t('content.kindLabel')}
        value={search.kind}
        maw={320}
        onChange={(e) => go({ kind: e.currentTarget.value as ContentKind })}
        data={CONTENT_KINDS.map((k) => ({ value: k, label: t(`content.kind.${k}`) }))}
        data-testid="content-kind"
      />
      <FilterPanel
        cols={2}
        onSearch={() =>
          go({
            kind: search.kind,
            ...(state ? { state: state as 'published' | 'draft' } : {}),
            ...(text.trim() ? { text } : {}),
          })
        }
        onClear={() => {
          setText('');
          setState('');
          go({ kind: search.kind });
        }}
      >
        <TextInput
          label={t('content.filter.text')}
          value={text}
          maxLength={200}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <NativeSelect
          label={t('content.filter.state')}
          value={state}
          onChange={(e) => setState(e.currentTarget.value)}
          data={[
            { value: '', label: t('content.state.any') },
            { value: 'published', label: t('content.state.published') },
            { value: 'draft', label: t('content.state.draft') },
          ]}
        />
      </FilterPanel>
      <DataGrid
        id="content-items"
        caption={`${t('content.caption')}: ${t(`content.kind.${search.kind}`)}`}
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        read={query}
        emptyMessage={t('content.empty')}
        paging={{
          ...gridPaging({ page: search.page ?? 1, pageSize: PAGE_SIZE }, query, (p) => go({ ...raw, page: p.page })),
          pageSizes: [PAGE_SIZE],
        }}
        rowProps={(r) => ({ 'data-testid': `content-row-${r.id}` })}
        testId="content-grid"
      />
      {move.error && (
        <span role="alert" style={{ color: 'var(--mantine-color-red-9)' }}>
          {t(errorCode(move.error))}
        </span>
      )}
      <ConfirmAction pending={pending} onClose={() => setPending(null)} />
    </Stack>
  );
}
