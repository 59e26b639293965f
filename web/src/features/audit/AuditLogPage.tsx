import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Actor } from '../../../../api/contracts/common.ts';
import { api, errorCode } from '../../app/api.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { QueryError } from '../../app/QueryError.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { lastReviewPosition } from '../review/api.ts';
import { ChangesTable } from '../review/ChangesTable.tsx';
import { actionLabel, translated } from '../review/changes.ts';
import { actorName, formatWhen } from '../review/format.ts';
import { type AuditSearch, auditQueryString } from './search.ts';

const route = getRouteApi('/$lang/audit-log');

export const AUDIT_PAGE_SIZE = 50;
const RECORD_TYPES = ['registration', 'user', 'username', 'loginlog'] as const;

const AuditRow = z.object({
  position: z.string(),
  at: z.string(),
  actor: Actor,
  recordType: z.string(),
  recordId: z.string(),
  action: z.string(),
  changes: z.array(z.object({ field: z.string(), from: z.unknown(), to: z.unknown() })),
  correlationId: z.string().nullable(),
});
type AuditRow = z.infer<typeof AuditRow>;
const AuditPage = z.object({ rows: z.array(AuditRow), next: z.string().nullable() });

/** Keyset paging: the first page, then each next one with before=<next> from the page before. */
export function auditLogQuery(filters: AuditSearch) {
  return {
    queryKey: ['audit', filters] as const,
    queryFn: ({ pageParam, signal }: { pageParam: string | null; signal: AbortSignal }) => {
      const qs = auditQueryString(filters, AUDIT_PAGE_SIZE, pageParam, lastReviewPosition() ?? undefined);
      return api(`/api/audit-log?${qs}`, { schema: AuditPage, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last: z.infer<typeof AuditPage>) => last.next,
  };
}

function recordTypeLabel(type: string, t: TFunction): string {
  return translated(`audit.recordType.${type}`, t) ?? type;
}

/** /$lang/audit-log: every change in the portal, newest first, filtered and paged by log position. */
export function AuditLogPage() {
  const { t } = useTranslation();
  const title = usePageTitle('page.auditLog');
  const lang = useLanguageStore((s) => s.lang);
  const filters = route.useSearch();
  const navigate = useNavigate();
  const log = useInfiniteQuery(auditLogQuery(filters));
  const rows = log.data?.pages.flatMap((p) => p.rows) ?? [];

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Text>{t('audit.intro')}</Text>
      <AuditFilters
        key={JSON.stringify(filters)}
        initial={filters}
        onApply={(f) => void navigate({ to: '/$lang/audit-log', params: { lang }, search: f })}
      />
      {log.isError && !log.data ? (
        <QueryError query={log} />
      ) : (
        <>
          <Table.ScrollContainer
            minWidth={1000}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.caption') } }}
          >
            <Table
              withTableBorder
              layout="fixed"
              verticalSpacing="sm"
              aria-busy={log.isFetching}
              data-testid="audit-log"
            >
              <caption className="visually-hidden">{t('audit.caption')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col" w="15%">
                    {t('audit.col.when')}
                  </Table.Th>
                  <Table.Th scope="col" w="12%">
                    {t('audit.col.who')}
                  </Table.Th>
                  <Table.Th scope="col" w="14%">
                    {t('audit.col.record')}
                  </Table.Th>
                  <Table.Th scope="col" w="11%">
                    {t('audit.col.action')}
                  </Table.Th>
                  <Table.Th scope="col">{t('audit.col.changes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {log.isPending ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Center py="xl">
                        <Loader role="status" aria-label={t('app.loading')} />
                      </Center>
                    </Table.Td>
                  </Table.Tr>
                ) : rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text ta="center" py="lg" c="dimmed">
                        {t('NoRecordsFound')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((row) => <AuditRowView key={row.position} row={row} />)
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
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
              log.data &&
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
      )}
    </Stack>
  );
}

function AuditRowView({ row }: { row: AuditRow }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const when = formatWhen(row.at, lang, t);
  const who = actorName(row.actor, lang, t);
  const action = actionLabel(row.action, t);
  return (
    <Table.Tr data-testid="audit-row" data-action={row.action}>
      <Table.Td>
        <Text size="sm">
          <time dateTime={row.at}>{when.main}</time>
        </Text>
        {when.hijri && (
          <Text size="xs" c="dimmed">
            {when.hijri}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {who.name}
        </Text>
        {who.role && (
          <Text size="xs" c="dimmed">
            {who.role}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{recordTypeLabel(row.recordType, t)}</Text>
        {row.recordType === 'registration' && /^[0-9a-f-]{36}$/.test(row.recordId) ? (
          <AnchorLink
            to="/$lang/registrations/$id"
            params={{ lang, id: row.recordId }}
            size="xs"
            ff="monospace"
            dir="ltr"
            className="ltr-value"
            aria-label={`${t('audit.openRecord')} ${row.recordId}`}
          >
            {row.recordId}
          </AnchorLink>
        ) : (
          <Text size="xs" ff="monospace" c="dimmed" dir="ltr" className="ltr-value">
            {row.recordId}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {action}
        </Text>
      </Table.Td>
      <Table.Td>
        <ChangesTable changes={row.changes} caption={`${t('audit.col.changes')}: ${action}`} />
      </Table.Td>
    </Table.Tr>
  );
}

function AuditFilters({ initial, onApply }: { initial: AuditSearch; onApply(f: AuditSearch): void }) {
  const { t } = useTranslation();
  const [f, setF] = useState<AuditSearch>(initial);
  const set = (k: keyof AuditSearch, v: string) => setF((old) => ({ ...old, [k]: v.trim() === '' ? undefined : v }));
  const known = (RECORD_TYPES as readonly string[]).includes(f.recordType ?? '');

  function submit(e: FormEvent) {
    e.preventDefault();
    const out: AuditSearch = {};
    for (const [k, v] of Object.entries(f) as [keyof AuditSearch, string | undefined][])
      if (v?.trim()) out[k] = v.trim();
    onApply(out);
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="audit-filters-title">
      <form onSubmit={submit} noValidate>
        <Title order={2} size="h4" id="audit-filters-title" mb="sm">
          {t('review.filters')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm">
          <TextInput
            label={t('audit.actorId')}
            value={f.actorId ?? ''}
            maxLength={40}
            dir="ltr"
            onChange={(e) => set('actorId', e.currentTarget.value)}
          />
          <NativeSelect
            label={t('audit.recordType')}
            value={f.recordType ?? ''}
            onChange={(e) => set('recordType', e.currentTarget.value)}
            data={[
              { value: '', label: t('review.filter.all') },
              ...RECORD_TYPES.map((type) => ({ value: type, label: recordTypeLabel(type, t) })),
              ...(f.recordType && !known ? [{ value: f.recordType, label: f.recordType }] : []),
            ]}
          />
          <TextInput
            label={t('audit.recordId')}
            value={f.recordId ?? ''}
            maxLength={200}
            dir="ltr"
            onChange={(e) => set('recordId', e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('audit.from')}
            value={f.from ?? ''}
            max={f.to}
            onChange={(e) => set('from', e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label={t('audit.to')}
            value={f.to ?? ''}
            min={f.from}
            onChange={(e) => set('to', e.currentTarget.value)}
          />
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit">{t('review.search')}</Button>
          <Button variant="default" onClick={() => onApply({})}>
            {t('review.clear')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
