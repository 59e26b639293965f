import { NativeSelect, Stack, Tabs, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { type MouseEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { exportVolunteers } from '../../../../api/contracts/exports.ts';
import type { RegistrationStatus } from '../../../../domain/registration/status.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { DateRangeFilter, isDateRangeValid } from '../../components/DateRangeFilter.tsx';
import { useGridExport } from '../../components/ExportDialog.tsx';
import { FilterPanel, type FiltersProps } from '../../components/FilterPanel.tsx';
import { gridPaging } from '../../components/paging.ts';
import { TabList } from '../../components/TabList.tsx';
import { dateRangeFilter, idChoices, numberChoices, textFilter } from '../../lib/filterFields.ts';
import { withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { type Lookup, type Lookups, lookupName, lookupsQuery } from '../registration/index.ts';
import { type GridRow, registrationsQuery, startVolunteersExport } from './api.ts';
import { formatDay, formatDayTime, personName } from './format.ts';
import { PractitionerBadge } from './Practitioner.tsx';
import { GRID_STATUSES, type GridParams, type GridSearch, gridParams, type SortKey } from './search.ts';

const route = getRouteApi('/$lang/registrations');

const helper = gridColumnHelper<GridRow>();

/** Columns the server sorts by; the name column sorts by the name in the page's language. */
function sortKeyOf(columnId: string, lang: Lang): SortKey | null {
  if (columnId === 'name') return lang === 'ar' ? 'nameAr' : 'nameEn';
  if (columnId === 'referenceNumber' || columnId === 'submittedAt') return columnId;
  return null;
}
function columnOf(sort: SortKey): string | null {
  if (sort === 'nameAr' || sort === 'nameEn') return 'name';
  if (sort === 'referenceNumber' || sort === 'submittedAt') return sort;
  return null;
}

/** /$lang/registrations: the applications by status, paged, sorted and filtered on the server. */
export function RegistrationsPage() {
  const { t, title, lang } = useScreen('page.registrations');
  const search = route.useSearch();
  const navigate = useNavigate();
  const params = gridParams(search);

  /** Writes the grid's state into the URL: only the values that differ from the defaults. */
  function go(next: GridSearch) {
    const merged = withoutPagingDefaults(next);
    if (merged.status === 2) delete merged.status;
    if (merged.sort === 'submittedAt' && merged.dir !== 'asc') {
      delete merged.sort;
      delete merged.dir;
    }
    if (merged.dir === 'desc' && !merged.sort) delete merged.dir;
    void navigate({ to: '/$lang/registrations', params: { lang }, search: merged });
  }

  const filters = {
    name: search.name,
    idNumber: search.idNumber,
    mobile: search.mobile,
    regionId: search.regionId,
    cityId: search.cityId,
    from: search.from,
    to: search.to,
  };

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Filters
        key={JSON.stringify(filters)}
        initial={filters}
        onApply={(f) => go({ ...search, ...f, page: 1 })}
        onClear={() => go({ status: params.status, pageSize: params.pageSize, sort: params.sort, dir: params.dir })}
      />
      <Tabs
        value={String(params.status)}
        onChange={(v) => v && go({ ...search, status: Number(v) as RegistrationStatus, page: 1 })}
      >
        <TabList
          label={t('review.statusTabs')}
          tabs={GRID_STATUSES}
          name={(s) => t(`reg.status.${s}`)}
          testId="status-tab"
        />
        {GRID_STATUSES.map((s) => (
          <Tabs.Panel key={s} value={String(s)} pt="md">
            {s === params.status && <Grid params={params} onChange={(p) => go(p)} search={search} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

type FilterValues = Pick<GridSearch, 'name' | 'idNumber' | 'mobile' | 'regionId' | 'cityId' | 'from' | 'to'>;

function Filters({ initial, onApply, onClear }: FiltersProps<FilterValues>) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const lookups = useQuery(lookupsQuery);
  const [f, setF] = useState<FilterValues>(initial);
  const regions = lookups.data?.regions ?? [];
  const cities = (lookups.data?.cities ?? []).filter((c) => f.regionId === undefined || c.regionId === f.regionId);
  const choose = numberChoices(f, setF, t('review.filter.all'));
  const name = (x: Lookup) => lookupName(x, lang);
  /** Choosing a region drops a city of another one. */
  const dropOtherCity = (next: FilterValues) => {
    const city = lookups.data?.cities.find((c) => c.id === next.cityId);
    return city && next.regionId !== undefined && city.regionId !== next.regionId
      ? { ...next, cityId: undefined }
      : next;
  };
  /** A filter of digits, written left to right (the id number, the mobile). */
  const digits = (k: 'idNumber' | 'mobile', max: number, inputMode: 'numeric' | 'tel') => (
    <TextInput
      label={t(`review.filter.${k}`)}
      {...textFilter(f, setF, k)}
      maxLength={max}
      inputMode={inputMode}
      dir="ltr"
    />
  );

  return (
    <FilterPanel valid={isDateRangeValid(f)} onSearch={() => onApply(f)} onClear={onClear}>
      <TextInput
        label={t('review.filter.name')}
        description={t('review.filter.nameHint')}
        inputWrapperOrder={['label', 'input', 'description']}
        {...textFilter(f, setF, 'name')}
        maxLength={100}
      />
      {digits('idNumber', 20, 'numeric')}
      {digits('mobile', 10, 'tel')}
      <NativeSelect label={t('review.col.region')} {...choose('regionId', idChoices(regions, name), dropOtherCity)} />
      <NativeSelect label={t('review.col.city')} {...choose('cityId', idChoices(cities, name))} />
      <DateRangeFilter
        {...dateRangeFilter(f, setF)}
        fromLabel={t('review.filter.from')}
        toLabel={t('review.filter.to')}
      />
    </FilterPanel>
  );
}

function Grid({ params, search, onChange }: { params: GridParams; search: GridSearch; onChange(s: GridSearch): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const lookups = useQuery(lookupsQuery);
  const query = useQuery({ ...registrationsQuery(params), placeholderData: keepPreviousData });
  const status = params.status;
  const columns = useMemo(
    () => gridColumns(t, lang, lookups.data, status, (row) => detailLink(row, lang, t)),
    [t, lang, lookups.data, status],
  );
  const sortColumn = columnOf(params.sort);
  const exporting = useGridExport(exportVolunteers, startVolunteersExport(params));

  function openRow(e: MouseEvent<HTMLTableRowElement>, row: GridRow) {
    // The name is a real link (keyboard and middle-click); a click elsewhere on the row opens the same page.
    if ((e.target as HTMLElement).closest('a, button')) return;
    void navigate({ to: '/$lang/registrations/$id', params: { lang, id: row.volunteerId } });
  }

  return (
    <DataGrid
      id="registrations"
      caption={t('review.caption', { status: t(`reg.status.${status}`) })}
      columns={columns}
      getRowId={(row) => row.volunteerId}
      query={query}
      paging={gridPaging(params, query, (p) => onChange({ ...search, ...p }))}
      sorting={{
        sort: sortColumn ? { id: sortColumn, desc: params.dir === 'desc' } : null,
        onSort: ({ id, desc }) => {
          const key = sortKeyOf(id, lang);
          if (key) onChange({ ...search, sort: key, dir: desc ? 'desc' : 'asc', page: 1 });
        },
      }}
      rowProps={(row) => ({ className: 'grid-row', onClick: (e) => openRow(e, row) })}
      {...exporting}
      minWidth={860}
      highlightOnHover
      testId="registrations-grid"
    />
  );
}

function detailLink(row: GridRow, lang: Lang, t: (key: TranslationKey) => string) {
  const name = personName(row, lang) || t('review.unnamed');
  return (
    <AnchorLink to="/$lang/registrations/$id" params={{ lang, id: row.volunteerId }} fw={600}>
      {name}
    </AnchorLink>
  );
}

function gridColumns(
  // The plain key-to-text shape: the full i18next TFunction type is too deep for the column helper's inference.
  t: (key: TranslationKey) => string,
  lang: Lang,
  lookups: Lookups | undefined,
  status: RegistrationStatus,
  link: (row: GridRow) => React.ReactNode,
) {
  const place = (items: readonly { id: number; nameAr: string; nameEn: string }[] | undefined, id: number | null) => {
    if (id === null) return '—';
    const item = items?.find((i) => i.id === id);
    return item ? lookupName(item, lang) : String(id);
  };
  const ltr = (v: string | null) =>
    v ? (
      <bdi dir="ltr" className="nowrap">
        {v}
      </bdi>
    ) : (
      '—'
    );
  const base = helper.columns([
    helper.accessor((row) => personName(row, lang), {
      id: 'name',
      enableHiding: false,
      ...columnTitle(t('review.col.name')),
      cell: (info) => link(info.row.original),
    }),
    helper.accessor('referenceNumber', {
      ...columnTitle(t('review.col.reference')),
      cell: (info) => ltr(info.getValue()),
    }),
    helper.accessor('idNumber', {
      ...columnTitle(t('review.col.idNumber')),
      enableSorting: false,
      cell: (info) => ltr(info.getValue()),
    }),
    helper.accessor('mobile', {
      ...columnTitle(t('review.col.mobile')),
      enableSorting: false,
      cell: (info) => ltr(info.getValue()),
    }),
    helper.accessor('regionId', {
      ...columnTitle(t('review.col.region')),
      enableSorting: false,
      cell: (info) => place(lookups?.regions, info.getValue()),
    }),
    helper.accessor('cityId', {
      ...columnTitle(t('review.col.city')),
      enableSorting: false,
      cell: (info) => place(lookups?.cities, info.getValue()),
    }),
    helper.accessor('submittedAt', {
      ...columnTitle(t('review.col.submittedAt')),
      sortDescFirst: true,
      cell: (info) => formatDay(info.getValue(), lang) ?? '—',
    }),
    helper.accessor('practitioner', {
      ...columnTitle(t('review.col.practitioner')),
      enableSorting: false,
      cell: (info) => <PractitionerBadge practitioner={info.getValue()} lang={lang} />,
    }),
  ]);
  if (status !== 3) return base;
  return helper.columns([
    ...base,
    helper.accessor('appointmentAt', {
      ...columnTitle(t('review.col.appointmentAt')),
      enableSorting: false,
      cell: (info) => formatDayTime(info.getValue(), lang) ?? '—',
    }),
  ]);
}
