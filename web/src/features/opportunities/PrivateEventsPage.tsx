import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { withoutPagingDefaults } from '../../lib/search-params.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { EventFilters } from './EventFilters.tsx';
import { EventList } from './EventList.tsx';
import { EventsNav } from './EventsNav.tsx';
import {
  eventsParams,
  PRIVATE_DEFAULT_PAGE_SIZE,
  PRIVATE_PAGE_SIZES,
  type PrivateEventsSearch,
  type PrivatePageSize,
  validatePrivateEventsSearch,
} from './search.ts';

/**
 * /$lang/events/private (spec: private events info): the restricted events open to the signed-in volunteer (her
 * region's, her city's, those she was invited to), with the lists' filter panel and 5, 10, 15 or 20 a page. The
 * router sends a visitor to sign in first.
 */
export function PrivateEventsPage() {
  const { t, title, lang } = useScreen('page.privateEvents');
  // Validated again here, as the public lists do (the router merges the raw search over the validated one).
  const search = validatePrivateEventsSearch(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const pageSize = search.pageSize ?? PRIVATE_DEFAULT_PAGE_SIZE;
  const params = eventsParams(search);
  const go = (next: PrivateEventsSearch) =>
    void navigate({
      to: '/$lang/events/private',
      params: { lang },
      search: withoutPagingDefaults(next, PRIVATE_DEFAULT_PAGE_SIZE),
    });
  const sized = search.pageSize ? { pageSize: search.pageSize } : {};

  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <EventsNav />
      <Text c="dimmed">{t('events.private.intro')}</Text>
      <EventFilters
        key={JSON.stringify(params)}
        initial={search}
        withStatus
        onApply={(f) => go({ ...f, ...sized })}
        onClear={() => go(sized)}
      />
      <Group justify="flex-end">
        <NativeSelect
          label={t('events.pageSize')}
          value={String(pageSize)}
          onChange={(e) => {
            const { page: _page, ...rest } = search;
            go({ ...rest, pageSize: Number(e.currentTarget.value) as PrivatePageSize });
          }}
          data={PRIVATE_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
          data-testid="events-page-size"
        />
      </Group>
      <EventList
        params={{ ...params, private: { pageSize } }}
        details="/$lang/events/private/$id"
        onPage={(page) => go({ ...search, page })}
      />
    </Stack>
  );
}
