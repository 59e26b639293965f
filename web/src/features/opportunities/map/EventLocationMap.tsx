import { useTranslation } from 'react-i18next';
import { Marker } from 'react-leaflet';
import { BaseMap, markerIcon } from './BaseMap.tsx';

/** The event's place on its details page: one marker, the map centred on it. */
export function EventLocationMap({ latitude, longitude, name }: { latitude: number; longitude: number; name: string }) {
  const { t } = useTranslation();
  return (
    <BaseMap
      label={t('event.map.label', { name })}
      center={[latitude, longitude]}
      zoom={12}
      testId="event-location-map"
      height={300}
    >
      <Marker position={[latitude, longitude]} icon={markerIcon} alt={name} title={name} keyboard={false} />
    </BaseMap>
  );
}
