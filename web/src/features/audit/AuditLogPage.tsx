import { Alert, Button, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditPage, AuditRow } from '../../../../api/contracts/audit.ts';
import * as C from '../../../../api/contracts/audit.ts';
import type { Lang } from '../../../../api/contracts/common.ts';
import { exportAuditLog } from '../../../../api/contracts/exports.ts';
import { RECORD_TYPES } from '../../../../domain/record-kinds.ts';
import { errorCode } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { DateRangeFilter, isDateRangeValid } from '../../components/DateRangeFilter.tsx';
import { useGridExport } from '../../components/ExportDialog.tsx';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { call } from '../../lib/client.ts';
import { dateRangeFilter, textFilter } from '../../lib/filterFields.ts';
import { afterPosition } from '../../lib/readYourWrites.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { actionLabel, actorName, ChangesTable, translated } from '../review/index.ts';
import { ActorFilter } from './ActorFilter.tsx';
import { startAuditExport } from './api.ts';
import { type AuditSearch, auditQuery } from './search.ts';
import { WhenCell } from './WhenCell.tsx';

const route = getRouteApi('/$lang/audit-log');

export const AUDIT_PAGE_SIZE = 50;

/** Keyset paging: the first page, then each next one with before=<next> from the page before. */
export function auditLogQuery(filters: AuditSearch) {
  return {
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => {
      const query = auditQuery(filters, AUDIT_PAGE_SIZE, pageParam, afterPosition());
      return call(C.auditLog, { query }, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: AuditPage) => last.next,
  };
}

function recordTypeLabel(type: string, t: TFunction): string {
  return translated(`audit.recordType.${type}`, t) ?? type;
}

/** /$lang/audit-log: every change in the portal, newest first, filtered and paged by log position. */
export function AuditLogPage() {
  const { t, title, lang } = useScreen('page.auditLog');
  const filters = route.useSearch();
  const navigate = useNavigate();
  const log = useInfiniteQuery(auditLogQuery(filters));
  const exporting = useGridExport(exportAuditLog, startAuditExport(filters));
  const rows = log.data?.pages.flatMap((p) => p.rows);
  const columns = useMemo(() => auditColumns(t, lang), [t, lang]);

  return (
    <PageFrame title={title} intro={t('audit.intro')}>
      <Group>
        <AnchorLink to="/$lang/users-log" params={{ lang }} data-testid="users-log-link">
          {t('audit.usersLogLink')}
        </AnchorLink>
      </Group>
      <DataGrid
        id="audit-log"
        caption={t('audit.caption')}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.position}
        read={log}
        {...exporting}
        filters={
          <AuditFilters
            key={JSON.stringify(filters)}
            initial={filters}
            onApply={(f) => void navigate({ to: '/$lang/audit-log', params: { lang }, search: f })}
          />
        }
        rowProps={(row) => ({ 'data-testid': 'audit-row', 'data-action': row.action })}
        minWidth={1000}
        layout="fixed"
        striped={false}
        testId="audit-log"
        footer={
          rows && (
            <>
              <Group justify="space-between" gap="sm">
                <Text size="sm" aria-live="polite" data-testid="audit-count">
                  {t('audit.shown', { n: rows.length })}
                </Text>
                {log.hasNextPage ? (
                  <Button
                    variant="default"
                    onClick={() => void log.fetchNextPage()}
                    loading={log.isFetchingNextPage}
                    data-testid="audit-more"
                  >
                    {t('audit.loadMore')}
                  </Button>
                ) : (
                  rows.length > 0 && (
                    <Text size="sm" c="dimmed">
                      {t('audit.end')}
                    </Text>
                  )
                )}
              </Group>
              {log.isFetchNextPageError && (
                <Alert color="red" role="alert">
                  <Text size="sm">{t(errorCode(log.error))}</Text>
                </Alert>
              )}
            </>
          )
        }
      />
    </PageFrame>
  );
}

const helper = gridColumnHelper<AuditRow>();

function auditColumns(t: TFunction, lang: Lang) {
  return helper.columns([
    helper.accessor('at', {
      ...columnTitle(t('audit.col.when'), '15%'),
      cell: (info) => <WhenCell at={info.getValue()} lang={lang} t={t} />,
    }),
    helper.accessor('actor', {
      ...columnTitle(t('audit.col.who'), '12%'),
      cell: (info) => {
        const who = actorName(info.getValue(), lang, t);
        return (
          <>
            <Text size="sm" fw={600}>
              {who.name}
            </Text>
            {who.role && (
              <Text size="xs" c="dimmed">
                {who.role}
              </Text>
            )}
          </>
        );
      },
    }),
    helper.display({
      id: 'record',
      ...columnTitle(t('audit.col.record'), '14%'),
      cell: (info) => <RecordCell row={info.row.original} lang={lang} t={t} />,
    }),
    helper.accessor('action', {
      ...columnTitle(t('audit.col.action'), '11%'),
      cell: (info) => (
        <Text size="sm" fw={600}>
          {actionLabel(info.getValue(), t)}
        </Text>
      ),
    }),
    helper.accessor('changes', {
      ...columnTitle(t('audit.col.changes')),
      cell: (info) => (
        <ChangesTable
          changes={info.getValue()}
          caption={`${t('audit.col.changes')}: ${actionLabel(info.row.original.action, t)}`}
        />
      ),
    }),
  ]);
}

/** The record's type and id, the id linking to the record's own screen (or its history). */
function RecordCell({ row, lang, t }: { row: AuditRow; lang: Lang; t: TFunction }) {
  const link = row.link;
  const common = {
    size: 'xs',
    ff: 'monospace',
    dir: 'ltr',
    className: 'ltr-value',
    'aria-label': `${t('audit.openRecord')} ${row.recordId}`,
    'data-testid': 'audit-record-link',
  } as const;
  return (
    <>
      <Text size="sm">{recordTypeLabel(row.recordType, t)}</Text>
      {link.screen === 'registration' ? (
        <AnchorLink to="/$lang/registrations/$id" params={{ lang, id: link.id }} {...common}>
          {row.recordId}
        </AnchorLink>
      ) : link.screen === 'event' ? (
        <AnchorLink to="/$lang/events/manage/$id" params={{ lang, id: link.id }} {...common}>
          {row.recordId}
        </AnchorLink>
      ) : link.screen === 'history' ? (
        <AnchorLink to="/$lang/history/$kind/$id" params={{ lang, kind: link.kind, id: link.id }} {...common}>
          {row.recordId}
        </AnchorLink>
      ) : (
        <AnchorLink to="/$lang/users-log" params={{ lang }} {...common}>
          {row.recordId}
        </AnchorLink>
      )}
    </>
  );
}

function AuditFilters({ initial, onApply }: { initial: AuditSearch; onApply(f: AuditSearch): void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<AuditSearch>(initial);

  function search() {
    // Only the filters set, trimmed: an empty one stays out of the URL.
    const entries = Object.entries(f).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]);
    onApply(Object.fromEntries(entries.filter(([, v]) => v)) as AuditSearch);
  }

  return (
    <FilterPanel cols={5} valid={isDateRangeValid(f)} onSearch={search} onClear={() => onApply({})}>
      <ActorFilter
        name={f.actorName}
        onChange={(actor) => setF((old) => ({ ...old, actorId: actor?.id, actorName: actor?.name }))}
      />
      <NativeSelect
        label={t('audit.recordType')}
        value={f.recordType ?? ''}
        onChange={(e) => {
          const recordType = RECORD_TYPES.find((type) => type === e.currentTarget.value);
          setF((old) => ({ ...old, recordType }));
        }}
        data={[
          { value: '', label: t('review.filter.all') },
          ...RECORD_TYPES.map((type) => ({ value: type, label: recordTypeLabel(type, t) })),
        ]}
      />
      <TextInput label={t('audit.recordId')} {...textFilter(f, setF, 'recordId')} maxLength={200} dir="ltr" />
      <DateRangeFilter {...dateRangeFilter(f, setF)} fromLabel={t('audit.from')} toLabel={t('audit.to')} />
    </FilterPanel>
  );
}
