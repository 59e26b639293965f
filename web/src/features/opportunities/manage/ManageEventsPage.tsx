import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../../../app/api.ts';
import { intlLocale } from '../../../app/i18n/index.ts';
import { AnchorLink } from '../../../app/layout/links.tsx';
import { Pager } from '../../../app/Pager.tsx';
import { usePermission } from '../../../app/permissions.ts';
import { QueryError } from '../../../app/QueryError.tsx';
import { useLanguageStore } from '../../../app/stores/language.ts';
import { usePageTitle } from '../../../app/usePageTitle.ts';
import { eventsQuery, PENDING_PAGE_SIZE, pendingEventsQuery } from '../api.ts';
import { useActiveEventsLabel } from '../EventsNav.tsx';
import { eventName, formatIsoDay, statusKey } from '../format.ts';
import { notifyDone } from '../notify.ts';
import { EVENTS_PAGE_SIZE } from '../search.ts';
import { EventForm } from './EventForm.tsx';

const CREATED_KEY = 'events.created';
interface Created {
  id: string;
  nameAr: string;
  nameEn: string;
}

/** Events created in this tab: drafts awaiting approval are not in the public list, so they are kept here. */
function readCreated(): Created[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(CREATED_KEY) ?? '[]');
    return Array.isArray(list) ? (list as Created[]).slice(0, 20) : [];
  } catch {
    return [];
  }
}
function rememberCreated(c: Created): void {
  try {
    sessionStorage.setItem(CREATED_KEY, JSON.stringify([c, ...readCreated().filter((x) => x.id !== c.id)]));
  } catch {
    // storage full or off: the list is a convenience only
  }
}

/** /$lang/events/manage: the events (as the public list has them) with a way into each, and "Create event". */
export function ManageEventsPage() {
  const { t } = useTranslation();
  const title = usePageTitle('page.manageEvents');
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const canAdd = usePermission('eventsadmin', 'Add');
  const activeLabel = useActiveEventsLabel();
  // Only a role that may approve asks for the pending list: the server answers anyone else 403 (and ends the session).
  const canApprove = usePermission('eventsadmin', 'Approve');
  const [creating, setCreating] = useState(false);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...eventsQuery({ page }), placeholderData: keepPreviousData });

  return (
    <Stack mt="lg" gap="md">
      <Group justify="space-between">
        <Title order={1}>{creating ? t('page.createEvent') : title}</Title>
        {canAdd && !creating && (
          <Button onClick={() => setCreating(true)} data-testid="create-event">
            {t('manage.create')}
          </Button>
        )}
      </Group>
      {canApprove && !creating && <PendingEvents />}
      {creating ? (
        <EventForm
          onCancel={() => setCreating(false)}
          onCreated={(id, names) => {
            rememberCreated({ id, ...names });
            notifyDone(t('manage.created'));
            void navigate({ to: '/$lang/events/manage/$id', params: { lang, id } });
          }}
        />
      ) : query.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={t('app.loading')} />
        </Center>
      ) : query.isError && !query.data ? (
        <Alert color="red" role="alert">
          {t(errorCode(query.error))}
        </Alert>
      ) : (
        <Stack gap="sm">
          <CreatedList />
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder data-testid="manage-events">
              <caption className="visually-hidden">{title}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('roster.col.name')}</Table.Th>
                  <Table.Th scope="col">{t('events.code')}</Table.Th>
                  <Table.Th scope="col">{t('event.dates')}</Table.Th>
                  <Table.Th scope="col">{t('events.filter.status')}</Table.Th>
                  <Table.Th scope="col">{t('roster.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center">
                        {t('events.empty')}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  query.data.rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>{eventName(row, lang)}</Table.Td>
                      <Table.Td>
                        <bdi dir="ltr">{row.code}</bdi>
                      </Table.Td>
                      <Table.Td>
                        {t('events.dates', {
                          start: formatIsoDay(row.startDate, lang),
                          end: formatIsoDay(row.endDate, lang),
                        })}
                      </Table.Td>
                      <Table.Td>
                        {/* Outline: the light variant with a shade colour paints its text the colour of its background. */}
                        <Badge variant="outline" color="brand.9">
                          {t(statusKey(row.status, activeLabel))}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <AnchorLink
                          to="/$lang/events/manage/$id"
                          params={{ lang, id: row.id }}
                          aria-label={`${t('manage.open')}: ${eventName(row, lang)}`}
                        >
                          {t('manage.open')}
                        </AnchorLink>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager total={Math.ceil(query.data.total / EVENTS_PAGE_SIZE)} value={page} onChange={setPage} />
        </Stack>
      )}
    </Stack>
  );
}

/** Events waiting for approval (new ones, and deletions to confirm), newest first; each opens its manage page. */
function PendingEvents() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [page, setPage] = useState(1);
  const query = useQuery({ ...pendingEventsQuery(page), placeholderData: keepPreviousData });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
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
      {query.isPending ? (
        <Center py="md">
          <Loader role="status" aria-label={t('app.loading')} size="sm" />
        </Center>
      ) : query.isError && !query.data ? (
        <QueryError query={query} />
      ) : query.data.rows.length === 0 ? (
        <Text c="dimmed" data-testid="pending-empty">
          {t('pending.empty')}
        </Text>
      ) : (
        <Stack gap="sm" aria-busy={query.isFetching}>
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder data-testid="pending-events">
              <caption className="visually-hidden">{t('pending.title')}</caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('roster.col.name')}</Table.Th>
                  <Table.Th scope="col">{t('events.code')}</Table.Th>
                  <Table.Th scope="col">{t('event.dates')}</Table.Th>
                  <Table.Th scope="col">{t('pending.col.request')}</Table.Th>
                  <Table.Th scope="col">{t('pending.col.created')}</Table.Th>
                  <Table.Th scope="col">{t('roster.col.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.rows.map((row) => (
                  <Table.Tr key={row.id} data-testid="pending-row">
                    <Table.Td>{eventName(row, lang)}</Table.Td>
                    <Table.Td>
                      <bdi dir="ltr">{row.code}</bdi>
                    </Table.Td>
                    <Table.Td>
                      {t('events.dates', {
                        start: formatIsoDay(row.startDate, lang),
                        end: formatIsoDay(row.endDate, lang),
                      })}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="filled" color={row.approval === 'pendingDelete' ? 'red.9' : 'blue.9'}>
                        {t(`events.approval.${row.approval}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{when(row.createdAt)}</Table.Td>
                    <Table.Td>
                      <AnchorLink
                        to="/$lang/events/manage/$id"
                        params={{ lang, id: row.id }}
                        aria-label={`${t('pending.review')}: ${eventName(row, lang)}`}
                      >
                        {t('pending.review')}
                      </AnchorLink>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Pager total={Math.ceil(query.data.total / PENDING_PAGE_SIZE)} value={page} onChange={setPage} />
        </Stack>
      )}
    </Paper>
  );
}

function CreatedList() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const created = readCreated();
  if (created.length === 0) return null;
  return (
    <section aria-labelledby="created-title">
      <Title order={2} size="h4" id="created-title" mb="xs">
        {t('manage.createdList')}
      </Title>
      <ul className="plain-list" data-testid="created-events">
        {created.map((c) => (
          <li key={c.id}>
            <AnchorLink to="/$lang/events/manage/$id" params={{ lang, id: c.id }}>
              {eventName(c, lang)}
            </AnchorLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
