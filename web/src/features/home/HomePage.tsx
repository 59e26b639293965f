import { Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '../../../../api/contracts/session.ts';
import { AnchorLink, ButtonLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryError } from '../../components/QueryError.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import { homeCountersQuery, LatestNews, Slides } from '../content/index.ts';
import { eventName, formatIsoDay } from '../opportunities/index.ts';
import { useConfig } from '../session/index.ts';
import { SubscribeForm } from '../subscriptions/index.ts';
import { homeEventsQuery } from './api.ts';

type Section = 'slides' | 'counters' | 'news' | 'upcoming' | 'ongoing' | 'join' | 'subscribe';

/**
 * Each client's home (spec: the client code decides the home view): the same parts, in the order and with the
 * parts that client shows. The red-crescent home leads with its slides and news; the giga-project one shows no
 * counters.
 */
const HOME_VIEWS: Record<string, readonly Section[]> = {
  ministry: ['slides', 'counters', 'news', 'upcoming', 'ongoing', 'join', 'subscribe'],
  crescent: ['slides', 'news', 'upcoming', 'ongoing', 'counters', 'join', 'subscribe'],
  gigaproject: ['slides', 'upcoming', 'ongoing', 'news', 'join', 'subscribe'],
};

function Counters() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const counters = useQuery(homeCountersQuery());
  if (counters.isError) return <QueryError query={counters} />;
  const n = new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB');
  const items: [string, number | undefined][] = [
    [t('home.counter.volunteers'), counters.data?.volunteers],
    [t('home.counter.events'), counters.data?.events],
    [t('home.counter.hours'), counters.data?.hours],
  ];
  return (
    <SimpleGrid
      component="section"
      aria-label={t('home.counters')}
      cols={{ base: 1, sm: 3 }}
      data-testid="home-counters"
    >
      {items.map(([label, value]) => (
        <Paper key={label} withBorder p="md" radius="md" ta="center">
          <Text fz={32} fw={700} aria-busy={value === undefined}>
            {value === undefined ? '…' : n.format(value)}
          </Text>
          <Text>{label}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

function Events({ status }: { status: 0 | 2 }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const events = useQuery(homeEventsQuery(status));
  const id = `home-events-${status}`;
  return (
    <Stack component="section" aria-labelledby={id} gap="sm" data-testid={id}>
      <Title order={2} id={id}>
        {t(status === 0 ? 'home.upcoming' : 'home.ongoing')}
      </Title>
      {events.isError && <QueryError query={events} />}
      {events.data?.length === 0 && <Text c="dimmed">{t('home.noEvents')}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        {(events.data ?? []).map((e) => (
          <Card key={e.id} withBorder radius="md" component="article">
            <Title order={3} size="h5">
              <AnchorLink to="/$lang/events/$id" params={{ lang, id: e.id }}>
                {eventName(e, lang)}
              </AnchorLink>
            </Title>
            <Text size="sm" c="dimmed">
              {formatIsoDay(e.startDate, lang)} – {formatIsoDay(e.endDate, lang)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <ButtonLink
        to={status === 0 ? '/$lang/events' : '/$lang/events/ongoing'}
        params={{ lang }}
        variant="default"
        w="fit-content"
      >
        {t('home.allEvents')}
      </ButtonLink>
    </Stack>
  );
}

function Join() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text>{t('home.registerPrompt')}</Text>
          <ButtonLink to="/$lang/register" params={{ lang }}>
            {t('home.register')}
          </ButtonLink>
        </Stack>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack align="flex-start">
          <Text>{t('home.loginPrompt')}</Text>
          <ButtonLink to="/$lang/login" params={{ lang }} variant="default">
            {t('app.signIn')}
          </ButtonLink>
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

function Subscribe() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="home-subscribe">
      <Stack gap="xs">
        <Title order={2} id="home-subscribe" size="h3">
          {t('home.subscribe')}
        </Title>
        <SubscribeForm />
      </Stack>
    </Paper>
  );
}

const SECTIONS: Record<Section, () => ReactNode> = {
  slides: () => <Slides />,
  counters: () => <Counters />,
  news: () => <LatestNews />,
  upcoming: () => <Events status={0} />,
  ongoing: () => <Events status={2} />,
  join: () => <Join />,
  subscribe: () => <Subscribe />,
};

/** The public pages the home links to, below its sections. */
const MORE = [
  ['/$lang/news', 'page.news'],
  ['/$lang/media-center', 'page.mediaCenter'],
  ['/$lang/documents', 'page.documents'],
  ['/$lang/excellent-volunteers', 'page.excellentVolunteers'],
  ['/$lang/about', 'page.about'],
  ['/$lang/faq', 'page.faq'],
  ['/$lang/terms', 'page.terms'],
  ['/$lang/privacy', 'page.privacy'],
] as const;

/** The public home (spec: slides, latest news (4), upcoming and ongoing events (4 each), counters, the mail list). */
export function HomePage() {
  const { t, lang } = useScreen('page.home');
  const config = useConfig();
  const view = HOME_VIEWS[(config.data as PublicConfig | undefined)?.homeView ?? 'ministry'] ?? HOME_VIEWS.ministry!;
  return (
    <Stack mt="lg" gap="xl" data-testid={`home-${config.data?.homeView ?? 'ministry'}`}>
      <Stack gap={4}>
        <Title order={1}>{config.data?.clientName[lang] ?? t('app.name')}</Title>
        <Text size="lg">{t('home.intro')}</Text>
      </Stack>
      {config.isError && <QueryError query={config} />}
      {view.map((s) => (
        <Group key={s} display="block">
          {SECTIONS[s]()}
        </Group>
      ))}
      <Group gap="md" component="nav" aria-label={t('home.more')}>
        {MORE.map(([to, label]) => (
          <AnchorLink key={to} to={to} params={{ lang }}>
            {t(label)}
          </AnchorLink>
        ))}
      </Group>
    </Stack>
  );
}
