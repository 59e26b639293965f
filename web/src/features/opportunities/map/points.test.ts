import { describe, expect, it } from 'vitest';
import type { MapMarker } from '../api.ts';
import { boundsOf, clusterIndex, eventPoints, formatCoordinate, parseCoordinate } from './points.ts';

const marker = (id: number, over: Partial<MapMarker> = {}): MapMarker => ({
  id: `e${id}`,
  nameAr: `فعالية ${id}`,
  nameEn: `Event ${id}`,
  latitude: 24.7,
  longitude: 46.6,
  status: 0,
  ...over,
});

describe('the map clustering input', () => {
  it('turns each located event into one GeoJSON point (longitude first)', () => {
    expect(eventPoints([marker(1, { latitude: 21.5, longitude: 39.2, status: 2 })])).toEqual([
      {
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [39.2, 21.5] },
        properties: { id: 'e1', nameAr: 'فعالية 1', nameEn: 'Event 1', status: 2 },
      },
    ]);
  });

  it('leaves out closed, deleted, repeated, off-earth and 0,0 events', () => {
    const ids = eventPoints([
      marker(1),
      marker(2, { status: 3 }),
      marker(3, { status: 4 }),
      marker(1),
      marker(4, { latitude: 91 }),
      marker(5, { longitude: -181 }),
      marker(6, { latitude: Number.NaN }),
      marker(7, { latitude: 0, longitude: 0 }),
      marker(8, { latitude: 0, longitude: 10 }),
    ]).map((p) => p.properties.id);
    expect(ids).toEqual(['e1', 'e8']);
  });

  it('keeps at most 100 points', () => {
    const many = Array.from({ length: 130 }, (_, i) => marker(i));
    const points = eventPoints(many);
    expect(points).toHaveLength(100);
    expect(points[99]!.properties.id).toBe('e99');
  });

  it('clusters two close events at a country zoom and splits them at a street zoom', () => {
    const index = clusterIndex(
      eventPoints([
        marker(1),
        marker(2, { latitude: 24.71, longitude: 46.61 }),
        marker(3, { latitude: 21.4, longitude: 39.8 }),
      ]),
    );
    const world: [number, number, number, number] = [-180, -85, 180, 85];
    const far = index.getClusters(world, 5);
    expect(far).toHaveLength(2);
    const cluster = far.find((f) => 'cluster' in f.properties);
    expect(cluster?.properties).toMatchObject({ cluster: true, point_count: 2 });
    expect(index.getClusters(world, 16).filter((f) => !('cluster' in f.properties))).toHaveLength(3);
  });

  it('bounds the points; none without points', () => {
    expect(boundsOf([])).toBeNull();
    expect(boundsOf(eventPoints([marker(1), marker(2, { latitude: 21.4, longitude: 39.8 })]))).toEqual([
      [21.4, 39.8],
      [24.7, 46.6],
    ]);
  });

  it('reads and writes the form coordinates', () => {
    expect(parseCoordinate('', 90)).toBeNull();
    expect(parseCoordinate('abc', 90)).toBeNull();
    expect(parseCoordinate('95', 90)).toBeNull();
    expect(parseCoordinate('24.5', 90)).toBe(24.5);
    expect(parseCoordinate('-120.25', 180)).toBe(-120.25);
    expect(formatCoordinate(24.123456789)).toBe('24.123457');
    expect(formatCoordinate(46.5)).toBe('46.5');
  });
});
