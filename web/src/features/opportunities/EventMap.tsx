import { Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/QueryState.tsx';
import { type MapFilters, mapQuery } from './api.ts';
import { EventLinks } from './EventLinks.tsx';
import { LazyEventsMap } from './map/lazy.tsx';
import { MAP_MAX } from './search.ts';

/**
 * The map view: the events matching the list's filters as clustered markers on a leaflet map (a lazy chunk), and the
 * same events listed under it (the way without a pointer). The server leaves out closed and remote events and sends
 * at most 100.
 */
export function EventMap({ filters = {} }: { filters?: MapFilters & { page?: number } }) {
  const { t } = useTranslation();
  const { page: _page, ...f } = filters;
  const query = useQuery({ ...mapQuery(f), placeholderData: keepPreviousData });
  if (!query.data) return <QueryState query={query} />;
  const markers = query.data.slice(0, MAP_MAX);
  if (markers.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="map-empty">
        {t('events.map.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="md" aria-busy={query.isFetching}>
      <Text size="sm" c="dimmed" id="event-map-caption">
        {t('events.map.caption')}
      </Text>
      <LazyEventsMap markers={markers} />
      <EventLinks
        titleId="map-list-title"
        title={t('events.map.list')}
        testId="map-list"
        events={markers}
        note={(m) => (
          <Text span size="sm" c="dimmed">
            ({t(m.status === 2 ? 'events.status.2' : 'events.status.0')})
          </Text>
        )}
      />
    </Stack>
  );
}
