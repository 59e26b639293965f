import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap, useMapEvents } from 'react-leaflet';
import { AnchorLink } from '../../../app/layout/links.tsx';
import { useLanguageStore } from '../../../app/stores/language.ts';
import type { MapMarker } from '../api.ts';
import { eventName } from '../format.ts';
import { BaseMap, markerIcon } from './BaseMap.tsx';
import { boundsOf, type ClusterIndex, clusterIndex, DEFAULT_CENTER, DEFAULT_ZOOM, eventPoints } from './points.ts';

type Box = [number, number, number, number];
const boxOf = (map: L.Map): Box => {
  const b = map.getBounds();
  return [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
};

/** Gives the marker's element a name screen readers read (a cluster is a div: no alt text), and a test id. */
const named = (name: string, testId: 'map-marker' | 'map-cluster') => ({
  add: (e: L.LeafletEvent) => {
    const el = (e.target as L.Marker).getElement();
    el?.setAttribute('aria-label', name);
    el?.setAttribute('data-testid', testId);
  },
});

/** One icon per cluster size: a new icon object would make leaflet replace the element (and lose its name). */
const clusterIcons = new Map<number, L.DivIcon>();
function clusterIcon(count: number): L.DivIcon {
  let icon = clusterIcons.get(count);
  if (!icon) {
    const size = count < 10 ? 36 : count < 50 ? 44 : 52;
    icon = L.divIcon({ html: `<span>${count}</span>`, className: 'event-cluster', iconSize: [size, size] });
    clusterIcons.set(count, icon);
  }
  return icon;
}

/**
 * A marker's popup: the event's name, status and link. Opening it (a click, or Enter on the marker) moves the focus to
 * the link, so Enter again opens the event; leaflet's close button gets a name in the page's language.
 */
function PopupBody({ id, name, status }: { id: string; name: string; status: number }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const close = link.current?.closest('.leaflet-popup')?.querySelector('.leaflet-popup-close-button');
    close?.setAttribute('aria-label', t('events.map.closePopup'));
    close?.setAttribute('title', t('events.map.closePopup'));
    link.current?.focus();
  }, [t]);
  return (
    <div dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang} data-testid="map-popup">
      <strong>{name}</strong>
      <br />
      <span>{t(status === 2 ? 'events.status.2' : 'events.status.0')}</span>
      <br />
      <AnchorLink ref={link} to="/$lang/events/$id" params={{ lang, id }}>
        {t('events.details')}
      </AnchorLink>
    </div>
  );
}

function Clusters({ index }: { index: ClusterIndex }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const map = useMap();
  const [view, setView] = useState(() => ({ box: boxOf(map), zoom: map.getZoom() }));
  useMapEvents({ moveend: () => setView({ box: boxOf(map), zoom: map.getZoom() }) });
  const features = index.getClusters(view.box, Math.round(view.zoom));
  return features.map((f) => {
    const [lng, lat] = f.geometry.coordinates as [number, number];
    if ('cluster' in f.properties && f.properties.cluster) {
      const id = f.properties.cluster_id as number;
      const count = f.properties.point_count as number;
      const name = t('events.map.cluster', { count });
      const open = () => {
        const fromKeyboard = document.activeElement?.classList.contains('event-cluster') ?? false;
        map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(id), 18), { animate: false });
        // Opened from the keyboard, the cluster is gone: the focus goes to the first marker or cluster now shown (once
        // react-leaflet has settled the markers, whose first elements it may replace).
        if (fromKeyboard)
          setTimeout(() => map.getPane('markerPane')?.querySelector<HTMLElement>('[tabindex="0"]')?.focus(), 0);
      };
      return (
        <Marker
          key={`c${id}`}
          position={[lat, lng]}
          title={name}
          icon={clusterIcon(count)}
          eventHandlers={{
            ...named(name, 'map-cluster'),
            click: open,
            keypress: (e: L.LeafletKeyboardEvent) => {
              if (e.originalEvent.key === 'Enter') open();
            },
          }}
        />
      );
    }
    const p = f.properties as { id: string; nameAr: string; nameEn: string; status: number };
    const name = eventName(p, lang);
    return (
      <Marker
        key={p.id}
        position={[lat, lng]}
        icon={markerIcon}
        alt={name}
        title={name}
        eventHandlers={named(name, 'map-marker')}
      >
        <Popup>
          <PopupBody id={p.id} name={name} status={p.status} />
        </Popup>
      </Marker>
    );
  });
}

/** The public events map: clustered markers (supercluster) over the offline base layer, fitted to the events. */
export function EventsLeafletMap({ markers }: { markers: readonly MapMarker[] }) {
  const { t } = useTranslation();
  const points = useMemo(() => eventPoints(markers), [markers]);
  const index = useMemo(() => clusterIndex(points), [points]);
  const bounds = boundsOf(points);
  return (
    <BaseMap
      key={points.map((p) => p.properties.id).join()}
      label={t('events.map.title')}
      center={DEFAULT_CENTER}
      zoom={DEFAULT_ZOOM}
      bounds={bounds ?? undefined}
      testId="event-map"
    >
      <Clusters index={index} />
    </BaseMap>
  );
}
