import { Checkbox, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import { exportUsersLog } from '../../../../api/contracts/exports.ts';
import { LOGIN_STATUSES, type LoginLogRow } from '../../../../api/contracts/users.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { DateRangeFilter, isDateRangeValid } from '../../components/DateRangeFilter.tsx';
import { useGridExport } from '../../components/ExportDialog.tsx';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { gridPaging } from '../../components/paging.ts';
import { dateRangeFilter } from '../../lib/filterFields.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { actorName } from '../review/index.ts';
import { startUsersLogExport, USERS_LOG_PAGE_SIZE, usersLogQuery } from './api.ts';
import type { UsersLogSearch } from './search.ts';
import { WhenCell } from './WhenCell.tsx';

const route = getRouteApi('/$lang/users-log');

const statusKey = (s: number) => `usersLog.status.${s}` as TranslationKey;

/** /$lang/users-log: every sign-in attempt (GetUsersLogReportData), filtered, paged, and exported (Excel or PDF). */
export function UsersLogPage() {
  const { t, title, lang } = useScreen('usersLog.title');
  const search = route.useSearch();
  const navigate = useNavigate();
  const log = useQuery({ ...usersLogQuery(search), placeholderData: keepPreviousData });
  const columns = useMemo(() => usersLogColumns(t, lang), [t, lang]);
  const exporting = useGridExport(exportUsersLog, startUsersLogExport(search));
  const go = (next: UsersLogSearch) => void navigate({ to: '/$lang/users-log', params: { lang }, search: next });

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Text>{t('usersLog.intro')}</Text>
      <DataGrid
        id="users-log"
        caption={t('usersLog.caption')}
        columns={columns}
        getRowId={(row) => `${row.at}-${row.userId ?? row.userName ?? ''}-${row.ip ?? ''}`}
        query={log}
        filters={<UsersLogFilters key={JSON.stringify(search)} initial={search} onApply={go} />}
        {...exporting}
        paging={{
          ...gridPaging({ page: search.page ?? 1, pageSize: USERS_LOG_PAGE_SIZE }, log, (p) =>
            go({ ...search, page: p.page > 1 ? p.page : undefined }),
          ),
          pageSizes: [USERS_LOG_PAGE_SIZE],
        }}
        rowProps={(row) => ({ 'data-testid': 'users-log-row', 'data-status': String(row.loginStatus) })}
        minWidth={900}
        testId="users-log"
        footer={
          log.data && (
            <Text size="sm" aria-live="polite" data-testid="users-log-total">
              {t('usersLog.total', { n: log.data.total })}
            </Text>
          )
        }
      />
    </Stack>
  );
}

const helper = gridColumnHelper<LoginLogRow>();

function usersLogColumns(t: TFunction, lang: Lang) {
  const header = (key: 'at' | 'user' | 'userName' | 'loginStatus' | 'ip' | 'userAgent') =>
    columnTitle(t(`usersLog.col.${key}`));
  return helper.columns([
    helper.accessor('at', {
      ...header('at'),
      cell: (info) => <WhenCell at={info.getValue()} lang={lang} t={t} />,
    }),
    helper.display({
      id: 'user',
      ...header('user'),
      cell: (info) => {
        const r = info.row.original;
        return r.userId
          ? actorName({ id: r.userId, nameAr: r.nameAr, nameEn: r.nameEn, roleId: null }, lang, t).name
          : '—';
      },
    }),
    helper.accessor('userName', {
      ...header('userName'),
      cell: (info) => <bdi dir="ltr">{info.getValue() ?? '—'}</bdi>,
    }),
    helper.accessor('loginStatus', { ...header('loginStatus'), cell: (info) => t(statusKey(info.getValue())) }),
    helper.accessor('ip', { ...header('ip'), cell: (info) => <bdi dir="ltr">{info.getValue() ?? '—'}</bdi> }),
    helper.accessor('userAgent', {
      ...header('userAgent'),
      cell: (info) => (
        <Text size="xs" dir="ltr" className="ltr-value" style={{ wordBreak: 'break-word' }}>
          {info.getValue() ?? '—'}
        </Text>
      ),
    }),
  ]);
}

function UsersLogFilters({ initial, onApply }: { initial: UsersLogSearch; onApply(f: UsersLogSearch): void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<UsersLogSearch>({ ...initial, page: undefined });
  const statuses = f.loginStatuses ? f.loginStatuses.split(',') : [];
  const textFilter = (key: 'ip' | 'userAgent', max: number) => (
    <TextInput
      label={t(`usersLog.${key}`)}
      value={f[key] ?? ''}
      maxLength={max}
      dir="ltr"
      data-testid={`users-log-${key}`}
      onChange={(e) => {
        const v = e.currentTarget.value.trim();
        setF((old) => ({ ...old, [key]: v === '' ? undefined : v }));
      }}
    />
  );
  return (
    <FilterPanel cols={4} valid={isDateRangeValid(f)} onSearch={() => onApply(f)} onClear={() => onApply({})}>
      <DateRangeFilter {...dateRangeFilter(f, setF)} />
      {textFilter('ip', 64)}
      {textFilter('userAgent', 200)}
      <Checkbox.Group
        label={t('usersLog.statuses')}
        value={statuses}
        onChange={(v) => setF((old) => ({ ...old, loginStatuses: v.length ? [...v].sort().join(',') : undefined }))}
        data-testid="users-log-statuses"
      >
        <Group gap="xs" mt={4}>
          {LOGIN_STATUSES.map((s) => (
            <Checkbox key={s} value={String(s)} label={t(statusKey(s))} size="xs" />
          ))}
        </Group>
      </Checkbox.Group>
    </FilterPanel>
  );
}
