import Supercluster from 'supercluster';
import type { MapMarker } from '../api.ts';

// The clustering input, kept apart from leaflet so it is tested without a browser.

/** Spec: at most 100 markers; clusters on a grid of 60 pixels, from 2 events, at any zoom the map shows. */
export const MAP_MAX_POINTS = 100;
export const CLUSTER_RADIUS = 60;
export const CLUSTER_MIN_POINTS = 2;
export const MAP_MAX_ZOOM = 18;

/** Default view (spec): near 24, 45, the whole kingdom in sight. */
export const DEFAULT_CENTER: [number, number] = [24, 45];
export const DEFAULT_ZOOM = 5;

export interface PointProps {
  id: string;
  nameAr: string;
  nameEn: string;
  status: number;
}
export type EventPoint = GeoJSON.Feature<GeoJSON.Point, PointProps>;

const onEarth = (lat: number, lng: number) =>
  Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;

/**
 * The events that become points: a real position on earth (0, 0 is "no place typed", not the Gulf of Guinea), each
 * event once, closed (3) and deleted (4) ones never (the server leaves them out already), at most 100.
 */
export function eventPoints(markers: readonly MapMarker[]): EventPoint[] {
  const seen = new Set<string>();
  const out: EventPoint[] = [];
  for (const m of markers) {
    if (out.length === MAP_MAX_POINTS) break;
    if (seen.has(m.id) || m.status === 3 || m.status === 4) continue;
    if (!onEarth(m.latitude, m.longitude) || (m.latitude === 0 && m.longitude === 0)) continue;
    seen.add(m.id);
    out.push({
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [m.longitude, m.latitude] },
      properties: { id: m.id, nameAr: m.nameAr, nameEn: m.nameEn, status: m.status },
    });
  }
  return out;
}

export type ClusterIndex = Supercluster<PointProps>;

export function clusterIndex(points: readonly EventPoint[]): ClusterIndex {
  const index = new Supercluster<PointProps>({
    radius: CLUSTER_RADIUS,
    minPoints: CLUSTER_MIN_POINTS,
    maxZoom: MAP_MAX_ZOOM,
  });
  index.load([...points]);
  return index;
}

/** The bounds [[south, west], [north, east]] of the points, null without any. */
export function boundsOf(points: readonly EventPoint[]): [[number, number], [number, number]] | null {
  if (points.length === 0) return null;
  const lats = points.map((p) => p.geometry.coordinates[1]!);
  const lngs = points.map((p) => p.geometry.coordinates[0]!);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

/** A coordinate typed in the form ('' or not a number: none), kept within its range. */
export function parseCoordinate(value: string, max: 90 | 180): number | null {
  if (value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= max ? n : null;
}

/** A picked coordinate as the form's text: six decimals (about 10 cm), no trailing zeros. */
export function formatCoordinate(n: number): string {
  return String(Number(n.toFixed(6)));
}
