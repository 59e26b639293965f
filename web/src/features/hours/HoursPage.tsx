import { Alert, Badge, Button, Group, NativeSelect, Text, TextInput, UnstyledButton } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { exportHours } from '../../../../api/contracts/exports.ts';
import { decideManyHours } from '../../../../api/contracts/hours.ts';
import { errorCode } from '../../app/api.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { intlLocale } from '../../app/i18n/index.ts';
import { useCan } from '../../app/permissions.ts';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { DateRangeFilter, isDateRangeValid } from '../../components/DateRangeFilter.tsx';
import { useGridExport } from '../../components/ExportDialog.tsx';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { gridPaging } from '../../components/paging.ts';
import { dateRangeFilter } from '../../lib/filterFields.ts';
import { notifyDone } from '../../lib/notify.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  decideHours,
  HOURS_BATCH_MAX,
  type HoursFilters,
  type HoursGridRow,
  type HoursSort,
  type HoursState,
  hoursQuery,
  rowKey,
  startHoursExport,
} from './api.ts';

const STATES: readonly HoursState[] = ['pending', 'approved', 'rejected'];
const SORTS: readonly HoursSort[] = ['checkIn', 'hours', 'volunteer', 'event'];
const col = gridColumnHelper<HoursGridRow>();

const nameOf = (r: HoursGridRow, lang: Lang) => (lang === 'ar' ? r.nameAr : r.nameEn) ?? r.nameAr ?? r.nameEn ?? '';
const eventOf = (r: HoursGridRow, lang: Lang) => (lang === 'ar' ? r.eventAr : r.eventEn);

/** /$lang/hours: the hours entries of every event in the staff member's scope; many approved or rejected at once. */
export function HoursPage() {
  const { t, title, lang } = useScreen('page.hours');
  const canApprove = useCan(decideManyHours);
  const [filters, setFilters] = useState<HoursFilters>({ state: 'pending' });
  const [eventName, setEventName] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [sort, setSort] = useState<{ id: HoursSort; desc: boolean }>({ id: 'checkIn', desc: true });
  const exporting = useGridExport(exportHours, startHoursExport({ filters, sort: sort.id, desc: sort.desc }));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [results, setResults] = useState<Map<string, string>>(new Map());
  const [confirm, setConfirm] = useState<'approve' | 'reject' | null>(null);

  const query = useQuery({
    ...hoursQuery({ filters, ...paging, sort: sort.id, desc: sort.desc }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.rows;
  const chosen = (rows ?? []).filter((r) => selected.has(rowKey(r)));

  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'reject') => decideHours(decision, chosen),
    onSuccess: (res) => {
      setConfirm(null);
      setSelected(new Set());
      setResults((old) => new Map([...old, ...res.results.map((x) => [x.hoursId, x.result] as const)]));
      const ok = res.results.filter((x) => x.result === 'approved' || x.result === 'rejected').length;
      notifyDone(t('hours.done', { ok, n: res.results.length }));
    },
  });

  /** A new view of the grid: a new page of rows, nothing selected, no earlier results. */
  function show(next: Partial<HoursFilters> | null, eventLabel?: string) {
    if (next) setFilters((old) => ({ ...old, ...next }));
    if (eventLabel !== undefined) setEventName(eventLabel);
    setPaging((p) => ({ ...p, page: 1 }));
    setSelected(new Set());
    setResults(new Map());
    decide.reset();
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: show only sets state
  const columns = useMemo(
    () => hoursColumns(t, lang, results, (r) => show({ opportunityId: r.opportunityId }, eventOf(r, lang))),
    [t, lang, results],
  );

  return (
    <PageFrame title={title} intro={t('hours.intro')}>
      {filters.opportunityId && (
        <Group gap="xs">
          <Badge variant="light" size="lg" data-testid="hours-event-filter">
            {t('hours.filter.event', { name: eventName })}
          </Badge>
          <Button variant="subtle" size="xs" onClick={() => show({ opportunityId: undefined }, '')}>
            {t('hours.filter.clearEvent')}
          </Button>
        </Group>
      )}
      {canApprove && (
        <Group gap="sm" data-testid="hours-actions">
          <Text size="sm" aria-live="polite" data-testid="hours-selected">
            {t('hours.selected', { n: chosen.length })}
          </Text>
          <Button
            disabled={chosen.length === 0 || chosen.length > HOURS_BATCH_MAX}
            onClick={() => setConfirm('approve')}
            data-testid="hours-approve"
          >
            {t('hours.approveSelected')}
          </Button>
          <Button
            color="red.9"
            variant="outline"
            disabled={chosen.length === 0 || chosen.length > HOURS_BATCH_MAX}
            onClick={() => setConfirm('reject')}
            data-testid="hours-reject"
          >
            {t('hours.rejectSelected')}
          </Button>
          {chosen.length > HOURS_BATCH_MAX && (
            <Text size="sm" c="red.9" role="alert">
              {t('hours.tooMany', { max: HOURS_BATCH_MAX })}
            </Text>
          )}
        </Group>
      )}
      <DataGrid
        id="volunteer-hours"
        caption={t('hours.caption')}
        columns={columns}
        query={query}
        getRowId={rowKey}
        {...exporting}
        filters={
          <HoursFilterPanel
            key={JSON.stringify(filters)}
            initial={filters}
            onApply={(f) => show({ ...f, opportunityId: filters.opportunityId })}
            onClear={() => show({ state: 'pending', volunteer: undefined, from: undefined, to: undefined })}
          />
        }
        selection={
          canApprove
            ? {
                selected,
                onChange: setSelected,
                rowLabel: (r) => t('hours.select', { name: nameOf(r, lang), event: eventOf(r, lang) }),
                allLabel: t('hours.selectAll'),
                canSelect: (r) => r.state === 'pending' && !results.has(r.hoursId),
              }
            : undefined
        }
        paging={gridPaging(paging, query, (next) => {
          setPaging(next);
          setSelected(new Set());
        })}
        sorting={{
          sort,
          onSort: (next) => {
            if ((SORTS as readonly string[]).includes(next.id)) setSort({ id: next.id as HoursSort, desc: next.desc });
          },
        }}
        emptyMessage={t('hours.empty')}
        rowProps={(r) => ({
          'data-testid': 'hours-row',
          'data-hours-id': r.hoursId,
          'data-result': results.get(r.hoursId),
        })}
        minWidth={960}
        testId="hours-grid"
      />
      <ConfirmModal
        opened={confirm !== null}
        title={t(confirm === 'reject' ? 'hours.confirm.reject.title' : 'hours.confirm.approve.title')}
        message={t(confirm === 'reject' ? 'hours.confirm.reject.message' : 'hours.confirm.approve.message', {
          n: chosen.length,
        })}
        confirmLabel={t(confirm === 'reject' ? 'hours.rejectSelected' : 'hours.approveSelected')}
        danger={confirm === 'reject'}
        busy={decide.isPending}
        error={
          decide.isError && (
            <Alert color="red" role="alert">
              {t(errorCode(decide.error))}
            </Alert>
          )
        }
        confirmTestId="hours-confirm"
        onConfirm={() => confirm && decide.mutate(confirm)}
        onCancel={() => {
          setConfirm(null);
          decide.reset();
        }}
      />
    </PageFrame>
  );
}

function hoursColumns(t: TFunction, lang: Lang, results: Map<string, string>, byEvent: (r: HoursGridRow) => void) {
  const when = (iso: string | null) =>
    iso
      ? new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
      : '—';
  const label = (key: TranslationKey) => columnTitle(t(key));
  return col.columns([
    col.display({ id: 'volunteer', ...label('hours.col.volunteer'), cell: (i) => nameOf(i.row.original, lang) }),
    col.display({
      id: 'event',
      ...label('hours.col.event'),
      cell: (i) => (
        <UnstyledButton
          className="link-button"
          onClick={() => byEvent(i.row.original)}
          aria-label={t('hours.filter.byEvent', { name: eventOf(i.row.original, lang) })}
        >
          <Text size="sm" td="underline">
            {eventOf(i.row.original, lang)}
          </Text>
          <Text size="xs" c="dimmed" dir="ltr" className="ltr-value">
            {i.row.original.eventCode}
          </Text>
        </UnstyledButton>
      ),
    }),
    col.accessor('checkIn', { id: 'checkIn', ...label('hours.col.checkIn'), cell: (i) => when(i.getValue()) }),
    col.accessor('hours', { id: 'hours', ...label('hours.col.hours') }),
    col.accessor('casesHandled', {
      ...label('hours.col.cases'),
      enableSorting: false,
      cell: (i) => i.getValue() ?? '—',
    }),
    col.accessor('rating', { ...label('hours.col.rating'), enableSorting: false, cell: (i) => i.getValue() ?? '—' }),
    col.accessor('state', {
      ...label('hours.col.state'),
      enableSorting: false,
      cell: (i) => <Badge variant="light">{t(`hours.state.${i.getValue()}`)}</Badge>,
    }),
    col.display({
      id: 'result',
      ...label('hours.col.result'),
      cell: (i) => {
        const r = results.get(i.row.original.hoursId);
        if (!r) return null;
        const ok = r === 'approved' || r === 'rejected';
        return (
          <Badge color={ok ? 'green.9' : 'red.9'} variant="filled" data-testid="hours-result">
            {ok ? t(`hours.result.${r}`) : t(r as TranslationKey)}
          </Badge>
        );
      },
    }),
  ]);
}

function HoursFilterPanel(props: {
  initial: HoursFilters;
  onApply(f: Omit<HoursFilters, 'opportunityId'>): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const [f, setF] = useState(props.initial);
  return (
    <FilterPanel
      cols={4}
      valid={isDateRangeValid(f)}
      onSearch={() =>
        props.onApply({ state: f.state, volunteer: f.volunteer?.trim() || undefined, from: f.from, to: f.to })
      }
      onClear={props.onClear}
    >
      <NativeSelect
        label={t('hours.filter.state')}
        value={f.state}
        onChange={(e) => {
          const state = e.currentTarget.value as HoursState;
          setF((old) => ({ ...old, state }));
        }}
        data={STATES.map((s) => ({ value: s, label: t(`hours.state.${s}`) }))}
        data-testid="hours-state"
      />
      <TextInput
        label={t('hours.filter.volunteer')}
        value={f.volunteer ?? ''}
        maxLength={100}
        onChange={(e) => {
          const volunteer = e.currentTarget.value;
          setF((old) => ({ ...old, volunteer }));
        }}
      />
      <DateRangeFilter
        {...dateRangeFilter(f, setF)}
        fromLabel={t('hours.filter.from')}
        toLabel={t('hours.filter.to')}
      />
    </FilterPanel>
  );
}
