import { Center, Loader, VisuallyHidden } from '@mantine/core';
import { type ComponentType, lazy, Suspense } from 'react';
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

/** A map component that loads its chunk when first shown, a loader of the map's height standing in meanwhile. */
function lazyMap<P extends object>(Shown: ComponentType<P>, height: number) {
  return function LazyMap(props: P) {
    return (
      <Suspense fallback={<Loading height={height} />}>
        <Shown {...props} />
      </Suspense>
    );
  };
}

export const LazyEventsMap = lazyMap(Events, 420);
export const LazyEventLocationMap = lazyMap(Location, 300);
export const LazyLocationPicker = lazyMap(Picker, 320);
