import { Group, NativeSelect, TextInput } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportEventReports, exportEventReportsSummary } from '../../../../api/contracts/exports.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useCan } from '../../app/permissions.ts';
import { EventStatusBadge } from '../../components/badges.tsx';
import { columnTitle, DataGrid, gridColumnHelper, ltrCell } from '../../components/DataGrid.tsx';
import { DateRangeFilter, isDateRangeValid } from '../../components/DateRangeFilter.tsx';
import { useGridExport } from '../../components/ExportDialog.tsx';
import { FilterPanel, type FiltersProps } from '../../components/FilterPanel.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { gridPaging } from '../../components/paging.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { choices, dateRangeFilter, numberChoices } from '../../lib/filterFields.ts';
import { urlFilters, withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import {
  type EventReportRow,
  eventReportsQuery,
  eventReportsSummaryQuery,
  startEventReportsExport,
  startEventReportsSummaryExport,
} from './api.ts';
import { ExportButton } from './ExportButton.tsx';
import { AsOfField, AsOfNote, Figures, RatingText, useFormat } from './figures.tsx';
import { EVENT_STATUSES, type ReportFilterValues, type ReportsSearch, reportsParams } from './search.ts';

const route = getRouteApi('/$lang/reports');
const helper = gridColumnHelper<EventReportRow>();

function Filters({ initial, onApply, onClear }: FiltersProps<ReportFilterValues>) {
  const { t } = useTranslation();
  const [f, setF] = useState<ReportFilterValues>(initial);
  const choose = numberChoices(f, setF, t('reports.any'));
  const statuses = choices(EVENT_STATUSES, (s) => t(`events.status.${s}`));
  const set = (k: keyof ReportFilterValues, v: string | number | undefined) =>
    setF((o) => {
      const next = { ...o };
      if (v === '' || v === undefined) delete next[k];
      else (next as Record<string, unknown>)[k] = v;
      return next;
    });
  return (
    <FilterPanel
      valid={isDateRangeValid({ from: f.from, to: f.to })}
      onSearch={() => onApply(f)}
      onClear={onClear}
      cols={5}
    >
      <TextInput
        id="reports-filter-search"
        label={t('reports.search')}
        value={f.search ?? ''}
        maxLength={100}
        onChange={(e) => set('search', e.currentTarget.value)}
      />
      <NativeSelect label={t('reports.status')} {...choose('status', statuses)} />
      <DateRangeFilter
        {...dateRangeFilter(f, setF)}
        fromLabel={t('reports.startFrom')}
        toLabel={t('reports.startTo')}
      />
      <AsOfField id="reports-filter-asof" value={f.asOf} onChange={(v) => set('asOf', v)} />
    </FilterPanel>
  );
}

/** /$lang/reports: the event reports list (spec) with the summary of the events the filters take, as of a day. */
export function ReportsPage() {
  const { t, title, lang } = useScreen('page.reports');
  const f = useFormat();
  const navigate = useNavigate();
  const search = route.useSearch();
  const params = reportsParams(search);
  const list = useQuery({ ...eventReportsQuery(search), placeholderData: keepPreviousData });
  const summary = useQuery({ ...eventReportsSummaryQuery(search), placeholderData: keepPreviousData });
  const exporting = useGridExport(exportEventReports, startEventReportsExport(search));
  const canExportSummary = useCan(exportEventReportsSummary);
  const go = (next: ReportsSearch) =>
    void navigate({ to: '/$lang/reports', params: { lang }, search: withoutPagingDefaults(next) });
  const panel = urlFilters(search, go);

  const columns = useMemo(() => {
    const label = (key: TranslationKey) => ({ ...columnTitle(t(key)) });
    return helper.columns([
      helper.accessor('code', {
        enableHiding: false,
        ...label('reports.col.code'),
        cell: ltrCell,
      }),
      helper.accessor(lang === 'ar' ? 'nameAr' : 'nameEn', {
        id: 'name',
        enableHiding: false,
        ...label('reports.col.name'),
        cell: (c) => (
          <AnchorLink
            to="/$lang/reports/$id"
            params={{ lang, id: c.row.original.id }}
            search={search.asOf ? { asOf: search.asOf } : {}}
            data-testid={`report-link-${c.row.original.code}`}
          >
            {c.getValue() || c.row.original.code}
          </AnchorLink>
        ),
      }),
      helper.accessor('startDate', { ...label('reports.col.start'), cell: (c) => f.day(c.getValue()) }),
      helper.accessor('status', {
        ...label('reports.col.status'),
        cell: (c) => <EventStatusBadge status={c.getValue()} />,
      }),
      helper.accessor('participants', label('reports.col.participants')),
      helper.accessor('attended', label('reports.col.attended')),
      helper.accessor('absent', label('reports.col.absent')),
      helper.accessor('approvedHours', { ...label('reports.col.approvedHours'), cell: (c) => f.number(c.getValue()) }),
      helper.accessor('averageRating', {
        ...label('reports.col.rating'),
        cell: (c) => <RatingText rating={c.getValue()} />,
      }),
      helper.accessor('incidents', label('reports.col.incidents')),
    ]);
  }, [t, lang, f, search.asOf]);

  const s = summary.data;
  return (
    <PageFrame title={title}>
      <Filters key={panel.key} {...panel.props} />
      <AsOfNote day={search.asOf} testId="as-of-note" />
      <TitledSection titleId="reports-summary" title={t('reports.summary')} data-testid="reports-summary">
        {s ? (
          <Figures
            cols={6}
            figures={[
              { key: 'reports.fig.events', value: s.events, testId: 'summary-events' },
              { key: 'reports.fig.participants', value: s.participants, testId: 'summary-participants' },
              { key: 'reports.fig.attended', value: s.attended },
              { key: 'reports.fig.absent', value: s.absent },
              { key: 'reports.fig.released', value: s.released },
              { key: 'reports.fig.approvedHours', value: s.approvedHours, testId: 'summary-approved-hours' },
              { key: 'reports.fig.pendingHours', value: s.pendingHours },
              { key: 'reports.fig.rejectedHours', value: s.rejectedHours },
              { key: 'reports.fig.casesHandled', value: s.casesHandled },
              {
                key: 'reports.fig.averageRating',
                value: s.averageRating === null ? t('reports.noRating') : f.number(s.averageRating),
              },
              { key: 'reports.fig.incidents', value: s.incidents },
            ]}
          />
        ) : (
          <QueryState query={summary} />
        )}
        {canExportSummary && (
          <Group justify="flex-end" mt="sm">
            <ExportButton
              label={t('reports.exportSummary')}
              start={startEventReportsSummaryExport(search)}
              testId="export-summary"
            />
          </Group>
        )}
      </TitledSection>
      <DataGrid
        id="event-reports"
        caption={t('reports.caption')}
        columns={columns}
        query={list}
        {...exporting}
        emptyMessage={t('reports.empty')}
        paging={gridPaging(params, list, (p) => go({ ...search, ...p }))}
        rowProps={(r) => ({ 'data-testid': `report-row-${r.code}` })}
        testId="reports-grid"
      />
    </PageFrame>
  );
}
