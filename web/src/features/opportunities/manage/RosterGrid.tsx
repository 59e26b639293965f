import { Alert, Button, Checkbox, Group, NativeSelect, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportParticipants } from '../../../../../api/contracts/exports.ts';
import { approveManyHours, deleteHours, recordHours, rejectHours } from '../../../../../api/contracts/hours.ts';
import { acceptParticipant, participationHistory } from '../../../../../api/contracts/participation.ts';
import { HOLDS_SEAT } from '../../../../../domain/participation/status.ts';
import { useCan } from '../../../app/permissions.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { AppModal } from '../../../components/AppModal.tsx';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../../components/DataGrid.tsx';
import { useGridExport } from '../../../components/ExportDialog.tsx';
import { gridPaging } from '../../../components/paging.ts';
import { RowAction } from '../../../components/RowAction.tsx';
import { choices, numberChoices } from '../../../lib/filterFields.ts';
import { type RosterParams, type RosterRow, rosterQuery, startRosterExport } from '../api.ts';
import { eventName } from '../format.ts';
import { HoursModal } from './dialogs.tsx';
import { InvitationHistory } from './InvitationHistory.tsx';
import { useRosterActions } from './rosterActions.ts';

const col = gridColumnHelper<RosterRow>();
const STATUSES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;

const rowName = (r: RosterRow, lang: 'ar' | 'en') => eventName(r, lang);

/** Hours are recorded for seat holders only (the domain's RecordHours rule). */
const takesHours = (r: RosterRow) => (HOLDS_SEAT as readonly number[]).includes(r.status);

/** The participants of one event: by status, paged on the server, with the staff actions per row. */
export function RosterGrid({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  // Each button by its own endpoint's guard (the server enforces the same).
  const canEdit = useCan(acceptParticipant);
  const canAddHours = useCan(recordHours);
  const canApproveHours = useCan(approveManyHours);
  const canRejectHours = useCan(rejectHours);
  const canEditHours = useCan(deleteHours);
  const canSeeHistory = useCan(participationHistory);
  const [params, setParams] = useState<RosterParams>({ page: 1, pageSize: 10 });
  const exporting = useGridExport(exportParticipants, startRosterExport(id, params.status));
  const [selected, setSelected] = useState<string[]>([]);
  const [hoursFor, setHoursFor] = useState<RosterRow | null>(null);
  const [historyFor, setHistoryFor] = useState<RosterRow | null>(null);
  const query = useQuery({ ...rosterQuery(id, params), placeholderData: keepPreviousData });
  const { act, approve, dropHours, raiseFor, setRaiseFor, confirming, setConfirming, failure, setFailure } =
    useRosterActions(id, () => setSelected([]));

  const columns = useMemo(
    () =>
      col.columns([
        col.display({
          id: 'select',
          header: () => <span className="visually-hidden">{t('roster.col.select')}</span>,
          meta: { label: t('roster.col.select') },
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
        col.accessor((r) => rowName(r, lang), {
          id: 'name',
          ...columnTitle(t('roster.col.name')),
          enableHiding: false,
        }),
        col.accessor('status', {
          ...columnTitle(t('roster.col.status')),
          cell: (info) => (
            <span data-testid="roster-status" data-status={info.getValue()}>
              {t(`participation.status.${info.getValue() as 1}`)}
            </span>
          ),
        }),
        col.accessor((r) => `${r.approvedHours} / ${r.pendingHours}`, {
          id: 'hours',
          ...columnTitle(t('roster.col.hours')),
          cell: (info) => <bdi data-testid="roster-hours">{info.getValue()}</bdi>,
        }),
        col.display({
          id: 'actions',
          ...columnTitle(t('roster.col.actions')),
          cell: (info) => {
            const r = info.row.original;
            const name = rowName(r, lang);
            return (
              <Group gap={4} wrap="wrap">
                {canEdit &&
                  r.actions.map((a) => (
                    <RowAction
                      key={a}
                      text={t(`roster.${a}`)}
                      row={name}
                      variant={a === 'accept' ? 'filled' : 'default'}
                      loading={
                        act.isPending && act.variables?.row.volunteerId === r.volunteerId && act.variables.action === a
                      }
                      onClick={() =>
                        a === 'accept' ? act.mutate({ row: r, action: 'accept' }) : setConfirming({ row: r, action: a })
                      }
                    />
                  ))}
                {canAddHours && takesHours(r) && (
                  <RowAction text={t('roster.addHours')} row={name} variant="light" onClick={() => setHoursFor(r)} />
                )}
                {canApproveHours && r.pendingHours > 0 && (
                  <RowAction
                    text={t('roster.approveHours')}
                    row={name}
                    variant="light"
                    loading={approve.isPending}
                    onClick={() => approve.mutate([r.volunteerId])}
                  />
                )}
                {(['reject', 'delete'] as const).map(
                  (action) =>
                    (action === 'reject' ? canRejectHours : canEditHours) &&
                    r.pendingHours > 0 && (
                      <RowAction
                        key={action}
                        text={t(`roster.${action}Hours`)}
                        row={name}
                        loading={dropHours.isPending && dropHours.variables?.action === action}
                        onClick={() => dropHours.mutate({ row: r, action })}
                      />
                    ),
                )}
                {canSeeHistory && (
                  <RowAction text={t('roster.history')} row={name} variant="subtle" onClick={() => setHistoryFor(r)} />
                )}
              </Group>
            );
          },
        }),
      ]),
    [
      t,
      lang,
      selected,
      canEdit,
      canAddHours,
      canApproveHours,
      canRejectHours,
      canEditHours,
      canSeeHistory,
      act,
      approve,
      dropHours,
      setConfirming,
    ],
  );

  const choose = numberChoices(params, setParams, t('events.filter.all'));
  const statuses = choices(STATUSES, (s) => t(`participation.status.${s}`));

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <NativeSelect
          label={t('roster.status')}
          {...choose('status', statuses, (next) => ({ ...next, page: 1 }))}
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
      <DataGrid
        id="roster"
        caption={t('roster.caption')}
        columns={columns}
        getRowId={(r) => r.volunteerId}
        query={query}
        paging={gridPaging(params, query, ({ page, pageSize }) => setParams((p) => ({ ...p, page, pageSize })))}
        rowProps={(r) => ({ 'data-testid': 'roster-row', 'data-volunteer': r.volunteerId })}
        {...exporting}
        minWidth={760}
        testId="roster-grid"
      />
      {raiseFor && (
        <ConfirmModal
          opened
          title={t('roster.raise.title')}
          message={t('roster.raise.body')}
          confirmLabel={t('roster.raise.confirm')}
          busy={act.isPending}
          onCancel={() => setRaiseFor(null)}
          confirmTestId="confirm-dialog"
          onConfirm={() => act.mutate({ row: raiseFor, action: 'accept', confirmRaise: true })}
        />
      )}
      {confirming && (
        <ConfirmModal
          opened
          title={confirming.action === 'reverse' ? t('roster.reverse.title') : t('roster.confirm.title')}
          message={t(`roster.confirm.${confirming.action}`, { name: rowName(confirming.row, lang) })}
          confirmLabel={t(`roster.${confirming.action}`)}
          danger={confirming.action !== 'reverse'}
          busy={act.isPending}
          onCancel={() => setConfirming(null)}
          confirmTestId="confirm-dialog"
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
