import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AnchorLink } from '../../app/layout/links.tsx';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { mapQuery } from './api.ts';
import { eventName, plotPoints } from './format.ts';
import { MAP_MAX } from './search.ts';

const W = 600;
const H = 400;

/**
 * The map view without tiles: each event with a location is a dot placed by latitude and longitude in a plain box,
 * a link reachable with the keyboard, and the same events listed under it. The server leaves out closed and remote
 * events and sends at most 100.
 */
export function EventMap() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  const query = useQuery(mapQuery);
  if (!query.data) return <QueryState query={query} />;
  const markers = query.data.slice(0, MAP_MAX);
  if (markers.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="lg" data-testid="map-empty">
        {t('events.map.empty')}
      </Text>
    );
  }
  const points = plotPoints(markers, W, H);
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="xs" className="event-map" dir="ltr">
        <svg
          viewBox={`0 0 ${W} ${H}`}
          style={{ inlineSize: '100%', blockSize: 'auto', display: 'block' }}
          data-testid="event-map"
        >
          <title>{t('events.map.title')}</title>
          <desc>{t('events.map.caption')}</desc>
          <rect x={0} y={0} width={W} height={H} fill="#eef6f2" stroke="#0c6a4c" strokeWidth={1} />
          {points.map((p) => {
            const name = eventName(p, lang);
            const href = `/${lang}/events/${p.id}`;
            return (
              <a
                key={p.id}
                href={href}
                aria-label={name}
                className="map-marker"
                data-testid="map-marker"
                onClick={(e) => {
                  e.preventDefault();
                  void navigate({ to: '/$lang/events/$id', params: { lang, id: p.id } });
                }}
              >
                <circle
                  cx={p.x}
                  cy={p.y}
                  r={9}
                  fill={p.status === 2 ? '#0c6a4c' : '#9c3d00'}
                  stroke="#fff"
                  strokeWidth={2}
                />
                <title>{name}</title>
              </a>
            );
          })}
        </svg>
      </Paper>
      <TitledSection titleId="map-list-title" title={t('events.map.list')}>
        <ul className="plain-list" data-testid="map-list">
          {markers.map((m) => (
            <li key={m.id}>
              <AnchorLink to="/$lang/events/$id" params={{ lang, id: m.id }}>
                {eventName(m, lang)}
              </AnchorLink>{' '}
              <Text span size="sm" c="dimmed">
                ({t(m.status === 2 ? 'events.status.2' : 'events.status.0')})
              </Text>
            </li>
          ))}
        </ul>
      </TitledSection>
    </Stack>
  );
}
