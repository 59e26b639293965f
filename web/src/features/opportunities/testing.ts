// Tests only: the events lists' fixtures shared by the feature's component tests.
import type { EventListItem } from './api.ts';

/** An upcoming, located event of the lists, numbered `n` (its id, code and names), with any field changed. */
export function listItem(n: number, over: Partial<EventListItem> = {}): EventListItem {
  return {
    id: `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`,
    code: `EV-${n}`,
    nameAr: `فعالية ${n}`,
    nameEn: `Event ${n}`,
    status: 0,
    startDate: '2026-12-01',
    endDate: '2026-12-05',
    attendanceType: 1,
    latitude: 24.7,
    longitude: 46.7,
    seatsTaken: 1,
    maxContributions: 10,
    ...over,
  };
}
