import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thenExpect, when } from '../../tests/support/http-spec.ts';
import { type Browser, eventDetails, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

let portal: TestPortal;
let admin: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const ADMIN = { user: 'admin', password: 'Admin@2026!' };
const volunteer = { user: 'volunteer1', password: 'Volunteer@2026!' };
const STAFF = '00000000-0000-4000-8000-000000000003';
const ADMIN_ID = '00000000-0000-4000-8000-000000000001';

let n = 0;
/** A valid new staff account (region 5 and its city Dammam, department 1), with a user name and e-mail of its own. */
const staffAccount = (over: object = {}) => {
  n++;
  return {
    userName: `staff_${n}_${Date.now() % 100000}`,
    password: 'Start@2026!',
    name: { ar: `موظف ${n}`, en: `Staff member ${n}` },
    email: `staff${n}.${Date.now() % 100000}@portal.localhost`,
    mobile: '0551234567',
    roleId: 2,
    departmentId: 1,
    regionIds: [5],
    cityIds: [11],
    ...over,
  };
};

async function create(over: object = {}) {
  const body = staffAccount(over);
  const res = await admin.post('/api/users', body);
  expect(res.statusCode, res.body).toBe(201);
  return { ...body, userId: res.json().userId as string, position: res.json().position as string };
}

const types = (events: { streamId: string; type: string }[], prefix: string) =>
  events.filter((e) => e.streamId.startsWith(prefix)).map((e) => e.type);

describe('creating staff accounts', () => {
  it('creates the account with its department and areas, claiming its e-mail and user name', async () => {
    const body = staffAccount({ roleId: 4 });
    const outcome = await when(portal, ADMIN, { method: 'POST', url: '/api/users', body });
    expect(outcome.res.statusCode, outcome.res.body).toBe(201);
    const userId = outcome.res.json().userId;
    expect(types(outcome.events, 'email-')).toEqual(['UniqueValueClaimed']);
    expect(types(outcome.events, 'username-')).toEqual(['UserNameReserved']);
    expect(types(outcome.events, `user-${userId}`)).toEqual(['AccountCreated', 'UserAreasAssigned']);
    expect(outcome.events.find((e) => e.type === 'AccountCreated')!.data).toMatchObject({
      roleId: 4,
      departmentId: 1,
      mobile: '0551234567',
      mustChangePassword: true,
    });
  });

  it('lets the new staff member sign in with her role and department (a password change is due first)', async () => {
    const s = await create({ roleId: 5, departmentId: 2 });
    const b = await signedIn(portal.app, s.userName, s.password);
    const session = (await b.get('/api/session')).json();
    expect(session.user).toMatchObject({ roleId: 5, departmentId: 2, mustChangePassword: true });
  });

  it('refuses a user name that is taken (409 UserNameAlreadyExists), writing nothing', async () => {
    const outcome = await when(portal, ADMIN, {
      method: 'POST',
      url: '/api/users',
      body: staffAccount({ userName: 'Staff' }),
    });
    thenExpect(outcome, { status: 409, body: { error: { code: 'UserNameAlreadyExists' } }, events: [] });
  });

  it('refuses an e-mail that is taken (409 EmailAlreadyExists), writing nothing', async () => {
    const outcome = await when(portal, ADMIN, {
      method: 'POST',
      url: '/api/users',
      body: staffAccount({ email: 'Volunteer1@portal.localhost' }),
    });
    thenExpect(outcome, { status: 409, body: { error: { code: 'EmailAlreadyExists' } }, events: [] });
  });

  it.each([
    ['a weak password', { password: 'start2026' }, 'WeakPassword'],
    ['the Volunteer role', { roleId: 1 }, 'InvalidRole'],
    ['an unknown city', { regionIds: [1], cityIds: [9999] }, 'InvalidArea'],
    ['an unknown department', { departmentId: 999 }, 'InvalidDepartment'],
  ])('refuses %s (422), writing nothing', async (_what, over, code) => {
    const outcome = await when(portal, ADMIN, { method: 'POST', url: '/api/users', body: staffAccount(over) });
    thenExpect(outcome, { status: 422, body: { error: { code } }, events: [] });
  });

  it('refuses a volunteer (403), writing nothing', async () => {
    const outcome = await when(portal, volunteer, { method: 'POST', url: '/api/users', body: staffAccount() });
    thenExpect(outcome, { status: 403, events: [] });
  });
});

describe('the users grid and detail', () => {
  it('searches by name, user name or e-mail and filters by role, department, region and status', async () => {
    const s = await create({ roleId: 6, departmentId: 3, regionIds: [7], cityIds: [] });
    const grid = async (q: string) =>
      (await admin.get(`/api/users?after=${encodeURIComponent(s.position)}&${q}`)).json();
    const ids = async (q: string) => (await grid(`pageSize=100&${q}`)).rows.map((r: { userId: string }) => r.userId);
    expect(await ids(`search=${s.userName.toUpperCase()}`)).toEqual([s.userId]);
    expect(await ids(`search=${encodeURIComponent(s.name.ar)}`)).toEqual([s.userId]);
    expect(await ids(`search=${encodeURIComponent(s.email)}`)).toEqual([s.userId]);
    expect(await ids('roleId=6&departmentId=3&regionId=7&status=active')).toEqual([s.userId]);
    expect(await ids('roleId=6&departmentId=3&status=inactive')).toEqual([]);
    expect(await ids('search=%25')).toEqual([]);
    const page = await grid('pageSize=10&sort=userName&dir=desc&page=1');
    expect(page.total).toBeGreaterThan(6);
    expect(page.rows).toHaveLength(Math.min(10, page.total));
    const names = page.rows.map((r: { userName: string }) => r.userName.toLowerCase());
    expect(names).toEqual([...names].sort().reverse());
  });

  it('shows one user, and answers 404 for nobody', async () => {
    const s = await create();
    const one = await admin.get(`/api/users/${s.userId}?after=${encodeURIComponent(s.position)}`);
    expect(one.json()).toMatchObject({ userName: s.userName, departmentId: 1, regionIds: [5], cityIds: [11] });
    expect((await admin.get('/api/users/10000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('editing, deactivating and reactivating', () => {
  it('edits the profile; a changed e-mail is claimed and the old one given back', async () => {
    const s = await create();
    const newEmail = `renamed.${s.email}`;
    const outcome = await when(portal, ADMIN, {
      method: 'PUT',
      url: `/api/users/${s.userId}`,
      body: { name: s.name, email: newEmail, mobile: '0559999999', roleId: 3 },
    });
    expect(outcome.res.statusCode, outcome.res.body).toBe(200);
    expect(types(outcome.events, `user-${s.userId}`)).toEqual(['UserEdited']);
    expect(outcome.events.filter((e) => e.streamId.startsWith('email-')).map((e) => [e.streamId, e.type])).toEqual([
      [`email-${newEmail}`, 'UniqueValueClaimed'],
      [`email-${s.email}`, 'UniqueValueReleased'],
    ]);
    // The old e-mail is free again.
    expect((await admin.post('/api/users', staffAccount({ email: s.email }))).statusCode).toBe(201);
  });

  it('refuses an e-mail another account holds, writing nothing', async () => {
    const s = await create();
    const outcome = await when(portal, ADMIN, {
      method: 'PUT',
      url: `/api/users/${s.userId}`,
      body: { name: s.name, email: 'volunteer1@portal.localhost', mobile: s.mobile, roleId: 2 },
    });
    thenExpect(outcome, { status: 409, body: { error: { code: 'EmailAlreadyExists' } }, events: [] });
  });

  it('deactivates: the user is signed out and refused at sign-in with DeactivatedUser (4); reactivated, she signs in', async () => {
    const s = await create();
    const own = await signedIn(portal.app, s.userName, s.password);
    const outcome = await when(portal, ADMIN, {
      method: 'POST',
      url: `/api/users/${s.userId}/deactivate`,
      body: { reason: 'left' },
    });
    thenExpect(outcome, { status: 200, events: [{ stream: `user-${s.userId}`, type: 'AccountDeactivated' }] });
    expect((await own.get('/api/session')).json().user).toBeNull();
    const refused = await own.login(s.userName, s.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'DeactivatedUser', details: { loginStatus: 4 } });

    expect((await admin.post(`/api/users/${s.userId}/reactivate`)).statusCode).toBe(200);
    expect((await own.login(s.userName, s.password)).statusCode).toBe(200);
  });

  it('refuses an administrator deactivating herself (409 CannotDeactivateSelf)', async () => {
    const outcome = await when(portal, ADMIN, { method: 'POST', url: `/api/users/${ADMIN_ID}/deactivate`, body: {} });
    thenExpect(outcome, { status: 409, body: { error: { code: 'CannotDeactivateSelf' } }, events: [] });
  });
});

describe('changing the department', () => {
  it('tells how many events move, refuses a stale number, then moves them with the user', async () => {
    const s = await create({ roleId: 3 });
    const owner = await signedIn(portal.app, s.userName, s.password);
    await owner.post('/api/session/change-password', {
      oldPassword: s.password,
      newPassword: 'Owner@2026!',
      confirmPassword: 'Owner@2026!',
    });
    const created: string[] = [];
    let position = '';
    for (let i = 0; i < 2; i++) {
      const res = await owner.post('/api/opportunities', eventDetails());
      expect(res.statusCode, res.body).toBe(201);
      created.push(res.json().opportunityId);
      position = res.json().position;
    }
    const impact = await admin.get(`/api/users/${s.userId}/department-impact?after=${encodeURIComponent(position)}`);
    expect(impact.json()).toEqual({ events: 2 });

    const stale = await when(portal, ADMIN, {
      method: 'POST',
      url: `/api/users/${s.userId}/department`,
      body: { departmentId: 2, confirmedEvents: 1 },
    });
    thenExpect(stale, { status: 409, body: { error: { code: 'DepartmentImpactChanged' } }, events: [] });

    const outcome = await when(portal, ADMIN, {
      method: 'POST',
      url: `/api/users/${s.userId}/department`,
      body: { departmentId: 2, confirmedEvents: 2 },
    });
    expect(outcome.res.statusCode, outcome.res.body).toBe(200);
    expect(outcome.events.find((e) => e.type === 'UserDepartmentChanged')!.data).toMatchObject({
      departmentId: 2,
      previous: 1,
      opportunityIds: [...created].sort(),
    });
    const moved = outcome.events.filter((e) => e.type === 'OpportunityDepartmentChanged');
    expect(moved.map((e) => e.streamId).sort()).toEqual(created.map((id) => `opportunity-${id}`).sort());
    expect(moved.map((e) => e.data)).toEqual([
      { ownerId: s.userId, departmentId: 2, previous: null },
      { ownerId: s.userId, departmentId: 2, previous: null },
    ]);
    const after = encodeURIComponent(outcome.res.json().position);
    expect((await admin.get(`/api/users/${s.userId}?after=${after}`)).json().departmentId).toBe(2);
  });
});

describe('areas and city volunteers', () => {
  it('assigns a staff member her regions and cities: one UserAreasAssigned on her account', async () => {
    const outcome = await when(portal, ADMIN, {
      method: 'POST',
      url: `/api/users/${STAFF}/areas`,
      body: { regionIds: [1], cityIds: [3] },
    });
    thenExpect(outcome, {
      status: 200,
      events: [{ stream: `user-${STAFF}`, type: 'UserAreasAssigned', data: { regionIds: [1], cityIds: [3] } }],
    });
  });

  it('refuses a volunteer, and writes nothing', async () => {
    const outcome = await when(portal, volunteer, {
      method: 'POST',
      url: `/api/users/${STAFF}/areas`,
      body: { regionIds: [1], cityIds: [] },
    });
    thenExpect(outcome, { status: 403, events: [] });
  });

  it("lists the approved volunteers of a staff member's areas, and limits her to them", async () => {
    const east = await create({ regionIds: [5], cityIds: [] });
    const riyadh = await create({ regionIds: [1], cityIds: [3] });
    const list = async (id: string) =>
      (await admin.get(`/api/users/${id}/city-volunteers?after=${encodeURIComponent(riyadh.position)}`)).json();
    const names = (await list(riyadh.userId)).rows.map((r: { nameEn: string }) => r.nameEn).sort();
    expect(names).toEqual([
      expect.stringMatching(/^Abdullah .*Alshammari$/),
      expect.stringMatching(/^Reem .*Aldosari$/),
    ]);
    expect(await list(east.userId)).toEqual({ rows: [], total: 0 });
    // Scope: the staff member of the east region sees none of Riyadh's applications; Riyadh's sees them.
    const approved = async (s: { userName: string; password: string }) =>
      (await (await signedIn(portal.app, s.userName, s.password)).get('/api/registrations?status=5')).statusCode;
    expect(await approved(east)).toBe(428);
    const eastBrowser = await signedIn(portal.app, east.userName, east.password);
    await eastBrowser.post('/api/session/change-password', {
      oldPassword: east.password,
      newPassword: 'East@2026!x',
      confirmPassword: 'East@2026!x',
    });
    expect((await eastBrowser.get('/api/registrations?status=5')).json().total).toBe(0);
  });

  it('reads the login log without writing anything', async () => {
    const outcome = await when(portal, ADMIN, { method: 'GET', url: '/api/users/login-log?pageSize=10' });
    thenExpect(outcome, { status: 200, events: [] });
  });
});
