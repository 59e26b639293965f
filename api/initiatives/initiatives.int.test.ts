import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventIdOf } from '../../commands/initiative/handlers.ts';
import { initiativeStream } from '../../domain/initiative/events.ts';
import { opportunityStream } from '../../domain/opportunity/decide.ts';
import {
  type Browser,
  eventDetails,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
} from '../../tests/support/portal.ts';

let portal: TestPortal;
let volunteer: Browser;
let volunteer2: Browser;
let staff: Browser;
let admin: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
  volunteer2 = await signedIn(portal.app, 'volunteer2', 'Volunteer@2026!');
  staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
});
afterAll(async () => {
  await portal?.close();
});

const events = (stream: string) => streamEvents(portal, stream);

const proposal = (over: object = {}) => ({
  name: 'حملة تشجير الحي',
  description: 'زراعة مئة شجرة في حديقة الحي',
  details: 'صباح السبت، تحضر البلدية الشتلات',
  regionId: 1,
  cityId: 2,
  location: 'حديقة الخرج العامة',
  latitude: 24.15,
  longitude: 47.3,
  ...over,
});

async function propose(b: Browser, over: object = {}) {
  const res = await b.post('/api/initiatives', proposal(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { position: string; initiativeId: string; code: string };
}

describe('proposing an initiative', () => {
  it('a volunteer proposes one: New, with its code, in their own list and the managers grid', async () => {
    const r = await propose(volunteer);
    expect(r.code).toMatch(/^IN-\d{4}-[0-9A-F]{8}$/);
    const mine = (await volunteer.get(`/api/me/initiatives?after=${r.position}`)).json();
    expect(mine.rows.map((x: { id: string }) => x.id)).toContain(r.initiativeId);
    const row = mine.rows.find((x: { id: string }) => x.id === r.initiativeId);
    expect(row).toMatchObject({ status: 0, regionId: 1, cityId: 2, latitude: 24.15, eventId: null });
    const grid = (await admin.get(`/api/initiatives?after=${r.position}&code=${r.code}`)).json();
    expect(grid.rows).toHaveLength(1);
    // Another volunteer's list does not hold it.
    const other = (await volunteer2.get(`/api/me/initiatives?after=${r.position}`)).json();
    expect(other.rows.map((x: { id: string }) => x.id)).not.toContain(r.initiativeId);
  });

  it('refuses a missing field, a city outside the region and a point off the globe, writing nothing', async () => {
    const before = await portal.runtime.store.lastPosition();
    for (const [over, code, status] of [
      [{ details: '' }, 'AllFieldsRequired', 422],
      [{ cityId: 5 }, 'LookupParentInvalid', 409],
      [{ latitude: 95 }, 'InvalidNumber', 422],
    ] as const) {
      const res = await volunteer.post('/api/initiatives', proposal(over));
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect(await portal.runtime.store.readAll({ after: before, limit: 10 })).toHaveLength(0);
  });

  it('a volunteer may not manage initiatives', async () => {
    expect((await volunteer.get('/api/initiatives')).statusCode).toBe(403);
  });

  it('filters the grid by name, status and year', async () => {
    const r = await propose(volunteer, { name: 'مبادرة فرز النفايات' });
    const year = new Date().getUTCFullYear();
    const byName = (await admin.get(`/api/initiatives?after=${r.position}&name=${encodeURIComponent('فرز')}`)).json();
    expect(byName.rows.map((x: { id: string }) => x.id)).toEqual([r.initiativeId]);
    const received = (await admin.get(`/api/initiatives?after=${r.position}&status=1`)).json();
    expect(received.rows.map((x: { id: string }) => x.id)).not.toContain(r.initiativeId);
    const thisYear = (await admin.get(`/api/initiatives?after=${r.position}&status=0&year=${year}`)).json();
    expect(thisYear.rows.map((x: { id: string }) => x.id)).toContain(r.initiativeId);
    expect((await admin.get(`/api/initiatives?year=${year - 1}`)).json().total).toBe(0);
  });
});

describe('deciding on an initiative', () => {
  it('approving turns it into a draft event (pending approval) and keeps the link; twice is refused', async () => {
    const r = await propose(volunteer);
    const body = eventDetails({ nameAr: 'حملة تشجير الحي', nameEn: 'Neighbourhood planting' });
    const res = await admin.post(`/api/initiatives/${r.initiativeId}/approve`, body);
    expect(res.statusCode, res.body).toBe(200);
    const { eventId, position } = res.json();
    expect(eventId).toBe(eventIdOf(r.initiativeId));
    const created = await events(opportunityStream(eventId));
    expect(created.map((e) => e.type)).toEqual(['OpportunityCreated']);
    const event = (await admin.get(`/api/opportunities/${eventId}?after=${position}`)).json();
    expect(event).toMatchObject({ nameAr: 'حملة تشجير الحي', approval: 'pending' });
    const row = (await admin.get(`/api/initiatives/${r.initiativeId}?after=${position}`)).json();
    expect(row).toMatchObject({ status: 1, eventId });
    const again = await admin.post(`/api/initiatives/${r.initiativeId}/approve`, body);
    expect(again.statusCode).toBe(200);
    expect(await events(opportunityStream(eventId))).toHaveLength(1);
    const reject = await admin.post(`/api/initiatives/${r.initiativeId}/reject`, { reason: 'late' });
    expect(reject.json().error.code).toBe('InvalidStatusChange');
  });

  it('an event the rules refuse creates nothing and leaves the initiative New', async () => {
    const r = await propose(volunteer);
    const res = await admin.post(`/api/initiatives/${r.initiativeId}/approve`, eventDetails({ leadMobile: '12' }));
    expect(res.statusCode).toBe(422);
    expect(await events(opportunityStream(eventIdOf(r.initiativeId)))).toHaveLength(0);
    expect((await events(initiativeStream(r.initiativeId))).map((e) => e.type)).toEqual(['InitiativeProposed']);
  });

  it('the draft event’s place and type are checked against the master data: a bad one creates nothing', async () => {
    const r = await propose(volunteer);
    for (const [over, code] of [
      [{ regionId: 1, cityId: 5 }, 'CityNotInRegion'],
      [{ regionId: 999 }, 'InvalidArea'],
      [{ eventTypeId: 4242 }, 'InvalidEventType'],
    ] as const) {
      const res = await admin.post(`/api/initiatives/${r.initiativeId}/approve`, eventDetails(over));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().error.code).toBe(code);
    }
    expect(await events(opportunityStream(eventIdOf(r.initiativeId)))).toHaveLength(0);
    expect((await events(initiativeStream(r.initiativeId))).map((e) => e.type)).toEqual(['InitiativeProposed']);
    // The same initiative with a city in its region becomes its draft event.
    const ok = await admin.post(`/api/initiatives/${r.initiativeId}/approve`, eventDetails({ regionId: 1, cityId: 1 }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await events(opportunityStream(eventIdOf(r.initiativeId)))).map((e) => e.type)).toEqual([
      'OpportunityCreated',
    ]);
  });

  it('rejecting needs a reason and records it', async () => {
    const r = await propose(volunteer);
    expect((await admin.post(`/api/initiatives/${r.initiativeId}/reject`, {})).json().error.code).toBe(
      'RejectReasonRequired',
    );
    const res = await admin.post(`/api/initiatives/${r.initiativeId}/reject`, { reason: 'مكررة' });
    expect(res.statusCode).toBe(200);
    const row = (await admin.get(`/api/initiatives/${r.initiativeId}?after=${res.json().position}`)).json();
    expect(row).toMatchObject({ status: 2, rejectReason: 'مكررة' });
  });

  it('staff see and decide only the initiatives of their regions', async () => {
    const inRiyadh = await propose(volunteer);
    const inMakkah = await propose(volunteer, { regionId: 2, cityId: 5 });
    const grid = (await staff.get(`/api/initiatives?after=${inMakkah.position}&pageSize=100`)).json();
    const ids = grid.rows.map((x: { id: string }) => x.id);
    expect(ids).toContain(inRiyadh.initiativeId);
    expect(ids).not.toContain(inMakkah.initiativeId);
    expect((await staff.get(`/api/initiatives/${inMakkah.initiativeId}`)).statusCode).toBe(404);
    const res = await staff.post(`/api/initiatives/${inMakkah.initiativeId}/reject`, { reason: 'x' });
    expect(res.statusCode).toBe(404);
  });
});
