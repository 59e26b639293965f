import { Badge, Paper, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../app/i18n/index.ts';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../../components/DataGrid.tsx';
import { Pager } from '../../../components/Pager.tsx';
import { PENDING_PAGE_SIZE, type PendingEvent, pendingEventsQuery } from '../api.ts';
import { eventIdentityColumns, eventLinkColumn } from './eventColumns.tsx';

const col = gridColumnHelper<PendingEvent>();

/** Events waiting for approval (new ones, and deletions to confirm), newest first; each opens its manage page. */
export function PendingEvents() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...pendingEventsQuery(page), placeholderData: keepPreviousData });

  const columns = useMemo(() => {
    const when = (iso: string) =>
      new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
    return col.columns([
      ...eventIdentityColumns<PendingEvent>(t, lang),
      col.accessor('approval', {
        ...columnTitle(t('pending.col.request')),
        cell: (info) => (
          <Badge variant="filled" color={info.getValue() === 'pendingDelete' ? 'red.9' : 'blue.9'}>
            {t(`events.approval.${info.getValue()}`)}
          </Badge>
        ),
      }),
      col.accessor('createdAt', {
        ...columnTitle(t('pending.col.created')),
        cell: (info) => when(info.getValue()),
      }),
      eventLinkColumn<PendingEvent>(t, lang, 'pending.review'),
    ]);
  }, [t, lang]);

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="pending-title">
      <Title order={2} size="h4" id="pending-title" mb="sm">
        {t('pending.title')}
        {query.data && query.data.total > 0 && (
          <Badge ms="xs" variant="filled" color="blue.9" data-testid="pending-total">
            {query.data.total}
          </Badge>
        )}
      </Title>
      {query.data?.rows.length === 0 ? (
        <Text c="dimmed" data-testid="pending-empty">
          {t('pending.empty')}
        </Text>
      ) : (
        <DataGrid
          id="pending-events"
          caption={t('pending.title')}
          columns={columns}
          query={query}
          rowProps={() => ({ 'data-testid': 'pending-row' })}
          columnChoice={false}
          minWidth={640}
          testId="pending-events"
          footer={
            query.data && (
              <Pager total={Math.ceil(query.data.total / PENDING_PAGE_SIZE)} value={page} onChange={setPage} />
            )
          }
        />
      )}
    </Paper>
  );
}
