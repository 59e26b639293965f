import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePosition } from '../../commands/event-store/port.ts';
import { lookupStream } from '../../domain/lookups/kinds.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { type Browser, eventDetails, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

// The master-data screens' API (screen masterdata): list with inactive items, add, edit, deactivate, reactivate,
// delete (never used only), the regions' colour setting, the event types' all-or-nothing batch; and the public
// GET /api/lookups following on its next read.
let portal: TestPortal;
let admin: Browser;
beforeAll(async () => {
  portal = await startTestPortal();
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
});
afterAll(async () => {
  await portal?.close();
});

const base = '/api/admin/lookups';
async function streamLength(kind: Parameters<typeof lookupStream>[0]) {
  let count = 0;
  for await (const _ of portal.runtime.store.readStream(lookupStream(kind))) count++;
  return count;
}
async function list(kind: string, query = '') {
  const res = await admin.get(`${base}/${kind}${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { rows: { id: number; nameEn: string; active: boolean }[]; total: number; pageSize: number };
}
async function publicLookups() {
  const res = await admin.get('/api/lookups');
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('the forms follow the master data at once', () => {
  it('an added city and a renamed work field show in GET /api/lookups on the next read', async () => {
    const before = await publicLookups();
    const added = await admin.post(`${base}/city`, { nameAr: 'العلا', nameEn: 'AlUla', parentId: 3 });
    expect(added.statusCode).toBe(201);
    const renamed = await admin.put(`${base}/workField/1`, { nameAr: 'المجال الطبي', nameEn: 'Medical field' });
    expect(renamed.statusCode).toBe(200);
    // No ?after=: the route's command waited for nothing, yet the next read has it (the cache asks the read model).
    await expect
      .poll(async () => {
        const now = await publicLookups();
        return [
          now.cities.some((c: { nameEn: string; regionId: number }) => c.nameEn === 'AlUla' && c.regionId === 3),
          now.workFields.find((w: { id: number }) => w.id === 1)?.nameEn,
        ];
      })
      .toEqual([true, 'Medical field']);
    expect(before.workFields.find((w: { id: number }) => w.id === 1)?.nameEn).not.toBe('Medical field');
    const after = await publicLookups();
    expect(after.cities.find((c: { nameEn: string }) => c.nameEn === 'AlUla')?.id).toBe(added.json().id);
  });
});

describe('one item at a time', () => {
  it('lists a kind with its inactive items, searched and paged (10 a page; 20 for event types)', async () => {
    const all = await list('city', `?after=${(await admin.post(`${base}/city/2/deactivate`)).json().position}`);
    expect(all.pageSize).toBe(10);
    expect(all.rows).toHaveLength(10);
    expect(all.total).toBeGreaterThan(20);
    const kharj = await list('city', '?search=kharj');
    expect(kharj.rows).toEqual([expect.objectContaining({ id: 2, nameEn: 'Al Kharj', active: false })]);
    expect((await list('eventType')).pageSize).toBe(20);
    const reactivated = await admin.post(`${base}/city/2/reactivate`);
    expect(reactivated.statusCode).toBe(200);
    expect((await list('city', `?search=kharj&after=${reactivated.json().position}`)).rows[0]?.active).toBe(true);
  });

  it('refuses a duplicate (either language, any case, any spacing) and blank names, writing nothing', async () => {
    const length = await streamLength('skill');
    const dup = await admin.post(`${base}/skill`, { nameAr: 'قيادة', nameEn: 'Driving' });
    expect(dup.statusCode).toBe(201);
    for (const body of [
      { nameAr: 'أخرى', nameEn: '  driving ' },
      { nameAr: 'قيادة', nameEn: 'Other' },
    ]) {
      const res = await admin.post(`${base}/skill`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('LookupAlreadyExists');
    }
    const blank = await admin.post(`${base}/skill`, { nameAr: ' ', nameEn: 'Cooking' });
    expect([blank.statusCode, blank.json().error.code]).toEqual([422, 'AllFieldsRequired']);
    expect(await streamLength('skill')).toBe(length + 1);
  });

  it('places a city in a city group, moves it out, and keeps a group cities name', async () => {
    const group = (await admin.post(`${base}/cityGroup`, { nameAr: 'مجموعة ب', nameEn: 'Group B' })).json()
      .id as number;
    const city = await admin.post(`${base}/city`, { nameAr: 'الوجه', nameEn: 'Al Wajh', parentId: 7, groupId: group });
    expect(city.statusCode).toBe(201);
    const id = city.json().id as number;
    const row = async (after: string) =>
      (
        (await admin.get(`${base}/city?after=${after}&pageSize=1000`)).json() as {
          rows: { id: number; groupId: number | null }[];
        }
      ).rows.find((r) => r.id === id);
    expect((await row(city.json().position))?.groupId).toBe(group);
    // In use: a city names it.
    const refused = await admin.delete(`${base}/cityGroup/${group}`);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'cannot_delete_message']);
    // An unknown group is refused; none takes it off.
    const unknown = await admin.put(`${base}/city/${id}`, { nameAr: 'الوجه', nameEn: 'Al Wajh', groupId: 9999 });
    expect([unknown.statusCode, unknown.json().error.code]).toEqual([409, 'LookupParentInvalid']);
    const off = await admin.put(`${base}/city/${id}`, { nameAr: 'الوجه', nameEn: 'Al Wajh', groupId: null });
    expect(off.statusCode).toBe(200);
    expect((await row(off.json().position))?.groupId).toBeNull();
    // A region names no group.
    const region = await admin.post(`${base}/region`, { nameAr: 'منطقة س', nameEn: 'Region X', groupId: group });
    expect([region.statusCode, region.json().error.code]).toEqual([409, 'LookupParentInvalid']);
  });

  it('keeps a region with active cities (child areas first)', async () => {
    const res = await admin.post(`${base}/region/1/deactivate`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'ChildAreasActive']);
  });

  it('deletes an item never used; one in use answers cannot_delete_message', async () => {
    const group = await admin.post(`${base}/cityGroup`, { nameAr: 'مجموعة', nameEn: 'Group A' });
    const gone = await admin.delete(`${base}/cityGroup/${group.json().id}`);
    expect(gone.statusCode).toBe(200);
    expect((await list('cityGroup', `?after=${gone.json().position}`)).rows.map((r) => r.id)).not.toContain(
      group.json().id,
    );
    // A work field an event names is in use (rm.opportunities), and so is a region with cities.
    const created = await admin.post('/api/opportunities', eventDetails({ workFieldId: 2 }));
    expect(created.statusCode).toBe(201);
    await waitForPosition(portal.runtime.db, ['opportunities'], parsePosition(created.json().position));
    for (const url of [`${base}/workField/2`, `${base}/region/1`]) {
      const res = await admin.delete(url);
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'cannot_delete_message']);
    }
  });

  it('sets a region’s colour (#RRGGBB), refusing another code', async () => {
    const ok = await admin.put(`${base}/region/2/colour`, { colourName: 'Green', colourCode: '#00a65a' });
    expect(ok.statusCode).toBe(200);
    const row = (await list('region', `?search=makkah&after=${ok.json().position}`)).rows[0];
    expect(row).toMatchObject({ colourName: 'Green', colourCode: '#00A65A' });
    const bad = await admin.put(`${base}/region/2/colour`, { colourName: 'Green', colourCode: 'green' });
    expect([bad.statusCode, bad.json().error.code]).toEqual([422, 'InvalidColourCode']);
  });

  it('refuses another role (403) and an unknown kind (422)', async () => {
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    expect((await staff.get(`${base}/city`)).statusCode).toBe(403);
    expect((await admin.get(`${base}/nothing`)).statusCode).toBe(422);
  });
});

describe('the event types’ batch', () => {
  it('saves additions, edits and deletions in one request', async () => {
    const group = await admin.post(`${base}/eventTypeGroup`, { nameAr: 'صحية', nameEn: 'Health' });
    const groupId = group.json().id as number;
    const first = await admin.post(`${base}/eventType/batch`, {
      add: [
        { nameAr: 'تمرين', nameEn: 'Drill', parentId: groupId, minTarget: 1, maxTarget: 5 },
        { nameAr: 'حملة', nameEn: 'Campaign', parentId: groupId, minTarget: 0, maxTarget: 0 },
      ],
    });
    expect(first.statusCode).toBe(200);
    const [drill, campaign] = first.json().added as number[];
    const second = await admin.post(`${base}/eventType/batch`, {
      update: [
        { id: drill, nameAr: 'تمرين ميداني', nameEn: 'Field drill', parentId: groupId, minTarget: 2, maxTarget: 6 },
      ],
      remove: [campaign],
      add: [{ nameAr: 'ندوة', nameEn: 'Seminar', parentId: groupId, minTarget: 3, maxTarget: 3 }],
    });
    expect(second.statusCode).toBe(200);
    const rows = (await list('eventType', `?after=${second.json().position}`)).rows;
    expect(rows.map((r) => r.nameEn)).toEqual(['Field drill', 'Seminar']);
    expect(rows[0]).toMatchObject({ minTarget: 2, maxTarget: 6, parentId: groupId });
  });

  it('is all or nothing: one bad row refuses the batch, with one error per bad row, and writes no event', async () => {
    const length = await streamLength('eventType');
    const res = await admin.post(`${base}/eventType/batch`, {
      add: [
        { nameAr: 'جيد', nameEn: 'Good', parentId: 1, minTarget: 0, maxTarget: 1 },
        { nameAr: 'سيئ', nameEn: 'Bad', parentId: 1, minTarget: 5, maxTarget: 1 },
        { nameAr: ' ', nameEn: 'Blank', parentId: 1, minTarget: 0, maxTarget: 1 },
      ],
      update: [{ id: 999, nameAr: 'مفقود', nameEn: 'Missing', minTarget: 0, maxTarget: 1 }],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('BatchRejected');
    expect(
      res
        .json()
        .error.details.rows.map((r: { op: string; index: number; code: string }) => `${r.op}${r.index}:${r.code}`),
    ).toEqual(['update0:NotFound', 'add1:InvalidTargetRange', 'add2:AllFieldsRequired']);
    expect(await streamLength('eventType')).toBe(length);
  });

  it('needs the Add and Delete rights for the rows that add and delete', async () => {
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    expect((await staff.post(`${base}/eventType/batch`, { remove: [1] })).statusCode).toBe(403);
  });
});
