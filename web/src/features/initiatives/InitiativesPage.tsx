import { Badge, Button, Group, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import * as I from '../../../../api/contracts/initiatives.ts';
import { INITIATIVE_STATUSES, REASON_MAX } from '../../../../domain/initiative/rules.ts';
import { errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper, ltrCell } from '../../components/DataGrid.tsx';
import { DialogButton } from '../../components/DialogButton.tsx';
import { FilterPanel, type FiltersProps } from '../../components/FilterPanel.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { gridPaging } from '../../components/paging.ts';
import { choices, numberChoices, recentYears, textFilter } from '../../lib/filterFields.ts';
import { notifyDone } from '../../lib/notify.ts';
import { urlFilters, withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { type InitiativeRow, initiativesQuery, rejectInitiative } from './api.ts';
import { ProposeModal } from './ProposeModal.tsx';
import { type InitiativeFilterValues, type InitiativesSearch, initiativesParams } from './search.ts';

const route = getRouteApi('/$lang/initiatives');
const helper = gridColumnHelper<InitiativeRow>();

/** EventApprovedStatus as the spec's lookup shows it: New, Received, Rejected. */
export function InitiativeStatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const color = ['blue', 'green', 'red'][status] ?? 'gray';
  return (
    <Badge color={`${color}.9`} variant="light" data-testid="initiative-status">
      {t(`initiatives.status.${status as 0 | 1 | 2}`)}
    </Badge>
  );
}

/** The spec's filters: code, name, status, year. */
function Filters({ initial, onApply, onClear }: FiltersProps<InitiativeFilterValues>) {
  const { t } = useTranslation();
  const [f, setF] = useState<InitiativeFilterValues>(initial);
  const choose = numberChoices(f, setF, t('initiatives.any'));
  const statuses = choices(INITIATIVE_STATUSES, (s) => t(`initiatives.status.${s}`));
  return (
    <FilterPanel onSearch={() => onApply(f)} onClear={onClear}>
      <TextInput
        id="initiatives-filter-code"
        label={t('initiatives.field.code')}
        {...textFilter(f, setF, 'code')}
        maxLength={40}
        dir="ltr"
      />
      <TextInput label={t('initiatives.field.name')} {...textFilter(f, setF, 'name')} maxLength={200} />
      <NativeSelect label={t('initiatives.field.status')} {...choose('status', statuses)} />
      <NativeSelect label={t('initiatives.field.year')} {...choose('year', recentYears(6))} />
    </FilterPanel>
  );
}

/** Reject with a reason, confirmed first. */
function RejectModal({ row, onClose }: { row: InitiativeRow | null; onClose(): void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reject = useMutation({
    mutationFn: () => rejectInitiative(queryClient, row!.id, reason),
    onSuccess: () => {
      notifyDone(t('initiatives.rejected'));
      setReason('');
      onClose();
    },
  });
  return (
    <ConfirmModal
      opened={row !== null}
      title={t('initiatives.rejectTitle', { name: row?.name ?? '' })}
      message={
        <Textarea
          label={t('initiatives.field.reason')}
          required
          autosize
          minRows={3}
          maxLength={REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="reject-reason"
        />
      }
      confirmLabel={t('initiatives.reject')}
      danger
      busy={reject.isPending}
      error={reject.error ? <span role="alert">{t(errorCode(reject.error))}</span> : null}
      confirmTestId="confirm-reject"
      onConfirm={() => reject.mutate()}
      onCancel={onClose}
    />
  );
}

/**
 * /$lang/initiatives: a volunteer's (or a centre's) proposed events and a new proposal; those who decide (Approve)
 * see every initiative their areas cover and approve one into a draft event or reject it.
 */
export function InitiativesPage() {
  const { t, title, lang } = useScreen('page.initiatives');
  const navigate = useNavigate();
  const search = route.useSearch();
  const manage = useCan(I.approveInitiative);
  const canPropose = useCan(I.proposeInitiative);
  const [rejecting, setRejecting] = useState<InitiativeRow | null>(null);
  const params = initiativesParams(search);
  const query = useQuery({ ...initiativesQuery(search, manage), placeholderData: keepPreviousData });
  const go = (next: InitiativesSearch) =>
    void navigate({ to: '/$lang/initiatives', params: { lang }, search: withoutPagingDefaults(next) });
  const panel = urlFilters(search, go);

  const columns = useMemo(() => {
    const label = (key: TranslationKey) => columnTitle(t(key));
    const base = [
      helper.accessor('code', {
        enableHiding: false,
        ...label('initiatives.field.code'),
        cell: ltrCell,
      }),
      helper.accessor('name', label('initiatives.field.name')),
      helper.accessor('location', label('initiatives.field.location')),
      helper.accessor('status', {
        ...label('initiatives.field.status'),
        cell: (c) => <InitiativeStatusBadge status={c.getValue()} />,
      }),
      helper.accessor('createdAt', {
        ...label('initiatives.field.createdAt'),
        cell: (c) =>
          new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
            dateStyle: 'medium',
          }).format(new Date(c.getValue())),
      }),
    ];
    if (!manage) return helper.columns(base);
    const actions = helper.display({
      id: 'actions',
      ...label('initiatives.actions'),
      cell: (c) => {
        const r = c.row.original;
        if (r.status !== 0)
          return r.eventId ? (
            <ButtonLink size="xs" variant="subtle" to="/$lang/events/manage/$id" params={{ lang, id: r.eventId }}>
              {t('initiatives.openEvent')}
            </ButtonLink>
          ) : null;
        return (
          <Group gap="xs" wrap="nowrap">
            <ButtonLink
              size="xs"
              to="/$lang/initiatives/$id/approve"
              params={{ lang, id: r.id }}
              data-testid={`approve-${r.code}`}
            >
              {t('initiatives.approve')}
            </ButtonLink>
            <Button size="xs" variant="default" onClick={() => setRejecting(r)} data-testid={`reject-${r.code}`}>
              {t('initiatives.reject')}
            </Button>
          </Group>
        );
      },
    });
    return helper.columns([...base, actions]);
  }, [t, lang, manage]);

  const propose = canPropose && (
    <DialogButton label={t('initiatives.new')} testId="new-initiative" dialog={ProposeModal} />
  );
  return (
    <PageFrame title={title} action={propose}>
      <Filters key={panel.key} {...panel.props} />
      <DataGrid
        id={manage ? 'initiatives-all' : 'initiatives-mine'}
        caption={t('initiatives.caption')}
        columns={columns}
        query={query}
        emptyMessage={t('initiatives.empty')}
        paging={gridPaging(params, query, (p) => go({ ...search, ...p }))}
        rowProps={(r) => ({ 'data-testid': `initiative-row-${r.code}` })}
        testId="initiatives-grid"
      />
      <RejectModal row={rejecting} onClose={() => setRejecting(null)} />
    </PageFrame>
  );
}
