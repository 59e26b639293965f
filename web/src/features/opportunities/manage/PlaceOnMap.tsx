import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazyLocationPicker } from '../map/lazy.tsx';
import { formatCoordinate, parseCoordinate } from '../map/points.ts';

/**
 * The event's place picked on the map, bound both ways to the latitude and longitude fields: a click or a drag writes
 * them, typing in them moves the marker. The fields stay the keyboard way to set the place.
 */
export function PlaceOnMap({
  latitude,
  longitude,
  onPick,
}: {
  latitude: string;
  longitude: string;
  onPick(latitude: string, longitude: string): void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} style={{ gridColumn: '1 / -1' }}>
      <Text size="sm" c="dimmed" id="event-place-hint">
        {t('manage.map.hint')}
      </Text>
      <LazyLocationPicker
        latitude={parseCoordinate(latitude, 90)}
        longitude={parseCoordinate(longitude, 180)}
        onPick={(lat, lng) => onPick(formatCoordinate(lat), formatCoordinate(wrapLongitude(lng)))}
      />
    </Stack>
  );
}

/** A click on a world copy east or west of the first one gives a longitude past ±180: bring it back. */
function wrapLongitude(lng: number): number {
  return ((((lng + 180) % 360) + 360) % 360) - 180;
}
