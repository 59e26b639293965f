import { Group, Stack, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { usePageTitle } from '../../app/usePageTitle.ts';
import { withoutPagingDefaults } from '../../lib/search-params.ts';
import { EventFilters } from './EventFilters.tsx';
import { EventList } from './EventList.tsx';
import { EventMap } from './EventMap.tsx';
import { EventsNav, EventsViewSwitch, useActiveEventsLabel } from './EventsNav.tsx';
import { type EventsSearch, eventsParams, validateEventsSearch, validateFixedStatusSearch } from './search.ts';

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
  const go = (next: EventsSearch) => void navigate({ to, params: { lang }, search: withoutPagingDefaults(next) });
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
        <EventList
          params={{ ...params, ...(status === undefined ? {} : { status }) }}
          details="/$lang/events/$id"
          onPage={(page) => go({ ...search, page })}
        />
      )}
    </Stack>
  );
}
