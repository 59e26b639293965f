import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import * as L from '../../../../api/contracts/lookups.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { ApiError, errorCode } from '../../app/api.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { DataGrid } from '../../components/DataGrid.tsx';
import { FailureAlert } from '../../components/FailureAlert.tsx';
import { gridPaging } from '../../components/paging.ts';
import { RecordLinks } from '../../components/RecordLinks.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { kindPageQuery, type LookupAdminRow, masterData, parentOptionsQuery } from './api.ts';
import { gridColumns, nameIn, type Row } from './columns.tsx';
import {
  batchOf,
  colourChange,
  type Draft,
  draftOf,
  emptyDraft,
  type GridDrafts,
  inputOf,
  noDrafts,
  rowErrorsOf,
} from './drafts.ts';
import { isMasterDataKind, type KindShape, shapeOf } from './kinds.ts';

const route = getRouteApi('/$lang/master-data/$kind');

/** /$lang/master-data/$kind: one kind's items in the shared grid, with inline add and edit. */
export function KindPage() {
  const { kind } = route.useParams();
  // The route sends an unknown kind to the not-found page before this renders.
  return isMasterDataKind(kind) ? <KindGrid key={kind} shape={shapeOf(kind)} /> : null;
}

function KindGrid({ shape }: { shape: KindShape }) {
  const { t, title, lang } = useScreen(`masterData.kind.${shape.kind}`);
  const qc = useQueryClient();
  const can = {
    add: useCan(L.addLookupItem),
    edit: useCan(L.updateLookupItem),
    remove: useCan(L.deleteLookupItem),
  };
  const [paging, setPaging] = useState({ page: 1, pageSize: shape.pageSize });
  const [search, setSearch] = useState('');
  const [g, setG] = useState<GridDrafts>(noDrafts);
  const [rowErrors, setRowErrors] = useState<Record<string, ErrorCode>>({});
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ row: LookupAdminRow } | 'batch' | null>(null);
  const [nextNew, setNextNew] = useState(1);

  const read = useQuery({ ...kindPageQuery(shape.kind, { ...paging, search }), placeholderData: keepPreviousData });
  const parents = useQuery({ ...parentOptionsQuery(shape.parent ?? shape.kind), enabled: shape.parent !== null });
  const parentName = (id: number | null) => {
    const p = parents.data?.rows.find((r) => r.id === id);
    return p ? nameIn(p, lang) : '';
  };
  const groups = useQuery({ ...parentOptionsQuery(shape.group ?? shape.kind), enabled: shape.group !== null });
  const optionsOf = (rows: LookupAdminRow[] = []) =>
    rows.map((p) => ({
      value: String(p.id),
      label: p.active ? nameIn(p, lang) : `${nameIn(p, lang)} (${t('masterData.inactive')})`,
    }));

  const rows: Row[] = [
    ...g.newKeys.map((key) => ({ key, item: null })),
    ...(read.data?.rows ?? []).map((item) => ({ key: String(item.id), item })),
  ];
  const pendingCount = Object.keys(g.drafts).length + g.removed.length;

  const setDraft = (key: string, patch: Partial<Draft>) =>
    setG((o) => ({ ...o, drafts: { ...o.drafts, [key]: { ...(o.drafts[key] ?? emptyDraft), ...patch } } }));
  const stopEditing = (key: string) =>
    setG((o) => {
      const { [key]: _gone, ...drafts } = o.drafts;
      return { ...o, drafts, newKeys: o.newKeys.filter((k) => k !== key) };
    });
  const clearError = (key: string) => setRowErrors(({ [key]: _e, ...rest }) => rest);
  const failed = (key: string | null, e: unknown) => {
    const code = errorCode(e);
    setFailure(code);
    if (key) setRowErrors((o) => ({ ...o, [key]: code }));
  };
  const run = async (key: string, action: () => Promise<unknown>, done?: string) => {
    setBusy(key);
    setFailure(null);
    try {
      await action();
      clearError(key);
      if (done) notifyDone(done);
      return true;
    } catch (e) {
      failed(key, e);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const addRow = () => {
    const key = `new-${nextNew}`;
    setNextNew((n) => n + 1);
    setG((o) => ({ ...o, newKeys: [key, ...o.newKeys], drafts: { ...o.drafts, [key]: emptyDraft } }));
  };
  const saveRow = async (row: Row) => {
    const d = g.drafts[row.key];
    if (!d) return;
    const ok = await run(
      row.key,
      async () => {
        let id = row.item?.id;
        if (row.item) await masterData.update(qc, shape.kind, row.item.id, inputOf(d, shape));
        else id = (await masterData.add(qc, shape.kind, inputOf(d, shape))).id;
        const colour = shape.extra === 'colour' ? colourChange(d, row.item) : null;
        if (colour && id !== undefined) await masterData.colour(qc, shape.kind, id, colour.name, colour.code);
      },
      t('masterData.saved'),
    );
    if (ok) stopEditing(row.key);
  };
  const saveBatch = async () => {
    setConfirm(null);
    const { body, keys } = batchOf(g, shape);
    setBusy('batch');
    setFailure(null);
    try {
      await masterData.batch(qc, shape.kind, body);
      setG(noDrafts);
      setRowErrors({});
      notifyDone(t('masterData.saved'));
    } catch (e) {
      setFailure(errorCode(e));
      setRowErrors(e instanceof ApiError ? rowErrorsOf(e.details, keys) : {});
    } finally {
      setBusy(null);
    }
  };
  const toggleRemoved = (id: number) =>
    setG((o) => ({
      ...o,
      removed: o.removed.includes(id) ? o.removed.filter((x) => x !== id) : [...o.removed, id],
    }));

  const columns = gridColumns({
    shape,
    lang,
    t,
    g,
    rowErrors,
    busy,
    can,
    parentOptions: optionsOf(parents.data?.rows),
    parentName,
    groupOptions: optionsOf(groups.data?.rows),
    groupName: (id) => {
      const p = groups.data?.rows.find((r) => r.id === id);
      return p ? nameIn(p, lang) : '';
    },
    setDraft,
    edit: (row) => row.item && setDraft(row.key, draftOf(row.item)),
    cancel: (row) => {
      stopEditing(row.key);
      clearError(row.key);
    },
    save: (row) => void saveRow(row),
    toggleActive: (item) =>
      void run(String(item.id), () =>
        item.active ? masterData.deactivate(qc, shape.kind, item.id) : masterData.reactivate(qc, shape.kind, item.id),
      ),
    remove: (item) => (shape.batch ? toggleRemoved(item.id) : setConfirm({ row: item })),
  });

  return (
    <Stack mt="lg" gap="md">
      <RecordLinks
        back={{ to: '/$lang/master-data', text: t('masterData.back') }}
        history={{ kind: 'lookup', id: shape.kind, text: t('masterData.history'), testId: 'master-data-history' }}
      />
      <Title order={1}>{title}</Title>
      {failure && <FailureAlert code={failure} />}
      <Group justify="space-between" align="flex-end">
        <TextInput
          label={t('masterData.search')}
          value={search}
          maxLength={200}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="master-data-search"
        />
        <Group gap="sm">
          {can.add && (
            <Button onClick={addRow} data-testid="master-data-add">
              {t('masterData.add')}
            </Button>
          )}
          {shape.batch && (
            <>
              <Text size="sm" aria-live="polite">
                {pendingCount > 0 ? t('masterData.pending', { count: pendingCount }) : ''}
              </Text>
              <Button
                variant="default"
                disabled={pendingCount === 0}
                onClick={() => {
                  setG(noDrafts);
                  setRowErrors({});
                  setFailure(null);
                }}
              >
                {t('masterData.discardAll')}
              </Button>
              <Button
                disabled={pendingCount === 0}
                loading={busy === 'batch'}
                onClick={() => (g.removed.length > 0 ? setConfirm('batch') : void saveBatch())}
                data-testid="master-data-save-all"
              >
                {t('masterData.saveAll')}
              </Button>
            </>
          )}
        </Group>
      </Group>
      <DataGrid
        id={`master-data-${shape.kind}`}
        caption={title}
        columns={columns}
        rows={read.data ? rows : undefined}
        getRowId={(r) => r.key}
        read={read}
        paging={gridPaging(paging, read, setPaging)}
        rowProps={(r) => ({ 'data-testid': 'master-data-row', 'data-row': r.key })}
        testId="master-data-grid"
      />
      <ConfirmModal
        opened={confirm !== null}
        title={t('masterData.confirmDeleteTitle')}
        message={
          confirm === 'batch'
            ? t('masterData.confirmBatchDelete', { count: g.removed.length })
            : t('masterData.confirmDelete', { name: confirm ? nameIn(confirm.row, lang) : '' })
        }
        confirmLabel={t('masterData.delete')}
        danger
        busy={busy !== null}
        confirmTestId="master-data-confirm-delete"
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'batch') return void saveBatch();
          if (!confirm) return;
          const item = confirm.row;
          setConfirm(null);
          void run(String(item.id), () => masterData.remove(qc, shape.kind, item.id), t('masterData.deleted'));
        }}
      />
    </Stack>
  );
}
