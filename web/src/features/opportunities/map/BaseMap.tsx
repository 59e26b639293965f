// Loaded only in the map chunk (lazy.tsx): leaflet, its CSS, its marker images and the countries' outlines.
import 'leaflet/dist/leaflet.css';
import './map.css';
import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AttributionControl, GeoJSON, MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesUrl from 'world-atlas/countries-50m.json?url';
import { configQuery } from '../../session/index.ts';
import { MAP_MAX_ZOOM } from './points.ts';

/** Leaflet's own marker images, bundled with the chunk (never fetched from a CDN). */
export const markerIcon = L.icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  shadowSize: [41, 41],
});

/** ISO 3166 numeric code of Saudi Arabia in world-atlas. */
const SAUDI_ARABIA = '682';

/** The countries (world-atlas 1:50m), a static asset of its own, fetched once. */
const countriesQuery = {
  queryKey: ['map', 'countries'],
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const res = await fetch(countriesUrl, { signal });
    if (!res.ok) throw new Error(`countries: ${res.status}`);
    const topo = (await res.json()) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    return feature(topo, topo.objects.countries);
  },
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
};

const countryStyle = (f?: GeoJSON.Feature): L.PathOptions =>
  f?.id === SAUDI_ARABIA
    ? { color: '#0c6a4c', weight: 1.5, fillColor: '#d3eadf', fillOpacity: 1 }
    : { color: '#868e96', weight: 0.6, fillColor: '#f1f3f5', fillOpacity: 1 };

/** Offline base layer: the countries drawn as vectors (Saudi Arabia highlighted); no tile server needed. */
function Countries() {
  const countries = useQuery(countriesQuery);
  if (!countries.data) return null;
  return <GeoJSON data={countries.data} style={countryStyle} interactive={false} />;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The deployment's tiles (MAP_TILE_URL) over the countries, when it has any. */
function Tiles() {
  const config = useQuery(configQuery);
  const tiles = config.data?.mapTiles;
  if (!tiles) return null;
  return <TileLayer url={tiles.url} attribution={escapeHtml(tiles.attribution)} maxZoom={MAP_MAX_ZOOM} />;
}

/** Names the map's container (focusable for panning with the arrow keys) in the page's language. */
function ContainerLabel({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const el = map.getContainer();
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

export interface BaseMapProps {
  label: string;
  center: [number, number];
  zoom: number;
  bounds?: L.LatLngBoundsExpression | undefined;
  testId: string;
  height?: number | string;
  children?: ReactNode;
}

/**
 * A leaflet map, left to right whatever the page's direction (a map has no reading order), with zoom buttons
 * labelled in the page's language and the offline countries layer under optional tiles.
 */
export function BaseMap({ label, center, zoom, bounds, testId, height = 420, children }: BaseMapProps) {
  const { t } = useTranslation();
  return (
    <div dir="ltr" className="event-leaflet" data-testid={testId} style={{ blockSize: height }}>
      <MapContainer
        center={center}
        zoom={zoom}
        {...(bounds ? { bounds, boundsOptions: { padding: [40, 40], maxZoom: 12 } } : {})}
        maxZoom={MAP_MAX_ZOOM}
        minZoom={2}
        zoomControl={false}
        attributionControl={false}
        style={{ blockSize: '100%', inlineSize: '100%' }}
      >
        <ContainerLabel label={label} />
        <ZoomControl position="topleft" zoomInTitle={t('events.map.zoomIn')} zoomOutTitle={t('events.map.zoomOut')} />
        <AttributionControl position="bottomright" prefix={false} />
        <Countries />
        <Tiles />
        {children}
      </MapContainer>
    </div>
  );
}
