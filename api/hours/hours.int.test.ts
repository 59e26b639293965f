import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/shared/roles.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const as = (user: string, password: string) => signedIn(portal.app, user, password);
const V1 = '00000000-0000-4000-8000-000000000004';

/** An approved event (made by `maker`) that volunteer1 joined and was accepted to, with one pending hours entry. */
async function eventWithHours(maker: Browser, admin: Browser, volunteer: Browser, day: number, over: object = {}) {
  const details = eventDetails({ startDate: inDays(day), endDate: inDays(day + 2), ...over });
  const created = await maker.post('/api/opportunities', details);
  expect(created.statusCode).toBe(201);
  const { opportunityId } = created.json();
  expect((await admin.post(`/api/opportunities/${opportunityId}/approve`)).statusCode).toBe(200);
  expect((await volunteer.post(`/api/opportunities/${opportunityId}/join`)).statusCode).toBe(200);
  expect((await admin.post(`/api/opportunities/${opportunityId}/participants/${V1}/accept`, {})).statusCode).toBe(200);
  const h = await admin.post(`/api/opportunities/${opportunityId}/participants/${V1}/hours`, {
    hours: 4,
    casesHandled: 3,
    checkIn: `${inDays(day)}T08:00:00Z`,
    checkOut: `${inDays(day)}T12:00:00Z`,
    rating: 4,
    review: '',
  });
  expect(h.statusCode).toBe(200);
  return { opportunityId, volunteerId: V1, hoursId: h.json().hoursId as string, position: h.json().position, details };
}

describe('the volunteer hours of every event, approved many at once', () => {
  it('lists the hours inside the staff scope, approves several across events, refuses one outside the scope and answers a second approval with its error', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const staff = await as('staff', 'Staff@2026!');
    const a = await eventWithHours(staff, admin, volunteer, 300);
    const b = await eventWithHours(staff, admin, volunteer, 310);
    // An event the admin restricts to the Makkah region once the hours are in: outside the staff member's Riyadh.
    const c = await eventWithHours(admin, admin, volunteer, 320);
    const moved = await admin.put(`/api/opportunities/${c.opportunityId}`, {
      ...c.details,
      visibility: 1,
      regionIds: [2],
    });
    expect(moved.statusCode).toBe(200);

    // The grid: staff see the two events of their scope, an admin every one.
    const staffGrid = (await staff.get(`/api/hours?after=${moved.json().position}&pageSize=50`)).json();
    expect(staffGrid.rows.map((r: { hoursId: string }) => r.hoursId).sort()).toEqual([a.hoursId, b.hoursId].sort());
    expect(staffGrid.total).toBe(2);
    expect(staffGrid.rows[0]).toMatchObject({ nameEn: 'Abdullah Alshammari', hours: 4, state: 'pending' });
    const adminGrid = (await admin.get('/api/hours?pageSize=50')).json();
    expect(adminGrid.total).toBe(3);
    // Filters: one event, a volunteer's name, check-in days; a page size outside the spec's is refused.
    expect((await admin.get(`/api/hours?opportunityId=${b.opportunityId}`)).json().rows).toEqual([
      expect.objectContaining({ hoursId: b.hoursId }),
    ]);
    expect((await admin.get('/api/hours?volunteer=nobody')).json().total).toBe(0);
    expect((await admin.get(`/api/hours?from=${inDays(305)}&to=${inDays(315)}`)).json().rows).toEqual([
      expect.objectContaining({ hoursId: b.hoursId }),
    ]);
    expect((await admin.get('/api/hours?sort=hours&dir=asc')).json().total).toBe(3);
    expect((await admin.get('/api/hours?pageSize=7')).statusCode).toBe(422);

    // Staff hold no Approve on volunteer hours by default: refused, until the super admin grants it.
    const items = [a, b, c].map(({ opportunityId, volunteerId, hoursId }) => ({ opportunityId, volunteerId, hoursId }));
    expect((await staff.post('/api/hours/approve', { decision: 'approve', items })).statusCode).toBe(403);
    const grant = { role: Role.Staff, screen: 'volunteerhours', actions: ['Approve'] };
    expect((await admin.post('/api/admin/permissions/grant', grant)).statusCode).toBe(200);
    try {
      const approver = await as('staff', 'Staff@2026!');
      const res = await approver.post('/api/hours/approve', { decision: 'approve', items });
      expect(res.statusCode).toBe(200);
      expect(res.json().results).toEqual([
        { hoursId: a.hoursId, result: 'approved' },
        { hoursId: b.hoursId, result: 'approved' },
        { hoursId: c.hoursId, result: 'NotFound' },
      ]);
      // Approving the same entry again answers the per-entry rule's error.
      const again = await approver.post('/api/hours/approve', { decision: 'reject', items: [items[0]] });
      expect(again.json()).toEqual({
        results: [{ hoursId: a.hoursId, result: 'InvalidStatusChange' }],
        position: null,
      });

      const approved = (await admin.get(`/api/hours?state=approved&after=${res.json().position}`)).json();
      expect(approved.rows.map((r: { hoursId: string }) => r.hoursId).sort()).toEqual([a.hoursId, b.hoursId].sort());
      const pending = (await admin.get('/api/hours')).json();
      expect(pending.rows).toEqual([expect.objectContaining({ hoursId: c.hoursId, state: 'pending' })]);
      // The volunteer's own events show the approved hours.
      const mine = (await volunteer.get(`/api/me/participations?after=${res.json().position}`)).json();
      expect(mine).toContainEqual(expect.objectContaining({ opportunityId: a.opportunityId, approvedHours: 4 }));
      // An admin rejects the remaining one; a volunteer is refused the screen.
      const rejected = await admin.post('/api/hours/approve', { decision: 'reject', items: [items[2]] });
      expect(rejected.json().results).toEqual([{ hoursId: c.hoursId, result: 'rejected' }]);
      expect((await volunteer.get('/api/hours')).statusCode).toBe(403);
    } finally {
      await admin.post('/api/admin/permissions/revoke', grant);
    }
  });
});
