// Tests only (vi.mock('./map/lazy.tsx', () => import('./map/standIns.ts'))): leaflet needs a real browser
// (tests/e2e/events-map.e2e.test.ts), so under happy-dom the map chunk is replaced by elements showing their input.
import { createElement } from 'react';

export const LazyEventsMap = ({ markers }: { markers: readonly { id: string }[] }) =>
  createElement('div', { 'data-testid': 'event-map', 'data-ids': markers.map((m) => m.id).join(',') });

export const LazyEventLocationMap = (p: { latitude: number; longitude: number; name: string }) =>
  createElement('div', { 'data-testid': 'event-location-map', 'data-at': `${p.latitude},${p.longitude}` });

export const LazyLocationPicker = (p: { latitude: number | null; longitude: number | null }) =>
  createElement('div', { 'data-testid': 'location-picker', 'data-at': `${p.latitude},${p.longitude}` });
