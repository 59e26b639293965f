import { Badge, NativeSelect, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { REQUEST_TYPES, TICKET_ACTIONS } from '../../../../domain/ticket/rules.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { FilterPanel, type FiltersProps } from '../../components/FilterPanel.tsx';
import { gridPaging } from '../../components/paging.ts';
import { choices, idChoices, numberChoices, recentYears, textFilter } from '../../lib/filterFields.ts';
import { type TicketRow, ticketOptionsQuery, ticketsQuery } from './api.ts';
import { type TicketFilterValues, type TicketsSearch, ticketsParams } from './search.ts';

const helper = gridColumnHelper<TicketRow>();

export const nameIn = (x: { nameAr: string; nameEn: string }, lang: Lang) => (lang === 'ar' ? x.nameAr : x.nameEn);
export function formatDay(iso: string, lang: Lang) {
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory-nu-latn' : 'en-GB', {
    dateStyle: 'medium',
  }).format(new Date(iso));
}

/** A ticket's lifecycle word as a badge (colours from the theme, checked for contrast there). */
export function TicketStatusBadge({ status }: { status: TicketRow['status'] }) {
  const { t } = useTranslation();
  const color = { new: 'blue', replied: 'brand', resolved: 'green', notResolved: 'orange', closed: 'gray' }[status];
  return (
    <Badge color={`${color}.9`} variant="light" data-testid="ticket-status">
      {t(`tickets.status.${status}`)}
    </Badge>
  );
}

/** The spec's filters: code, title, action, id, year, request type, resolution (and the department, for staff). */
export function TicketFilters({
  initial,
  staff,
  onApply,
  onClear,
}: FiltersProps<TicketFilterValues> & {
  staff: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const options = useQuery({ ...ticketOptionsQuery, enabled: staff });
  const [f, setF] = useState<TicketFilterValues>(initial);
  const choose = numberChoices(f, setF, t('tickets.any'));
  const types = choices(REQUEST_TYPES, (r) => t(`tickets.type.${r}`));
  const actions = choices(TICKET_ACTIONS, (a) => t(`tickets.action.${a}`));
  const verdicts = choices([1, 2] as const, (s) => t(`tickets.verdict.${s}`));
  const departments = idChoices(options.data?.departments, (d) => nameIn(d, lang));

  return (
    <FilterPanel onSearch={() => onApply(f)} onClear={onClear}>
      <TextInput label={t('tickets.field.code')} {...textFilter(f, setF, 'code')} maxLength={40} dir="ltr" />
      <TextInput label={t('tickets.field.title')} {...textFilter(f, setF, 'title')} maxLength={200} />
      <TextInput label={t('tickets.field.id')} {...textFilter(f, setF, 'id')} maxLength={36} dir="ltr" />
      <NativeSelect label={t('tickets.field.requestType')} {...choose('requestType', types)} />
      <NativeSelect label={t('tickets.field.action')} {...choose('action', actions)} />
      <NativeSelect label={t('tickets.field.ticketStatus')} {...choose('ticketStatus', verdicts)} />
      <NativeSelect label={t('tickets.field.year')} {...choose('year', recentYears(6))} />
      {staff && <NativeSelect label={t('tickets.field.department')} {...choose('departmentId', departments)} />}
    </FilterPanel>
  );
}

/** The tickets grid: the volunteer's own, or (staff) every ticket their scope allows, newest first. */
export function TicketsGrid({
  search,
  staff,
  onChange,
}: {
  search: TicketsSearch;
  staff: boolean;
  onChange(s: TicketsSearch): void;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const params = ticketsParams(search);
  const query = useQuery({
    ...ticketsQuery(search, staff),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(() => {
    const code = helper.accessor('code', {
      enableHiding: false,
      ...columnTitle(t('tickets.field.code')),
      cell: (c) => (
        <AnchorLink to="/$lang/tickets/$id" params={{ lang, id: c.row.original.id }} fw={600}>
          <bdi dir="ltr">{c.getValue()}</bdi>
        </AnchorLink>
      ),
    });
    const title = helper.accessor('title', {
      ...columnTitle(t('tickets.field.title')),
    });
    const volunteer = helper.accessor((r) => (lang === 'ar' ? r.volunteerNameAr : r.volunteerNameEn) ?? '—', {
      id: 'volunteer',
      ...columnTitle(t('tickets.field.volunteer')),
    });
    const rest = [
      helper.accessor('requestType', {
        ...columnTitle(t('tickets.field.requestType')),
        cell: (c) => t(`tickets.type.${c.getValue() as 1 | 2 | 4}`),
      }),
      helper.accessor('priority', {
        ...columnTitle(t('tickets.field.priority')),
        cell: (c) => t(`tickets.priority.${c.getValue() as 1 | 2 | 3 | 4}`),
      }),
      helper.accessor('status', {
        ...columnTitle(t('tickets.field.status')),
        cell: (c) => <TicketStatusBadge status={c.getValue()} />,
      }),
      helper.accessor('createdAt', {
        ...columnTitle(t('tickets.field.createdAt')),
        cell: (c) => formatDay(c.getValue(), lang),
      }),
    ] as const;
    return staff ? helper.columns([code, title, volunteer, ...rest]) : helper.columns([code, title, ...rest]);
  }, [t, lang, staff]);

  return (
    <DataGrid
      id={staff ? 'tickets-staff' : 'tickets-mine'}
      caption={t('tickets.caption')}
      columns={columns}
      query={query}
      emptyMessage={t('tickets.empty')}
      paging={gridPaging(params, query, (p) => onChange({ ...search, ...p }))}
      rowProps={(r) => ({ 'data-testid': `ticket-row-${r.code}` })}
      testId="tickets-grid"
    />
  );
}
