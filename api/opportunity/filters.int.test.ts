import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPosition } from '../../projections/runner/status.ts';
import {
  eventDetails,
  inDays,
  mailsTo,
  signedIn,
  startTestPortal,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';

// Issue 11: the events lists' region and city filters narrow to the events of that place (they returned every event),
// the event's place is checked against the master data, and an approver rejects an event with a reason.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
  const head = await portal.runtime.store.lastPosition();
  expect(await waitForPosition(portal.runtime.db, ['opportunities', 'users'], head, 30_000)).toBe(true);
});
afterAll(async () => {
  await portal?.close();
});

let last = '';
const ids = (body: { rows: { id: string }[] }) => body.rows.map((r) => r.id).sort();

/** Creates and approves an event starting `startIn` days out (located, for the map), and keeps the approval's position. */
const approvedBy =
  (admin: Awaited<ReturnType<typeof signedIn>>, startIn: number) =>
  async (code: string, over: object): Promise<string> => {
    const res = await admin.post(
      '/api/opportunities',
      eventDetails({
        code,
        startDate: inDays(startIn),
        endDate: inDays(startIn + 5),
        latitude: 24.7,
        longitude: 46.7,
        ...over,
      }),
    );
    expect(res.statusCode).toBe(201);
    const id: string = res.json().opportunityId;
    const ok = await admin.post(`/api/opportunities/${id}/approve`);
    expect(ok.statusCode).toBe(200);
    last = ok.json().position;
    return id;
  };

describe('events lists: filters by place', () => {
  it('narrows the public list to the events of the region, the city, and both', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    // A code of its own, so the other events in this database never match.
    const approved = approvedBy(admin, 40);
    const riyadh = await approved('FLT-1', { regionId: 1, cityId: 1 });
    const kharj = await approved('FLT-2', { regionId: 1, cityId: 2 });
    const jeddah = await approved('FLT-3', { regionId: 2, cityId: 5 });
    const nowhere = await approved('FLT-4', {});

    const v = await visitorOn(portal.app);
    const list = async (q: string) => {
      const res = await v.get(`/api/opportunities?pageSize=20&after=${last}&${q}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };
    const mine = [riyadh, kharj, jeddah, nowhere];
    const only = (body: { rows: { id: string }[] }) => ids(body).filter((id) => mine.includes(id));
    expect(only(await list('regionId=1'))).toEqual([riyadh, kharj].sort());
    expect(only(await list('regionId=2'))).toEqual([jeddah]);
    expect(only(await list('cityId=2'))).toEqual([kharj]);
    expect(only(await list('regionId=1&cityId=5'))).toEqual([]);
    expect(only(await list('regionId=3'))).toEqual([]);
    // Without a place filter all four are listed.
    expect(only(await list(''))).toEqual(mine.slice().sort());
  });

  it('narrows by the group (new), presence, time period, day and code, alone and together', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const approved = approvedBy(admin, 50);
    const a = await approved('GRP-A', { workFieldGroupId: 7, attendanceType: 1, timePeriod: 1, volunteeringDays: [0] });
    const b = await approved('GRP-B', { workFieldGroupId: 8, attendanceType: 2, timePeriod: 2, volunteeringDays: [3] });
    const c = await approved('GRP-C', { attendanceType: 3, timePeriod: 3, volunteeringDays: [0, 3] });
    const mine = [a, b, c];
    const v = await visitorOn(portal.app);
    const list = async (q: string) => {
      const res = await v.get(`/api/opportunities?pageSize=20&after=${last}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res.json()).filter((id) => mine.includes(id));
    };
    expect(await list('workFieldGroupId=7')).toEqual([a]);
    expect(await list('workFieldGroupId=8')).toEqual([b]);
    expect(await list('workFieldGroupId=9')).toEqual([]);
    expect(await list('attendanceType=2')).toEqual([b]);
    expect(await list('day=3')).toEqual([b, c].sort());
    // A morning event, and one of both periods (3), match the morning.
    expect(await list('timePeriod=1')).toEqual([a, c].sort());
    expect(await list('code=GRP-C')).toEqual([c]);
    expect(await list('workFieldGroupId=7&attendanceType=2')).toEqual([]);
    expect(await list('')).toEqual(mine.slice().sort());
    expect((await v.get('/api/opportunities?workFieldGroupId=abc')).statusCode).toBe(422);
  });

  it('sends the work field groups with the lookups (the filter panel offers them)', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const added = await admin.post('/api/admin/lookups/workFieldCategoryGroup', {
      nameAr: 'مجموعة الرعاية',
      nameEn: 'Care group',
    });
    expect(added.statusCode, added.body).toBe(201);
    const lookups = await (await visitorOn(portal.app)).get(`/api/lookups?after=${added.json().position}`);
    expect(lookups.json().workFieldGroups).toContainEqual({
      id: added.json().id,
      nameAr: 'مجموعة الرعاية',
      nameEn: 'Care group',
    });
  });

  it('narrows by category and work field, the private list and the map by the group too', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const approved = approvedBy(admin, 60);
    // Both restricted to region 1 (volunteer1's region): her private list holds them.
    const restricted = { visibility: 1, regionIds: [1] };
    const d = await approved('CWF-D', { ...restricted, categoryId: 1, workFieldId: 1, workFieldGroupId: 11 });
    const e = await approved('CWF-E', { ...restricted, categoryId: 2, workFieldId: 2, workFieldGroupId: 12 });
    const mine = [d, e];
    const pick = (rows: { id: string }[]) =>
      rows
        .map((r) => r.id)
        .filter((id) => mine.includes(id))
        .sort();
    const volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    const list = async (q: string) => {
      const res = await volunteer.get(`/api/opportunities?scope=private&pageSize=20&after=${last}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return pick(res.json().rows);
    };
    expect(await list('')).toEqual(mine.slice().sort());
    expect(await list('categoryId=1')).toEqual([d]);
    expect(await list('categoryId=2')).toEqual([e]);
    expect(await list('workFieldId=2')).toEqual([e]);
    expect(await list('workFieldGroupId=11')).toEqual([d]);
    expect(await list('workFieldGroupId=12&categoryId=1')).toEqual([]);

    // The public events' map takes the same filters (the group, the time, the day, the category, the work field).
    const f = await approved('CWF-F', {
      categoryId: 3,
      workFieldId: 3,
      workFieldGroupId: 13,
      timePeriod: 1,
      volunteeringDays: [5],
    });
    const g = await approved('CWF-G', {
      categoryId: 4,
      workFieldId: 4,
      workFieldGroupId: 14,
      timePeriod: 2,
      volunteeringDays: [6],
    });
    const v = await visitorOn(portal.app);
    const markers = async (q: string) => {
      const res = await v.get(`/api/opportunities/map?after=${last}&${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: string }[]).map((m) => m.id).filter((id) => id === f || id === g);
    };
    expect((await markers('')).sort()).toEqual([f, g].sort());
    expect(await markers('workFieldGroupId=13')).toEqual([f]);
    expect(await markers('categoryId=4')).toEqual([g]);
    expect(await markers('workFieldId=3')).toEqual([f]);
    expect(await markers('timePeriod=2')).toEqual([g]);
    expect(await markers('day=5')).toEqual([f]);
    expect((await v.get('/api/opportunities/map?day=7')).statusCode).toBe(422);
  });

  it('refuses a city outside the region and an inactive or unknown one, and writes no event', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const before = await portal.runtime.store.lastPosition();
    const res = await admin.post('/api/opportunities', eventDetails({ code: 'FLT-X', regionId: 1, cityId: 5 }));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('CityNotInRegion');
    const unknown = await admin.post('/api/opportunities', eventDetails({ code: 'FLT-Y', regionId: 999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.code).toBe('InvalidArea');
    const type = await admin.post('/api/opportunities', eventDetails({ code: 'FLT-Z', eventTypeId: 4242 }));
    expect(type.json().error.code).toBe('InvalidEventType');
    expect(await portal.runtime.store.lastPosition()).toEqual(before);
  });
});

describe('POST /api/opportunities/:id/reject', () => {
  it('rejects with a reason (shown to staff), refuses a blank one, and is refused to a volunteer', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const res = await admin.post('/api/opportunities', eventDetails({ code: 'REJ-1' }));
    const id: string = res.json().opportunityId;
    const blank = await admin.post(`/api/opportunities/${id}/reject`, { reason: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().error.code).toBe('RejectReasonRequired');
    const volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    expect((await volunteer.post(`/api/opportunities/${id}/reject`, { reason: 'لا' })).statusCode).toBe(403);
    const ok = await admin.post(`/api/opportunities/${id}/reject`, { reason: 'التواريخ تتعارض مع فعالية أخرى' });
    expect(ok.statusCode).toBe(200);
    const detail = await admin.get(`/api/opportunities/${id}?after=${ok.json().position}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ approval: 'rejected', rejectReason: 'التواريخ تتعارض مع فعالية أخرى' });
  });
});

describe('POST /api/opportunities/:id/stop-invitations', () => {
  it('mails a rejection to each volunteer whose join request still waited on staff', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const created = await admin.post(
      '/api/opportunities',
      eventDetails({ code: 'STOP-1', nameEn: 'Stopped event', startDate: inDays(300), endDate: inDays(302) }),
    );
    expect(created.statusCode).toBe(201);
    const id: string = created.json().opportunityId;
    expect((await admin.post(`/api/opportunities/${id}/approve`)).statusCode).toBe(200);
    const volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    const joined = await volunteer.post(`/api/opportunities/${id}/join`);
    expect(joined.statusCode).toBe(200);
    const stop = await admin.post(`/api/opportunities/${id}/stop-invitations`);
    expect(stop.statusCode).toBe(200);
    const declined = async () =>
      (await mailsTo(portal, 'volunteer1@portal.localhost', 1)).filter((m) =>
        m.includes('Join request declined: Stopped event'),
      );
    let mails = await declined();
    for (let i = 0; mails.length === 0 && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      mails = await declined();
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('was declined: the event has all the volunteers it needs');
    expect(mails[0]).toContain('عبدالله الشمري');
  });
});

describe('GET /api/opportunities/manage', () => {
  it('lists every status, approval and visibility in the staff scope, with filters; refused to a volunteer', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const create = async (code: string, over: object = {}) => {
      const res = await admin.post('/api/opportunities', eventDetails({ code, ...over }));
      expect(res.statusCode).toBe(201);
      return res.json().opportunityId as string;
    };
    const rejected = await create('MNG-R');
    await admin.post(`/api/opportunities/${rejected}/reject`, { reason: 'مكرر' });
    const deleted = await create('MNG-D');
    const del = await admin.post(`/api/opportunities/${deleted}/delete`, { reason: 'أُلغيت' });
    expect(del.statusCode).toBe(200);
    const jeddahOnly = await create('MNG-J', { visibility: 1, regionIds: [2] });
    const ok = await admin.post(`/api/opportunities/${jeddahOnly}/approve`);
    const after = ok.json().position;
    const list = async (b: typeof admin, q: string) => {
      const res = await b.get(`/api/opportunities/manage?after=${after}&pageSize=20&${q}`);
      expect(res.statusCode).toBe(200);
      return (res.json().rows as { id: string; code: string }[]).map((r) => r.id);
    };
    expect(await list(admin, 'approval=rejected&code=MNG-R')).toEqual([rejected]);
    expect(await list(admin, 'status=4&code=MNG-D')).toEqual([deleted]);
    expect(await list(admin, 'visibility=1&regionId=2&code=MNG-J')).toEqual([jeddahOnly]);
    expect(await list(admin, 'approval=approved&code=MNG-R')).toEqual([]);
    // Demo staff cover region 1 only: the event restricted to region 2 is outside their scope.
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    expect(await list(staff, 'code=MNG-J')).toEqual([]);
    expect(await list(staff, 'code=MNG-R')).toEqual([rejected]);
    const volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    expect((await volunteer.get('/api/opportunities/manage')).statusCode).toBe(403);
  });
});
