import { Button, Card, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { EventStatusBadge } from '../../components/badges.tsx';
import { Pager } from '../../components/Pager.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { lookupName, lookupsQuery } from '../registration/index.ts';
import { type EventListItem, eventsQuery } from './api.ts';
import { EventMap } from './EventMap.tsx';
import { EventsNav, EventsViewSwitch, useActiveEventsLabel } from './EventsNav.tsx';
import { eventName, formatIsoDay, statusKey } from './format.ts';
import {
  ATTENDANCE_TYPES,
  EVENT_STATUSES,
  EVENTS_PAGE_SIZE,
  type EventsSearch,
  eventsParams,
  validateEventsSearch,
  validateFixedStatusSearch,
} from './search.ts';

/** The events list pages: all statuses (with the map and the calendar), or one status fixed by the page. */
const LISTS = {
  all: { to: '/$lang/events', status: undefined },
  ongoing: { to: '/$lang/events/ongoing', status: 2 },
  closed: { to: '/$lang/events/closed', status: 3 },
} as const;
type ListKind = keyof typeof LISTS;

/** /$lang/events: approved events, 12 a page, filtered on the server; or the same events on a map. */
export function EventsPage() {
  return <EventsListPage kind="all" />;
}

/** /$lang/events/ongoing: the list of active events (status 2; "today's events" for the giga-project client). */
export function OngoingEventsPage() {
  return <EventsListPage kind="ongoing" />;
}

/** /$lang/events/closed: the list of closed events (status 3). */
export function ClosedEventsPage() {
  return <EventsListPage kind="closed" />;
}

function listTitleKey(kind: ListKind, activeLabel: 'EventStatusActive' | 'EventStatusToday'): TranslationKey {
  if (kind === 'ongoing') return activeLabel === 'EventStatusToday' ? 'page.todayEvents' : 'page.ongoingEvents';
  return kind === 'closed' ? 'page.closedEvents' : 'page.events';
}

function EventsListPage({ kind }: { kind: ListKind }) {
  const activeLabel = useActiveEventsLabel();
  const title = usePageTitle(listTitleKey(kind, activeLabel));
  const lang = useLanguageStore((s) => s.lang);
  // Validated again here: the router merges a route's validated search over the raw one, so a dropped key (a wrong
  // status, or any status on a fixed-status page) would come back.
  const raw = useSearch({ strict: false }) as Record<string, unknown>;
  const search = kind === 'all' ? validateEventsSearch(raw) : validateFixedStatusSearch(raw);
  const navigate = useNavigate();
  const { to, status } = LISTS[kind];
  const params = eventsParams(search);
  const go = (next: EventsSearch) => {
    const s: EventsSearch = { ...next };
    if (s.page === 1) delete s.page;
    void navigate({ to, params: { lang }, search: s });
  };
  const view = kind === 'all' ? (search.view ?? 'list') : 'list';

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <EventsNav />
      <EventFilters
        key={JSON.stringify(params)}
        initial={search}
        withStatus={status === undefined}
        onApply={(f) => go({ ...f, ...(search.view ? { view: search.view } : {}) })}
        onClear={() => go(search.view ? { view: search.view } : {})}
      />
      {kind === 'all' && (
        <Group justify="space-between">
          <EventsViewSwitch
            value={view}
            onList={(v) => {
              const { view: _old, ...rest } = search;
              go(v === 'map' ? { ...rest, view: 'map' } : rest);
            }}
          />
        </Group>
      )}
      {view === 'map' ? (
        <EventMap filters={params} />
      ) : (
        <EventList search={search} status={status} onPage={(page) => go({ ...search, page })} />
      )}
    </Stack>
  );
}

function EventList({
  search,
  status,
  onPage,
}: {
  search: EventsSearch;
  status: 2 | 3 | undefined;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  const params = { ...eventsParams(search), ...(status === undefined ? {} : { status }) };
  const query = useQuery({ ...eventsQuery(params), placeholderData: keepPreviousData });
  if (!query.data) return <QueryState query={query} />;
  const { rows, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / EVENTS_PAGE_SIZE));
  const from = total === 0 ? 0 : (params.page - 1) * EVENTS_PAGE_SIZE + 1;
  const to = Math.min(total, params.page * EVENTS_PAGE_SIZE);
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
              <EventCard row={row} />
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

function EventCard({ row }: { row: EventListItem }) {
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
          to="/$lang/events/$id"
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

type FilterValues = Omit<EventsSearch, 'page' | 'view'>;

function EventFilters({
  initial,
  withStatus,
  onApply,
  onClear,
}: {
  initial: EventsSearch;
  /** Off on the pages whose status is fixed. */
  withStatus: boolean;
  onApply(f: FilterValues): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const activeLabel = useActiveEventsLabel();
  const lookups = useQuery(lookupsQuery);
  const [f, setF] = useState<FilterValues>({
    status: initial.status,
    regionId: initial.regionId,
    cityId: initial.cityId,
    eventTypeId: initial.eventTypeId,
    attendanceType: initial.attendanceType,
    code: initial.code,
  });
  const all = { value: '', label: t('events.filter.all') };
  const num = (v: string) => (v === '' ? undefined : Number(v));
  const regions = lookups.data?.regions ?? [];
  const cities = (lookups.data?.cities ?? []).filter((c) => f.regionId === undefined || c.regionId === f.regionId);

  function submit(e: FormEvent) {
    e.preventDefault();
    const out: FilterValues = {};
    for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') (out as Record<string, unknown>)[k] = v;
    onApply(out);
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="events-filters-title">
      <form onSubmit={submit} noValidate>
        <Title order={2} size="h4" id="events-filters-title" mb="sm">
          {t('events.filters')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: withStatus ? 6 : 5 }} spacing="sm">
          {withStatus && (
            <NativeSelect
              label={t('events.filter.status')}
              value={f.status === undefined ? '' : String(f.status)}
              onChange={(e) => setF({ ...f, status: num(e.currentTarget.value) as 0 | 2 | 3 | undefined })}
              data={[all, ...EVENT_STATUSES.map((s) => ({ value: String(s), label: t(statusKey(s, activeLabel)) }))]}
            />
          )}
          <NativeSelect
            label={t('events.filter.region')}
            value={f.regionId === undefined ? '' : String(f.regionId)}
            onChange={(e) => setF({ ...f, regionId: num(e.currentTarget.value), cityId: undefined })}
            data={[all, ...regions.map((r) => ({ value: String(r.id), label: lookupName(r, lang) }))]}
          />
          <NativeSelect
            label={t('events.filter.city')}
            value={f.cityId === undefined ? '' : String(f.cityId)}
            onChange={(e) => setF({ ...f, cityId: num(e.currentTarget.value) })}
            data={[all, ...cities.map((c) => ({ value: String(c.id), label: lookupName(c, lang) }))]}
          />
          <NativeSelect
            label={t('events.filter.eventType')}
            value={f.eventTypeId === undefined ? '' : String(f.eventTypeId)}
            onChange={(e) => setF({ ...f, eventTypeId: num(e.currentTarget.value) })}
            data={[
              all,
              ...(lookups.data?.eventTypes ?? []).map((x) => ({ value: String(x.id), label: lookupName(x, lang) })),
            ]}
          />
          <NativeSelect
            label={t('events.filter.attendance')}
            value={f.attendanceType === undefined ? '' : String(f.attendanceType)}
            onChange={(e) => setF({ ...f, attendanceType: num(e.currentTarget.value) as 1 | 2 | 3 | undefined })}
            data={[all, ...ATTENDANCE_TYPES.map((a) => ({ value: String(a), label: t(`events.attendance.${a}`) }))]}
          />
          <TextInput
            label={t('events.filter.code')}
            value={f.code ?? ''}
            maxLength={30}
            dir="ltr"
            onChange={(e) => setF({ ...f, code: e.currentTarget.value.trim() || undefined })}
          />
        </SimpleGrid>
        <Group gap="sm" mt="md">
          <Button type="submit">{t('events.search')}</Button>
          <Button variant="default" onClick={onClear}>
            {t('events.clear')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
