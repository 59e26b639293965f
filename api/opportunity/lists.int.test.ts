import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPosition } from '../../projections/runner/status.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';
import { pendingOpportunities } from './lists.ts';

// The events calendar (public, by date range) and the approvers' list of pending events, through the API on a
// database of their own.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
  // The read model exists once its runner has caught up with the demo data.
  const head = await portal.runtime.store.lastPosition();
  expect(await waitForPosition(portal.runtime.db, ['opportunities', 'users'], head, 30_000)).toBe(true);
});
afterAll(async () => {
  await portal?.close();
});

const STAFF_ID = '00000000-0000-4000-8000-000000000002'; // demo staff: region 1 (Riyadh) only
const VOLUNTEER_ID = '00000000-0000-4000-8000-000000000004';

const details = (over: object = {}) =>
  eventDetails({
    nameAr: 'فعالية التقويم',
    nameEn: 'Calendar event',
    volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
    ...over,
  });

const as = (user: string, password: string) => signedIn(portal.app, user, password);
const visitor = () => visitorOn(portal.app);

/** Staff create an event; the position of the last command is kept for ?after=. */
let last = '';
async function create(staff: Browser, over: object = {}): Promise<string> {
  const res = await staff.post('/api/opportunities', details(over));
  expect(res.statusCode).toBe(201);
  last = res.json().position;
  return res.json().opportunityId;
}
async function command(b: Browser, path: string, body?: unknown) {
  const res = await b.post(path, body);
  expect(res.statusCode).toBe(200);
  last = res.json().position;
  return res.json();
}

describe('GET /api/opportunities/calendar', () => {
  it('answers the approved public events whose dates overlap the range, edges included, and nothing else', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const approved = async (over: object) => {
      const id = await create(staff, over);
      await command(admin, `/api/opportunities/${id}/approve`);
      return id;
    };
    // The range: 14 days, far enough out that no other test's event reaches it.
    const [from, to] = [inDays(200), inDays(213)];
    const inside = await approved({ startDate: inDays(202), endDate: inDays(204) });
    const endsOnFrom = await approved({ startDate: inDays(195), endDate: inDays(200) });
    const startsOnTo = await approved({ startDate: inDays(213), endDate: inDays(220) });
    const covers = await approved({ startDate: inDays(190), endDate: inDays(230) });
    const before = await approved({ startDate: inDays(190), endDate: inDays(199) });
    const after = await approved({ startDate: inDays(214), endDate: inDays(216) });
    const pending = await create(staff, { startDate: inDays(202), endDate: inDays(204) });
    const restricted = await approved({ startDate: inDays(202), endDate: inDays(204), visibility: 1, regionIds: [1] });
    const invitedOnly = await approved({ startDate: inDays(202), endDate: inDays(204), visibility: 3 });
    const deleted = await approved({ startDate: inDays(202), endDate: inDays(204) });
    await command(admin, `/api/opportunities/${deleted}/delete`, { reason: 'أُلغيت' });

    const res = await (await visitor()).get(`/api/opportunities/calendar?from=${from}&to=${to}&after=${last}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.truncated).toBe(false);
    // Ordered by start date.
    expect(body.rows.map((r: { id: string }) => r.id)).toEqual([covers, endsOnFrom, inside, startsOnTo]);
    expect(body.rows[2]).toEqual({
      id: inside,
      code: expect.stringMatching(/^EV-/),
      nameAr: 'فعالية التقويم',
      nameEn: 'Calendar event',
      status: 0,
      startDate: inDays(202),
      endDate: inDays(204),
      attendanceType: 1,
    });
    for (const hidden of [before, after, pending, restricted, invitedOnly, deleted])
      expect(body.rows.map((r: { id: string }) => r.id)).not.toContain(hidden);
  });

  it('refuses a range that is not real days, runs backwards or spans more than 42 days with InvalidDate (422)', async () => {
    const b = await visitor();
    const ask = (q: string) => b.get(`/api/opportunities/calendar?${q}`);
    const refused = async (q: string) => {
      const res = await ask(q);
      expect(res.statusCode).toBe(422);
      return res.json().error;
    };
    expect((await refused('from=2026-12-10&to=2026-12-09')).code).toBe('InvalidDate');
    const tooLong = await refused('from=2026-12-01&to=2027-01-12');
    expect(tooLong).toMatchObject({ code: 'InvalidDate', details: { field: 'to', maxDays: 42 } });
    // Days that do not exist are the query's primitives' refusal (api/contracts/primitives.ts), naming the field.
    expect(await refused('from=2027-02-30&to=2027-03-05')).toMatchObject({
      code: 'InvalidDate',
      details: { in: 'querystring', issues: [{ path: '/from' }] },
    });
    expect(await refused('from=2026-12-01&to=tomorrow')).toMatchObject({
      code: 'InvalidDate',
      details: { in: 'querystring', issues: [{ path: '/to' }] },
    });
    expect((await refused('from=2026-12-01')).code).toBe('ValidationFailed');
    // Six full weeks (42 days, both ends included) is the longest accepted range; one day is the shortest.
    expect((await ask('from=2026-12-01&to=2027-01-11')).statusCode).toBe(200);
    expect((await ask('from=2026-12-01&to=2026-12-01')).statusCode).toBe(200);
  });
});

describe('GET /api/opportunities/pending', () => {
  it('is refused to a volunteer and to staff without the approve right (403, session kept), and to a visitor (401)', async () => {
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const res = await volunteer.get('/api/opportunities/pending');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('Forbidden');
    // Only the session check ends a session: the 403 did not.
    expect((await volunteer.get('/api/session')).json().user).toMatchObject({ userName: 'volunteer1' });

    const staff = await as('staff', 'Staff@2026!');
    expect((await staff.get('/api/opportunities/pending')).json().error.code).toBe('Forbidden');

    const anonymous = await visitor();
    const res401 = await anonymous.get('/api/opportunities/pending');
    expect(res401.statusCode).toBe(401);
    expect(res401.json().error.code).toBe('Unauthorized');
  });

  it('pages the events waiting for approval newest first: new ones and deletions to confirm, not approved or deleted ones', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    // A deletion waiting for approval: an accepted volunteer holds a seat, so deleting needs an approver.
    const withSeat = await create(staff, { startDate: inDays(10), endDate: inDays(12) });
    await command(admin, `/api/opportunities/${withSeat}/approve`);
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    await command(volunteer, `/api/opportunities/${withSeat}/join`);
    await command(staff, `/api/opportunities/${withSeat}/participants/${VOLUNTEER_ID}/accept`, { confirmRaise: false });
    expect((await admin.post(`/api/opportunities/${withSeat}/delete`, { reason: 'تغيّر الموعد' })).json()).toMatchObject(
      { pendingApproval: true },
    );
    const approved = await create(staff);
    await command(admin, `/api/opportunities/${approved}/approve`);
    const deleted = await create(staff);
    await command(admin, `/api/opportunities/${deleted}/delete`, { reason: 'مكررة' });
    const created: string[] = [];
    for (let i = 0; i < 12; i++) created.push(await create(staff, { nameEn: `Pending ${i}` }));

    const all = (await admin.get(`/api/opportunities/pending?pageSize=1000&after=${last}`)).json();
    expect(all.total).toBe(all.rows.length);
    const ids = all.rows.map((r: { id: string }) => r.id);
    expect(ids.filter((id: string) => created.includes(id))).toEqual([...created].reverse());
    expect(ids).not.toContain(approved);
    expect(ids).not.toContain(deleted);
    expect(all.rows.find((r: { id: string }) => r.id === withSeat)).toMatchObject({
      approval: 'pendingDelete',
      startDate: inDays(10),
      endDate: inDays(12),
    });
    expect(all.rows.find((r: { id: string }) => r.id === created[11])).toMatchObject({
      approval: 'pending',
      nameEn: 'Pending 11',
      status: 0,
    });
    const times = all.rows.map((r: { createdAt: string }) => r.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const page1 = (await admin.get('/api/opportunities/pending?pageSize=10&page=1')).json();
    const page2 = (await admin.get('/api/opportunities/pending?pageSize=10&page=2')).json();
    expect(page1.total).toBe(all.total);
    expect(page1.rows).toEqual(all.rows.slice(0, 10));
    expect(page2.rows).toEqual(all.rows.slice(10, 20));
    // The spec's grid page sizes only.
    expect((await admin.get('/api/opportunities/pending?pageSize=7')).json().error.code).toBe('InvalidNumber');
  });

  it('shows staff only the events of their regions and cities; events naming no area concern everyone', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const inScope = [
      await create(staff, { nameEn: 'open to all' }),
      await create(staff, { nameEn: 'invited only', visibility: 3 }),
      await create(staff, { nameEn: 'Riyadh region', visibility: 1, regionIds: [1, 2] }),
      await create(staff, { nameEn: 'Al Kharj (Riyadh region)', visibility: 2, cityIds: [2] }),
    ];
    // Staff create events only for their own places: an admin made these.
    const outOfScope = [
      await create(admin, { nameEn: 'Makkah region', visibility: 1, regionIds: [2] }),
      await create(admin, { nameEn: 'Jeddah', visibility: 2, cityIds: [5, 11] }),
    ];
    const mine = [...inScope, ...outOfScope];

    // Staff hold no approve right by default, so the scope is checked on the query the route runs.
    await admin.get(`/api/opportunities/pending?after=${last}`);
    const asStaff = await pendingOpportunities(
      portal.runtime.db,
      { userId: STAFF_ID, roleId: 2 },
      1,
      1000,
      await portal.runtime.lookups.current(),
    );
    expect(asStaff.rows.map((r) => r.id).filter((id) => mine.includes(id))).toEqual([...inScope].reverse());
    expect(asStaff.total).toBe(asStaff.rows.length);

    // Admins are not scoped.
    const asAdmin = (await admin.get('/api/opportunities/pending?pageSize=1000')).json();
    expect(asAdmin.rows.map((r: { id: string }) => r.id).filter((id: string) => mine.includes(id))).toEqual(
      [...mine].reverse(),
    );
  });
});
