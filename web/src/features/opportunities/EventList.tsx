import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { EventStatusBadge } from '../../components/badges.tsx';
import { Pager } from '../../components/Pager.tsx';
import { pageRange } from '../../components/paging.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { type EventListItem, type EventsListParams, eventsQuery } from './api.ts';
import { useActiveEventsLabel } from './EventsNav.tsx';
import { eventName, formatIsoDay, statusKey } from './format.ts';
import { EVENTS_PAGE_SIZE } from './search.ts';

/** Where an event card's details link goes: the public details page, or the private list's. */
export type EventDetailsRoute = '/$lang/events/$id' | '/$lang/events/private/$id';

/**
 * One page of an events list as cards, with its range and pager: the loader or the failure (QueryState) until the
 * first answer, the previous page while the next loads (aria-busy), and the empty state.
 */
export function EventList({
  params,
  details,
  onPage,
}: {
  params: EventsListParams;
  details: EventDetailsRoute;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  const query = useQuery({ ...eventsQuery(params), placeholderData: keepPreviousData });
  if (!query.data) return <QueryState query={query} />;
  const { rows, total } = query.data;
  const { from, to, pages } = pageRange(params.page, params.private?.pageSize ?? EVENTS_PAGE_SIZE, total);
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg" data-testid="events-empty">
          {t('events.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" className="plain-list">
          {rows.map((row) => (
            <li key={row.id}>
              <EventCard row={row} details={details} />
            </li>
          ))}
        </SimpleGrid>
      )}
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" aria-live="polite" data-testid="events-range">
          {t('events.range', { from, to, total })}
        </Text>
        <Pager total={pages} value={params.page} onChange={onPage} />
      </Group>
    </Stack>
  );
}

function EventCard({ row, details }: { row: EventListItem; details: EventDetailsRoute }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const activeLabel = useActiveEventsLabel();
  const name = eventName(row, lang);
  const headingId = `event-${row.id}`;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId} data-testid="event-card">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} size="h4" id={headingId}>
            {name}
          </Title>
          <EventStatusBadge status={row.status} label={t(statusKey(row.status, activeLabel))} />
        </Group>
        <Text size="sm">
          {t('events.code')}: <bdi dir="ltr">{row.code}</bdi>
        </Text>
        <Text size="sm">
          {t('events.dates', { start: formatIsoDay(row.startDate, lang), end: formatIsoDay(row.endDate, lang) })}
        </Text>
        <Text size="sm">{t(`events.attendance.${row.attendanceType as 1 | 2 | 3}`)}</Text>
        <Text size="sm" data-testid="event-seats">
          {t('events.seats', { taken: row.seatsTaken, max: row.maxContributions })}
        </Text>
        <ButtonLink
          to={details}
          params={{ lang, id: row.id }}
          variant="light"
          aria-label={`${t('events.details')}: ${name}`}
        >
          {t('events.details')}
        </ButtonLink>
      </Stack>
    </Card>
  );
}
