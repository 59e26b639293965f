import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AccountDB, type UserSort, usersGrid, usersRows } from '../../projections/account/queries.ts';
import { type AuditDB, auditPage, auditRows } from '../../projections/audit/queries.ts';
import { HOURS_SORTS, hoursAcrossEvents, hoursRows } from '../../projections/opportunity/participation-queries.ts';
import { eventsRows, manageEventsPage, type OpportunityDB } from '../../projections/opportunity/queries.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
} from '../../tests/support/portal.ts';
import { readSheet } from '../../tests/support/xlsx.ts';

// The staff grids' export sources (api/exports/grid-sources.ts): each file holds the rows its grid shows for the same
// filters, in the grid's order and scope; a refused export records nothing.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const as = (user: string, password: string) => signedIn(portal.app, user, password);
const KHALID = '00000000-0000-4000-8000-000000000002';
const V1 = '00000000-0000-4000-8000-000000000004';
const all = async <T>(rows: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const r of rows) out.push(r);
  return out;
};
const reportsOf = async (userId: string) => (await streamEvents(portal, `reports-${userId}`)).map((e) => e.type);

/** Starts an export, waits for its job and answers the sheet. */
async function exported(who: Browser, source: string, filters: object, language: 'ar' | 'en' = 'ar') {
  const started = await who.post(`/api/exports/${source}`, { format: 'xlsx', language, filters });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().id as string;
  const s = await vi.waitFor(
    async () => {
      const st = (await who.get(`/api/exports/${id}`)).json();
      expect(st.status).not.toBe('requested');
      return st as { status: string; rows: number; total: number; reason: string | null };
    },
    { timeout: 60_000, interval: 100 },
  );
  expect(s.status, s.reason ?? '').toBe('completed');
  const sheet = await readSheet((await who.get(`/api/exports/${id}/file`)).rawPayload);
  return { ...sheet, status: s };
}

describe('the users grid export', () => {
  it('holds the grid’s users for a search and a sort, both ways, and is refused to staff', async () => {
    const admin = await as('admin', 'Admin@2026!');
    for (const dir of ['asc', 'desc'] as const) {
      const grid = (await admin.get(`/api/users?pageSize=100&sort=lastLoginAt&dir=${dir}`)).json();
      expect(grid.total).toBeGreaterThan(3);
      const sheet = await exported(admin, 'users', { sort: 'lastLoginAt', dir }, 'en');
      expect(sheet.headers.slice(0, 3)).toEqual(['User name', 'Arabic name', 'English name']);
      expect(sheet.rows.map((r) => r[0])).toEqual(grid.rows.map((r: { userName: string }) => r.userName));
    }
    const grid = (await admin.get('/api/users?pageSize=100&roleId=2')).json();
    const staffOnly = await exported(admin, 'users', { roleId: '2' });
    expect(staffOnly.rows.map((r) => r[0])).toEqual(grid.rows.map((r: { userName: string }) => r.userName));
    expect(new Set(staffOnly.rows.map((r) => r[5]))).toEqual(new Set(['موظف']));
    expect(staffOnly.rows.map((r) => r[0])).toContain('staff');

    const staff = await as('staff', 'Staff@2026!');
    const before = await reportsOf(KHALID);
    expect((await staff.post('/api/exports/users', { format: 'xlsx', filters: {} })).statusCode).toBe(403);
    expect(await reportsOf(KHALID)).toEqual(before);
  }, 90_000);
});

describe('the audit log export', () => {
  it('holds the audit log’s rows for a record type, newest first, and refuses a bad filter', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const page = (await admin.get('/api/audit-log?recordType=user&limit=200')).json();
    expect(page.rows.length).toBeGreaterThan(0);
    const sheet = await exported(admin, 'audit-log', { recordType: 'user' });
    expect(sheet.headers[0]).toBe('الوقت');
    if (!page.next) expect(sheet.rows).toHaveLength(page.rows.length);
    expect(sheet.rows.slice(0, page.rows.length).map((r) => [r[3], r[4], r[5]])).toEqual(
      page.rows.map((r: { recordType: string; recordId: string; action: string }) => [
        r.recordType,
        r.recordId,
        r.action,
      ]),
    );
    const before = await reportsOf('00000000-0000-4000-8000-000000000001');
    const bad = await admin.post('/api/exports/audit-log', { format: 'xlsx', filters: { recordType: 'nothing' } });
    expect(bad.statusCode).toBe(422);
    expect(await reportsOf('00000000-0000-4000-8000-000000000001')).toEqual(before);
  }, 90_000);
});

describe('the hours export', () => {
  it('holds the hours grid’s entries in the staff member’s scope only', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const staff = await as('staff', 'Staff@2026!');
    // Restricted to a region once the hours are in (volunteer1 lives in Riyadh: she could not join a Makkah event).
    const withHours = async (over: object, day: number, hours: number) => {
      const details = eventDetails({ startDate: inDays(day), endDate: inDays(day + 1) });
      const created = await admin.post('/api/opportunities', details);
      expect(created.statusCode).toBe(201);
      const id = created.json().opportunityId as string;
      expect((await admin.post(`/api/opportunities/${id}/approve`)).statusCode).toBe(200);
      expect((await volunteer.post(`/api/opportunities/${id}/join`)).statusCode).toBe(200);
      expect((await admin.post(`/api/opportunities/${id}/participants/${V1}/accept`, {})).statusCode).toBe(200);
      const h = await admin.post(`/api/opportunities/${id}/participants/${V1}/hours`, {
        hours,
        casesHandled: 1,
        checkIn: `${inDays(day)}T08:00:00Z`,
        checkOut: `${inDays(day)}T14:00:00Z`,
        rating: 5,
        review: '',
      });
      expect(h.statusCode, h.body).toBe(200);
      const moved = await admin.put(`/api/opportunities/${id}`, { ...details, ...over });
      expect(moved.statusCode).toBe(200);
      return { id, position: moved.json().position as string };
    };
    const open = await withHours({}, 400, 3);
    const makkah = await withHours({ visibility: 1, regionIds: [2] }, 402, 5);
    const riyadh = await withHours({ visibility: 1, regionIds: [1] }, 404, 2);

    const filters = { from: inDays(400), to: inDays(404), sort: 'hours', dir: 'asc' };
    const q = `from=${filters.from}&to=${filters.to}&sort=hours&dir=asc&pageSize=50&after=${riyadh.position}`;
    const staffGrid = (await staff.get(`/api/hours?${q}`)).json();
    expect(staffGrid.rows.map((r: { hours: number }) => r.hours)).toEqual([2, 3]);
    const mine = await exported(staff, 'hours', filters, 'en');
    expect(mine.headers.slice(0, 4)).toEqual(['Event code', 'Event', 'Volunteer', 'Hours']);
    expect(mine.rows.map((r) => r[3])).toEqual([2, 3]);
    expect(mine.rows.map((r) => r[2])).toEqual(['Abdullah Alshammari', 'Abdullah Alshammari']);
    expect(new Set(mine.rows.map((r) => r[8]))).toEqual(new Set(['Pending']));
    // The admin (no scope) gets the Makkah event too, in the grid's order.
    const all = await exported(admin, 'hours', { ...filters, dir: 'desc' });
    const adminGrid = (await admin.get(`/api/hours?${q.replace('dir=asc', 'dir=desc')}`)).json();
    expect(all.rows.map((r) => r[3])).toEqual(adminGrid.rows.map((r: { hours: number }) => r.hours));
    expect(all.rows.map((r) => r[3])).toEqual([5, 3, 2]);
    expect(makkah.id && open.id).toBeTruthy();

    const v = await volunteer.post('/api/exports/hours', { format: 'xlsx', filters: {} });
    expect(v.statusCode).toBe(403);
    expect(await reportsOf(V1)).toEqual([]);
  }, 120_000);
});

describe('the events export', () => {
  it('holds the events manage grid’s rows for its filters (deleted and rejected too), in the staff scope only', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const staff = await as('staff', 'Staff@2026!');
    const tag = `XE${Date.now() % 100000}`;
    const create = async (suffix: string, over: object = {}) => {
      const res = await admin.post('/api/opportunities', eventDetails({ code: `${tag}${suffix}`, ...over }));
      expect(res.statusCode, res.body).toBe(201);
      return res.json().opportunityId as string;
    };
    const rejected = await create('R');
    expect((await admin.post(`/api/opportunities/${rejected}/reject`, { reason: 'مكرر' })).statusCode).toBe(200);
    const deleted = await create('D');
    expect((await admin.post(`/api/opportunities/${deleted}/delete`, { reason: 'أُلغيت' })).statusCode).toBe(200);
    // Demo staff cover Riyadh (region 1) only: an event restricted to Makkah (region 2) is outside their scope.
    const makkah = await create('M', { visibility: 1, regionIds: [2] });
    expect((await admin.post(`/api/opportunities/${makkah}/approve`)).statusCode).toBe(200);
    const riyadh = await create('Y', { visibility: 1, regionIds: [1] });
    const last = await admin.post(`/api/opportunities/${riyadh}/approve`);
    expect(last.statusCode).toBe(200);
    const after = last.json().position as string;

    /** Every row of the manage grid for a query, page after page, as [code, status, approval, visibility] names. */
    const STATUS: Record<number, string> = { 0: 'Upcoming', 2: 'Active', 3: 'Closed', 4: 'Deleted' };
    const APPROVAL: Record<string, string> = {
      pending: 'Pending approval',
      approved: 'Approved',
      rejected: 'Rejected',
      pendingDelete: 'Deletion pending approval',
    };
    const VISIBILITY = ['Open to all', 'Selected regions', 'Selected cities', 'Invited volunteers only'];
    const grid = async (who: Browser, q: string) => {
      const out: string[][] = [];
      for (let page = 1; ; page++) {
        const res = await who.get(`/api/opportunities/manage?after=${after}&pageSize=20&page=${page}&${q}`);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json() as {
          total: number;
          rows: { code: string; status: number; approval: string; visibility: number }[];
        };
        out.push(
          ...body.rows.map((r) => [r.code, STATUS[r.status]!, APPROVAL[r.approval]!, VISIBILITY[r.visibility]!]),
        );
        if (out.length >= body.total || body.rows.length === 0) return out;
      }
    };
    const sheetRows = (sheet: { rows: unknown[][] }) => sheet.rows.map((r) => [r[0], r[4], r[5], r[6]]);

    // Open to all, every status and approval: the rejected and the deleted event are in the file, as in the grid.
    const openGrid = await grid(admin, 'visibility=0');
    const open = await exported(admin, 'events', { visibility: '0' }, 'en');
    expect(open.headers.slice(0, 7)).toEqual(['Code', 'Event', 'Start', 'End', 'Status', 'Approval', 'Visibility']);
    expect(sheetRows(open)).toEqual(openGrid);
    expect(open.status.total).toBe(openGrid.length);
    expect(sheetRows(open)).toContainEqual([`${tag}R`, 'Upcoming', 'Rejected', 'Open to all']);
    expect(sheetRows(open)).toContainEqual([`${tag}D`, 'Deleted', 'Pending approval', 'Open to all']);
    expect(sheetRows(open).findIndex((r) => r[0] === `${tag}D`)).toBeLessThan(
      sheetRows(open).findIndex((r) => r[0] === `${tag}R`),
    );
    const rejectedOnly = await exported(admin, 'events', { approval: 'rejected', code: `${tag}R` }, 'en');
    expect(sheetRows(rejectedOnly)).toEqual([[`${tag}R`, 'Upcoming', 'Rejected', 'Open to all']]);

    // Restricted to regions: the admin's file holds both events, the staff member's only Riyadh's — each its grid.
    const adminGrid = await grid(admin, 'visibility=1');
    const adminSheet = await exported(admin, 'events', { visibility: '1' }, 'en');
    expect(sheetRows(adminSheet)).toEqual(adminGrid);
    expect(adminSheet.rows.map((r) => r[0]).slice(0, 2)).toEqual([`${tag}Y`, `${tag}M`]);
    const staffGrid = await grid(staff, 'visibility=1');
    const staffSheet = await exported(staff, 'events', { visibility: '1' }, 'en');
    expect(sheetRows(staffSheet)).toEqual(staffGrid);
    const staffCodes = staffSheet.rows.map((r) => r[0]);
    expect(staffCodes).toContain(`${tag}Y`);
    expect(staffCodes).not.toContain(`${tag}M`);
    expect((await exported(staff, 'events', { code: `${tag}M` })).rows).toEqual([]);

    // Refused exports (a volunteer; a filter outside the grid's values) record nothing.
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    expect((await volunteer.post('/api/exports/events', { format: 'xlsx', filters: {} })).statusCode).toBe(403);
    expect(await reportsOf(V1)).toEqual([]);
    const before = await reportsOf(KHALID);
    const bad = await staff.post('/api/exports/events', { format: 'xlsx', filters: { approval: 'nothing' } });
    expect(bad.statusCode).toBe(422);
    expect(await reportsOf(KHALID)).toEqual(before);
  }, 120_000);
});

describe('the keyset readers, in batches smaller than the selection', () => {
  it('read the users, the audit log and the hours in their grids’ order, for every sort both ways', async () => {
    const users = portal.runtime.db as unknown as Kysely<AccountDB>;
    for (const sort of ['nameAr', 'nameEn', 'userName', 'roleId', 'createdAt', 'lastLoginAt'] as UserSort[])
      for (const dir of ['asc', 'desc'] as const) {
        const page = await usersGrid(users, { page: 1, pageSize: 500, sort, dir });
        expect(
          (await all(usersRows(users, { sort, dir }, 2))).map((r) => r.userId),
          `${sort} ${dir}`,
        ).toEqual(page.rows.map((r) => r.userId));
      }
    const audit = portal.runtime.db as unknown as Kysely<AuditDB>;
    const page = await auditPage(audit, { limit: 200, recordType: 'user' });
    expect((await all(auditRows(audit, { recordType: 'user' }, 3))).slice(0, 200)).toEqual(page.rows);
    const hours = portal.runtime.db as unknown as Kysely<OpportunityDB>;
    const events = await manageEventsPage(hours, null, { page: 1, pageSize: 500 });
    expect(events.total).toBeLessThanOrEqual(500);
    expect((await all(eventsRows(hours, {}, null, 2))).map((r) => r.id)).toEqual(events.rows.map((r) => r.id));
    for (const sort of HOURS_SORTS)
      for (const dir of ['asc', 'desc'] as const)
        for (const state of ['pending', 'approved'] as const) {
          const f = { state, sort, dir } as const;
          const grid = await hoursAcrossEvents(hours, null, { ...f, page: 1, pageSize: 500 });
          if (state === 'pending') expect(grid.total).toBeGreaterThanOrEqual(3);
          expect(
            (await all(hoursRows(hours, null, f, 1))).map((r) => r.hoursId),
            `${sort} ${dir}`,
          ).toEqual(grid.rows.map((r) => r.hoursId));
        }
  }, 60_000);
});
