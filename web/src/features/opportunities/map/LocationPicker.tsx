import type L from 'leaflet';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { BaseMap, markerIcon } from './BaseMap.tsx';
import { DEFAULT_CENTER, DEFAULT_ZOOM } from './points.ts';

export interface LocationPickerProps {
  latitude: number | null;
  longitude: number | null;
  /** A place picked by a click on the map or by dragging the marker. */
  onPick(latitude: number, longitude: number): void;
}

function Picking({ latitude, longitude, onPick }: LocationPickerProps) {
  const { t } = useTranslation();
  const map = useMap();
  useMapEvents({ click: (e) => onPick(e.latlng.lat, e.latlng.lng) });
  const at: [number, number] | null = latitude !== null && longitude !== null ? [latitude, longitude] : null;
  // Typed coordinates bring the marker into view.
  useEffect(() => {
    if (at && !map.getBounds().contains(at)) map.setView(at, Math.max(map.getZoom(), 10), { animate: false });
  }, [map, at?.[0], at?.[1]]);
  if (!at) return null;
  const name = t('manage.map.marker');
  return (
    <Marker
      position={at}
      icon={markerIcon}
      alt={name}
      title={name}
      draggable
      eventHandlers={{
        dragend: (e) => {
          const p = (e.target as L.Marker).getLatLng();
          onPick(p.lat, p.lng);
        },
      }}
    />
  );
}

/** The event form's place: click the map or drag the marker; the latitude and longitude fields stay the keyboard way. */
export function LocationPicker(props: LocationPickerProps) {
  const { t } = useTranslation();
  const at: [number, number] | null =
    props.latitude !== null && props.longitude !== null ? [props.latitude, props.longitude] : null;
  return (
    <BaseMap
      label={t('manage.map.label')}
      center={at ?? DEFAULT_CENTER}
      zoom={at ? 10 : DEFAULT_ZOOM}
      testId="location-picker"
      height={320}
    >
      <Picking {...props} />
    </BaseMap>
  );
}
