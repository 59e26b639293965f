import { Anchor, Button, Group, Stack, Tabs, Textarea, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { REJECT_REASON_MAX } from '../../../../domain/firstresponder/rules.ts';
import { errorCode } from '../../app/api.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { fileUrl } from '../../app/upload.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { FailureAlert } from '../../components/FailureAlert.tsx';
import { DEFAULT_PAGE_SIZE, gridPaging } from '../../components/paging.ts';
import { TabList } from '../../components/TabList.tsx';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  type Decision,
  decideFirstResponder,
  FIRST_RESPONDER_LISTS,
  type FirstResponderList,
  type FirstResponderRow,
  firstRespondersQuery,
  type ListSearch,
} from './api.ts';

const helper = gridColumnHelper<FirstResponderRow>();

/** /$lang/first-responders: the responder admin's requests, approved and rejected lists. */
export function FirstRespondersPage() {
  const { t, title } = useScreen('page.firstResponders');
  const [search, setSearch] = useState<ListSearch>({ list: 'requests', page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [name, setName] = useState('');
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSearch((s) => ({ ...s, page: 1, name: name.trim() || undefined }));
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('fr.search')}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <Button type="submit" variant="default">
            {t('fr.search')}
          </Button>
        </Group>
      </form>
      <Tabs
        value={search.list}
        onChange={(list) => list && setSearch((s) => ({ ...s, list: list as FirstResponderList, page: 1 }))}
        keepMounted={false}
      >
        <TabList label={t('fr.lists')} tabs={FIRST_RESPONDER_LISTS} name={(l) => t(`fr.list.${l}`)} testId="fr-tab" />
        {FIRST_RESPONDER_LISTS.map((l) => (
          <Tabs.Panel key={l} value={l} pt="md">
            <FirstRespondersGrid search={search} onChange={setSearch} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

const nameIn = (r: FirstResponderRow, lang: Lang) => (lang === 'ar' ? r.volunteerNameAr : r.volunteerNameEn) ?? '—';

const DECISION_LABEL = { approve: 'fr.approve', reject: 'fr.reject', undo: 'fr.undo' } as const;

/** The decisions a row's list offers: approve or reject a request, undo a rejection. */
function RowActions({
  row,
  name,
  onOpen,
}: {
  row: FirstResponderRow;
  name: string;
  onOpen(row: FirstResponderRow, d: Decision): void;
}) {
  const { t } = useTranslation();
  const decisions: Decision[] =
    row.status === 'pending' ? ['approve', 'reject'] : row.status === 'rejected' ? ['undo'] : [];
  return (
    <Group gap="xs" wrap="nowrap">
      {decisions.map((d) => (
        <Button
          key={d}
          size="xs"
          variant={d === 'approve' ? 'filled' : 'default'}
          aria-label={`${t(DECISION_LABEL[d])}: ${name}`}
          onClick={() => onOpen(row, d)}
          data-testid={`fr-${d}`}
        >
          {t(DECISION_LABEL[d])}
        </Button>
      ))}
    </Group>
  );
}

interface Pending {
  row: FirstResponderRow;
  decision: Decision;
}

function FirstRespondersGrid({ search, onChange }: { search: ListSearch; onChange(s: ListSearch): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const query = useQuery({ ...firstRespondersQuery(search), placeholderData: keepPreviousData });
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');

  const decide = useMutation({
    mutationFn: (p: Pending) => decideFirstResponder(queryClient, p.row.volunteerId, p.decision, reason),
    onSuccess: (_r, p) => {
      notifyDone(t(`fr.done.${p.decision}`));
      setPending(null);
      setReason('');
    },
  });
  const open = useCallback((row: FirstResponderRow, decision: Decision) => {
    setReason('');
    setPending({ row, decision });
  }, []);

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((r) => nameIn(r, lang), {
          id: 'volunteer',
          enableHiding: false,
          ...columnTitle(t('fr.field.volunteer')),
        }),
        helper.accessor('certificateExpiryDate', {
          ...columnTitle(t('fr.field.certificateExpiryDate')),
          cell: (c) => <bdi dir="ltr">{c.getValue() ?? '—'}</bdi>,
        }),
        helper.accessor('employeeCode', {
          ...columnTitle(t('fr.field.employeeCode')),
          cell: (c) => <bdi dir="ltr">{c.getValue() ?? '—'}</bdi>,
        }),
        helper.accessor('fileId', {
          ...columnTitle(t('fr.field.file')),
          cell: (c) => (
            <Anchor href={fileUrl(c.getValue())} target="_blank" rel="noopener">
              {t('fr.file.view')}
            </Anchor>
          ),
        }),
        helper.accessor('rejectReason', {
          ...columnTitle(t('fr.field.rejectReason')),
          cell: (c) => c.getValue() ?? '—',
        }),
        helper.display({
          id: 'actions',
          enableHiding: false,
          ...columnTitle(t('fr.field.actions')),
          cell: (c) => <RowActions row={c.row.original} name={nameIn(c.row.original, lang)} onOpen={open} />,
        }),
      ]),
    [t, lang, open],
  );

  return (
    <>
      <DataGrid
        id={`first-responders-${search.list}`}
        caption={t('fr.caption')}
        columns={columns}
        getRowId={(r) => r.volunteerId}
        query={query}
        emptyMessage={t('fr.empty')}
        paging={gridPaging(search, query, (p) => onChange({ ...search, ...p }))}
        rowProps={(r) => ({ 'data-testid': `fr-row-${r.volunteerId}` })}
        testId="fr-grid"
      />
      <ConfirmModal
        opened={pending !== null}
        title={pending ? t(DECISION_LABEL[pending.decision]) : ''}
        message={
          pending && (
            <Stack gap="sm">
              {t(`fr.confirm.${pending.decision}`, { name: nameIn(pending.row, lang) })}
              {pending.decision === 'reject' && (
                <Textarea
                  label={t('fr.field.rejectReason')}
                  value={reason}
                  maxLength={REJECT_REASON_MAX}
                  onChange={(e) => setReason(e.currentTarget.value)}
                />
              )}
            </Stack>
          )
        }
        confirmLabel={pending ? t(DECISION_LABEL[pending.decision]) : undefined}
        danger={pending?.decision === 'reject'}
        busy={decide.isPending}
        error={decide.error ? <FailureAlert code={errorCode(decide.error)} /> : undefined}
        confirmTestId="fr-confirm"
        onConfirm={() => pending && decide.mutate(pending)}
        onCancel={() => {
          decide.reset();
          setPending(null);
        }}
      />
    </>
  );
}
