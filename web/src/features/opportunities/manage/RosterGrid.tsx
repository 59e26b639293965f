import { Alert, Button, Center, Checkbox, Group, Loader, NativeSelect, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createColumnHelper,
  type PaginationState,
  rowPaginationFeature,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { HOLDS_SEAT } from '../../../../../domain/participation/status.ts';
import type { ErrorCode } from '../../../../../domain/shared/errors.ts';
import { api, errorCode } from '../../../app/api.ts';
import type { TranslationKey } from '../../../app/i18n/index.ts';
import { Pager } from '../../../app/Pager.tsx';
import { usePermission } from '../../../app/permissions.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { rememberPosition } from '../../../lib/readYourWrites.ts';
import { AppModal } from '../../registration/sections.tsx';
import {
  eventsCommand,
  invitationHistoryQuery,
  participantPath,
  pendingHoursIds,
  type RosterParams,
  type RosterRow,
  rosterQuery,
  type StaffAction,
} from '../api.ts';
import { eventName } from '../format.ts';
import { notifyDone } from '../notify.ts';
import { ROSTER_PAGE_SIZES } from '../search.ts';
import { ConfirmDialog, HoursModal } from './dialogs.tsx';
import { InvitationHistory } from './InvitationHistory.tsx';

const features = tableFeatures({ rowPaginationFeature });
const helper = createColumnHelper<typeof features, RosterRow>();
const NO_ROWS: RosterRow[] = [];
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

const rowName = (r: RosterRow, lang: 'ar' | 'en') => eventName(r, lang);

/** Hours are recorded for seat holders only (the domain's RecordHours rule). */
const takesHours = (r: RosterRow) => (HOLDS_SEAT as readonly number[]).includes(r.status);

const HoursApproveResults = z.object({
  results: z.array(z.object({ hoursId: z.string(), result: z.string() })),
  position: z.string().nullable(),
});

/** Approve the pending hours of some participants: their hours ids come from each invitation's history. */
export async function approveHoursOf(
  queryClient: ReturnType<typeof useQueryClient>,
  id: string,
  volunteerIds: string[],
): Promise<number> {
  const items: { volunteerId: string; hoursId: string }[] = [];
  for (const volunteerId of volunteerIds) {
    const history = await queryClient.fetchQuery({ ...invitationHistoryQuery(id, volunteerId), staleTime: 0 });
    for (const hoursId of pendingHoursIds(history)) items.push({ volunteerId, hoursId });
  }
  if (items.length === 0) return 0;
  const res = await api(`/api/opportunities/${encodeURIComponent(id)}/hours/approve`, {
    method: 'POST',
    body: { items },
    schema: HoursApproveResults,
  });
  rememberPosition(res.position);
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  return res.results.filter((r) => r.result === 'approved').length;
}

function resolve<T>(updater: Updater<T>, old: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(old) : updater;
}

/** The participants of one event: by status, paged on the server, with the staff actions per row. */
export function RosterGrid({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const queryClient = useQueryClient();
  const canEdit = usePermission('eventsadmin', 'Edit');
  const canAddHours = usePermission('volunteerhours', 'Add');
  const canApproveHours = usePermission('volunteerhours', 'Approve');
  const canEditHours = usePermission('volunteerhours', 'Edit');
  const [params, setParams] = useState<RosterParams>({ page: 1, pageSize: 10 });
  const [selected, setSelected] = useState<string[]>([]);
  const [raiseFor, setRaiseFor] = useState<RosterRow | null>(null);
  const [confirming, setConfirming] = useState<{ row: RosterRow; action: StaffAction | 'reverse' } | null>(null);
  const [hoursFor, setHoursFor] = useState<RosterRow | null>(null);
  const [historyFor, setHistoryFor] = useState<RosterRow | null>(null);
  const [failure, setFailure] = useState<ErrorCode | null>(null);
  const query = useQuery({ ...rosterQuery(id, params), placeholderData: keepPreviousData });

  const act = useMutation({
    mutationFn: ({
      row,
      action,
      confirmRaise,
    }: {
      row: RosterRow;
      action: 'accept' | 'reverse' | StaffAction;
      confirmRaise?: boolean;
    }) =>
      // The admin's reversal is an accept from a rejected, cancelled or absent status (the same endpoint).
      action === 'accept' || action === 'reverse'
        ? eventsCommand(queryClient, participantPath(id, row.volunteerId, 'accept'), {
            confirmRaise: confirmRaise ?? false,
          })
        : eventsCommand(queryClient, participantPath(id, row.volunteerId, action)),
    onSuccess: () => {
      setFailure(null);
      setRaiseFor(null);
      setConfirming(null);
      notifyDone(t('roster.done'));
    },
    onError: (e, vars) => {
      setConfirming(null);
      const code = errorCode(e);
      if (
        code === 'ExceededApprovalLimit' &&
        (vars.action === 'accept' || vars.action === 'reverse') &&
        !vars.confirmRaise
      ) {
        setRaiseFor(vars.row);
        return;
      }
      setRaiseFor(null);
      setFailure(code);
    },
  });
  const approve = useMutation({
    mutationFn: (ids: string[]) => approveHoursOf(queryClient, id, ids),
    onSuccess: (n) => {
      setFailure(null);
      setSelected([]);
      notifyDone(n ? t('roster.hoursApproved', { n }) : t('roster.noPending'));
    },
    onError: (e) => setFailure(errorCode(e)),
  });
  /** Reject (Approve right) or delete (Edit right) a participant's pending hours, found in the history. */
  const dropHours = useMutation({
    mutationFn: async ({ row, action }: { row: RosterRow; action: 'reject' | 'delete' }) => {
      const history = await queryClient.fetchQuery({ ...invitationHistoryQuery(id, row.volunteerId), staleTime: 0 });
      for (const hoursId of pendingHoursIds(history))
        await eventsCommand(
          queryClient,
          participantPath(id, row.volunteerId, `hours/${encodeURIComponent(hoursId)}/${action}`),
        );
    },
    onSuccess: () => {
      setFailure(null);
      notifyDone(t('roster.done'));
    },
    onError: (e) => setFailure(errorCode(e)),
  });

  const columns = useMemo(
    () =>
      helper.columns([
        helper.display({
          id: 'select',
          header: () => <span className="visually-hidden">{t('roster.col.select')}</span>,
          cell: (info) => {
            const r = info.row.original;
            return (
              <Checkbox
                aria-label={t('roster.select', { name: rowName(r, lang) })}
                checked={selected.includes(r.volunteerId)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setSelected((old) => (on ? [...old, r.volunteerId] : old.filter((x) => x !== r.volunteerId)));
                }}
              />
            );
          },
        }),
        helper.accessor((r) => rowName(r, lang), { id: 'name', header: () => t('roster.col.name') }),
        helper.accessor('status', {
          header: () => t('roster.col.status'),
          cell: (info) => (
            <span data-testid="roster-status" data-status={info.getValue()}>
              {t(`participation.status.${info.getValue() as 1}`)}
            </span>
          ),
        }),
        helper.accessor((r) => `${r.approvedHours} / ${r.pendingHours}`, {
          id: 'hours',
          header: () => t('roster.col.hours'),
          cell: (info) => <bdi data-testid="roster-hours">{info.getValue()}</bdi>,
        }),
        helper.display({
          id: 'actions',
          header: () => t('roster.col.actions'),
          cell: (info) => {
            const r = info.row.original;
            const name = rowName(r, lang);
            const label = (key: TranslationKey) => `${t(key)}: ${name}`;
            return (
              <Group gap={4} wrap="wrap">
                {canEdit &&
                  r.actions.map((a) => (
                    <Button
                      key={a}
                      size="compact-xs"
                      variant={a === 'accept' ? 'filled' : 'default'}
                      aria-label={label(`roster.${a}`)}
                      loading={
                        act.isPending && act.variables?.row.volunteerId === r.volunteerId && act.variables.action === a
                      }
                      onClick={() =>
                        a === 'accept' ? act.mutate({ row: r, action: 'accept' }) : setConfirming({ row: r, action: a })
                      }
                    >
                      {t(`roster.${a}`)}
                    </Button>
                  ))}
                {canAddHours && takesHours(r) && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={label('roster.addHours')}
                    onClick={() => setHoursFor(r)}
                  >
                    {t('roster.addHours')}
                  </Button>
                )}
                {canApproveHours && r.pendingHours > 0 && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    aria-label={label('roster.approveHours')}
                    loading={approve.isPending}
                    onClick={() => approve.mutate([r.volunteerId])}
                  >
                    {t('roster.approveHours')}
                  </Button>
                )}
                {canApproveHours && r.pendingHours > 0 && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={label('roster.rejectHours')}
                    loading={dropHours.isPending && dropHours.variables?.action === 'reject'}
                    onClick={() => dropHours.mutate({ row: r, action: 'reject' })}
                  >
                    {t('roster.rejectHours')}
                  </Button>
                )}
                {canEditHours && r.pendingHours > 0 && (
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={label('roster.deleteHours')}
                    loading={dropHours.isPending && dropHours.variables?.action === 'delete'}
                    onClick={() => dropHours.mutate({ row: r, action: 'delete' })}
                  >
                    {t('roster.deleteHours')}
                  </Button>
                )}
                <Button
                  size="compact-xs"
                  variant="subtle"
                  aria-label={label('roster.history')}
                  onClick={() => setHistoryFor(r)}
                >
                  {t('roster.history')}
                </Button>
              </Group>
            );
          },
        }),
      ]),
    [t, lang, selected, canEdit, canAddHours, canApproveHours, canEditHours, act, approve, dropHours],
  );

  const pagination: PaginationState = { pageIndex: params.page - 1, pageSize: params.pageSize };
  const total = query.data?.total ?? 0;
  const table = useTable({
    features,
    columns,
    data: query.data?.rows ?? NO_ROWS,
    getRowId: (r) => r.volunteerId,
    state: { pagination },
    manualPagination: true,
    rowCount: total,
    onPaginationChange: (updater) => {
      const next = resolve(updater, pagination);
      const sizeChanged = next.pageSize !== pagination.pageSize;
      setParams((p) => ({ ...p, pageSize: next.pageSize, page: sizeChanged ? 1 : next.pageIndex + 1 }));
    },
  });

  const rows = table.getRowModel().rows;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const first = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const last = Math.min(total, params.page * params.pageSize);
  const all = { value: '', label: t('events.filter.all') };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('roster.status')}
          value={params.status === undefined ? '' : String(params.status)}
          onChange={(e) => {
            const v = e.currentTarget.value;
            setParams((p) => {
              const { status: _s, ...rest } = p;
              return v === '' ? { ...rest, page: 1 } : { ...rest, status: Number(v), page: 1 };
            });
          }}
          data={[all, ...STATUSES.map((s) => ({ value: String(s), label: t(`participation.status.${s}`) }))]}
          data-testid="roster-status-filter"
        />
        {canApproveHours && (
          <Button
            variant="default"
            disabled={selected.length === 0}
            loading={approve.isPending}
            onClick={() => approve.mutate(selected)}
          >
            {t('roster.approveSelected')}
          </Button>
        )}
      </Group>
      {failure && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={t('app.close')}
          onClose={() => setFailure(null)}
          data-testid="roster-error"
        >
          {t(failure)}
        </Alert>
      )}
      {query.isError && !query.data ? (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t(errorCode(query.error))}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              {t('app.retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <Table.ScrollContainer
          minWidth={760}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('roster.caption') } }}
        >
          <Table striped withTableBorder verticalSpacing="sm" aria-busy={query.isFetching} data-testid="roster-grid">
            <caption className="visually-hidden">{t('roster.caption')}</caption>
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => (
                    <Table.Th key={header.id} scope="col">
                      <table.FlexRender header={header} />
                    </Table.Th>
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {query.isPending ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Center py="xl">
                      <Loader role="status" aria-label={t('app.loading')} />
                    </Center>
                  </Table.Td>
                </Table.Tr>
              ) : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    <Text ta="center" py="lg" c="dimmed" data-testid="roster-empty">
                      {t('NoRecordsFound')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="roster-row" data-volunteer={row.original.volunteerId}>
                    {row.getAllCells().map((cell) => (
                      <Table.Td key={cell.id}>
                        <table.FlexRender cell={cell} />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm">
          <NativeSelect
            label={t('roster.pageSize')}
            size="xs"
            value={String(params.pageSize)}
            onChange={(e) => table.setPageSize(Number(e.currentTarget.value))}
            data={ROSTER_PAGE_SIZES.map((n) => String(n))}
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBottom: 0 } }}
            data-testid="roster-page-size"
          />
          <Text size="sm" aria-live="polite" data-testid="roster-range">
            {t('roster.range', { from: first, to: last, total })}
          </Text>
        </Group>
        <Pager total={pages} value={params.page} onChange={(p) => table.setPageIndex(p - 1)} />
      </Group>
      {raiseFor && (
        <ConfirmDialog
          title={t('roster.raise.title')}
          text={t('roster.raise.body')}
          confirm={t('roster.raise.confirm')}
          busy={act.isPending}
          onClose={() => setRaiseFor(null)}
          onConfirm={() => act.mutate({ row: raiseFor, action: 'accept', confirmRaise: true })}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming.action === 'reverse' ? t('roster.reverse.title') : t('roster.confirm.title')}
          text={t(`roster.confirm.${confirming.action}`, { name: rowName(confirming.row, lang) })}
          confirm={t(`roster.${confirming.action}`)}
          danger={confirming.action !== 'reverse'}
          busy={act.isPending}
          onClose={() => setConfirming(null)}
          onConfirm={() => act.mutate(confirming)}
        />
      )}
      {hoursFor && (
        <HoursModal
          id={id}
          volunteerId={hoursFor.volunteerId}
          name={rowName(hoursFor, lang)}
          onClose={() => setHoursFor(null)}
        />
      )}
      {historyFor && (
        <AppModal opened onClose={() => setHistoryFor(null)} title={t('roster.history')} size="xl">
          <InvitationHistory id={id} volunteerId={historyFor.volunteerId} name={rowName(historyFor, lang)} />
        </AppModal>
      )}
    </Stack>
  );
}
