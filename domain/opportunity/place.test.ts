import { describe, expect, it } from 'vitest';
import { LookupSnapshot } from '../lookups/snapshot.ts';
import { CLIENTS } from '../shared/clients.ts';
import { DomainError } from '../shared/errors.ts';
import { decide, initialOpportunity } from './decide.ts';
import { type OpportunityDetails, placeIssues } from './rules.ts';

// An event's region, city and type (issue 11) against the master data: active lookups, the city in the region.
const row = (id: number, parentId: number | null = null, active = true) => ({
  id,
  nameAr: `ع${id}`,
  nameEn: `E${id}`,
  parentId,
  flags: {},
  active,
});
const lookups = new LookupSnapshot({
  region: [row(1), row(2), row(9, null, false)],
  city: [row(1, 1), row(4, 2), row(99, 1, false)],
  eventType: [row(5, 1), row(6, 1, false)],
});
const issues = (o: Parameters<typeof placeIssues>[0]) => placeIssues(o, lookups).map((i) => `${i.path}:${i.code}`);

describe('an event place and type (placeIssues)', () => {
  it('accepts none of them, or an active region, one of its cities and an active event type', () => {
    expect(issues({})).toEqual([]);
    expect(issues({ regionId: 1, cityId: 1, eventTypeId: 5 })).toEqual([]);
    expect(issues({ cityId: 4 })).toEqual([]);
  });
  it('refuses an unknown or inactive region or city with InvalidArea', () => {
    expect(issues({ regionId: 9 })).toEqual(['regionId:InvalidArea']);
    expect(issues({ regionId: 77 })).toEqual(['regionId:InvalidArea']);
    expect(issues({ regionId: 1, cityId: 99 })).toEqual(['cityId:InvalidArea']);
  });
  it('refuses a city of another region with CityNotInRegion', () => {
    expect(issues({ regionId: 1, cityId: 4 })).toEqual(['cityId:CityNotInRegion']);
  });
  it('refuses an unknown or inactive event type with InvalidEventType', () => {
    expect(issues({ eventTypeId: 6 })).toEqual(['eventTypeId:InvalidEventType']);
    expect(issues({ eventTypeId: 1234 })).toEqual(['eventTypeId:InvalidEventType']);
  });
});

describe('Create with the master data', () => {
  const NOW = new Date('2026-11-22T09:00:00.000Z');
  const details = (over: Partial<OpportunityDetails>): OpportunityDetails => ({
    code: 'EV-9',
    nameAr: 'فعالية',
    nameEn: 'Event',
    leadName: 'خالد',
    leadMobile: '0551234567',
    leadEmail: 'lead@example.org',
    visibility: 0,
    regionIds: [],
    cityIds: [],
    maxInvitations: 5,
    maxContributions: 2,
    startDate: '2026-11-26',
    endDate: '2026-11-30',
    gender: 3,
    timePeriod: 3,
    volunteeringDays: [0],
    attendanceType: 1,
    maxHours: 8,
    ...over,
  });
  const create = (over: Partial<OpportunityDetails>) =>
    decide({ type: 'Create', details: details(over), client: CLIENTS.MOH, lookups }, initialOpportunity(), NOW);

  it('records the region, city and type in OpportunityCreated', () => {
    const [e] = create({ regionId: 2, cityId: 4, eventTypeId: 5 });
    expect(e?.type).toBe('OpportunityCreated');
    expect(e?.data).toMatchObject({ details: { regionId: 2, cityId: 4, eventTypeId: 5 } });
  });
  it('writes no event for a city outside the region, answering the catalogue code', () => {
    let caught: unknown;
    try {
      create({ regionId: 1, cityId: 4 });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DomainError);
    expect((caught as DomainError).code).toBe('CityNotInRegion');
    expect((caught as DomainError).details).toEqual({ issues: [{ path: 'cityId', code: 'CityNotInRegion' }] });
  });
});
