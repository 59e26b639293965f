import { SegmentedControl } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CLIENTS, DEFAULT_CLIENT } from '../../../../domain/shared/clients.ts';
import { NavLinks } from '../../app/layout/links.tsx';
import { eventsViewsMenu } from '../../app/layout/menu.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { configQuery } from '../session/index.ts';

/** How this client names status 2: "ongoing", or "today's events" (spec: the giga-project client). */
export function useActiveEventsLabel() {
  const config = useQuery(configQuery);
  return CLIENTS[config.data?.clientCode ?? DEFAULT_CLIENT].activeEventsLabelKey;
}

/** The events pages' menu: all events, ongoing, closed, calendar (and a volunteer's private events); the current page is marked. */
export function EventsNav() {
  const { t } = useTranslation();
  const links = eventsViewsMenu(
    useActiveEventsLabel(),
    useSessionStore((s) => s.user),
  );
  return (
    <nav aria-label={t('events.nav')}>
      <NavLinks links={links} />
    </nav>
  );
}

export type EventsView = 'list' | 'map' | 'calendar';

/** List, map or calendar of the public events; each is its own address. */
export function EventsViewSwitch({ value, onList }: { value: EventsView; onList?(view: 'list' | 'map'): void }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const navigate = useNavigate();
  return (
    <SegmentedControl
      aria-label={t('events.view')}
      value={value}
      onChange={(v) => {
        if (v === 'calendar') void navigate({ to: '/$lang/events/calendar', params: { lang } });
        else if (onList) onList(v as 'list' | 'map');
        else void navigate({ to: '/$lang/events', params: { lang }, search: v === 'map' ? { view: 'map' } : {} });
      }}
      data={[
        { value: 'list', label: t('events.view.list') },
        { value: 'map', label: t('events.view.map') },
        { value: 'calendar', label: t('events.view.calendar') },
      ]}
      data-testid="view-toggle"
    />
  );
}
