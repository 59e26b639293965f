import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// Every map component is its own chunk with leaflet, its CSS and images: never in the first bundle.
const Events = lazy(() => import('./EventsLeafletMap.tsx').then((m) => ({ default: m.EventsLeafletMap })));
const Location = lazy(() => import('./EventLocationMap.tsx').then((m) => ({ default: m.EventLocationMap })));
const Picker = lazy(() => import('./LocationPicker.tsx').then((m) => ({ default: m.LocationPicker })));

function Loading({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <Center h={height} role="status">
      <Loader aria-hidden />
      <VisuallyHidden>{t('events.map.loading')}</VisuallyHidden>
    </Center>
  );
}

export function LazyEventsMap(props: ComponentProps<typeof Events>) {
  return (
    <Suspense fallback={<Loading height={420} />}>
      <Events {...props} />
    </Suspense>
  );
}

export function LazyEventLocationMap(props: ComponentProps<typeof Location>) {
  return (
    <Suspense fallback={<Loading height={300} />}>
      <Location {...props} />
    </Suspense>
  );
}

export function LazyLocationPicker(props: ComponentProps<typeof Picker>) {
  return (
    <Suspense fallback={<Loading height={320} />}>
      <Picker {...props} />
    </Suspense>
  );
}
