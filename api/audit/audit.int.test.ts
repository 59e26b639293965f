import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { given } from '../../tests/support/http-spec.ts';
import { eventDetails, inDays, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';
import { readSheet, USERS_LOG_HEADERS_AR } from '../../tests/support/xlsx.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const as = (user: string, password: string) => signedIn(portal.app, user, password);
const STAFF = '00000000-0000-4000-8000-000000000003';
/** Khalid Alharbi, the demo staff member who signs in as `staff`. */
const KHALID = '00000000-0000-4000-8000-000000000002';

interface Entry {
  action: string;
  actor: { id: string | null; nameEn: string | null; roleId: number | null };
  changes: { field: string; from: unknown; to: unknown }[];
  correlationId: string | null;
}

describe('the history of any record', () => {
  it("shows an event's changes: who (name, role), through which request, each field from → to", async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const form = eventDetails({ startDate: inDays(30), endDate: inDays(32) });
    const { opportunityId } = (await staff.post('/api/opportunities', form)).json();
    const edited = await staff.put(
      `/api/opportunities/${opportunityId}`,
      { ...form, maxHours: 5 },
      { 'x-request-id': 'edit-req-1' },
    );
    expect(edited.statusCode).toBe(200);

    const res = await admin.get(`/api/history/opportunity/${opportunityId}`);
    expect(res.statusCode).toBe(200);
    const history = res.json() as Entry[];
    expect(history.map((h) => h.action)).toEqual(['OpportunityCreated', 'OpportunityEdited']);
    const edit = history[1]!;
    expect(edit.actor).toMatchObject({ nameEn: 'Khalid Alharbi', roleId: 2 });
    expect(edit.correlationId).toBe('edit-req-1');
    expect(edit.changes).toContainEqual({ field: 'maxHours', from: 6, to: 5 });
    // The staff member sees the history of an event of hers on its own screen's right (eventsadmin View).
    expect((await staff.get(`/api/history/opportunity/${opportunityId}`)).statusCode).toBe(200);
  });

  it("shows an account's changes, and leaves its sign-ins to the users log", async () => {
    const admin = await as('admin', 'Admin@2026!');
    expect((await admin.post(`/api/users/${STAFF}/areas`, { regionIds: [1], cityIds: [3] })).statusCode).toBe(200);
    await as('staff', 'Staff@2026!');
    const history = (await admin.get(`/api/history/user/${STAFF}`)).json() as Entry[];
    expect(history.some((h) => h.action.startsWith('Login'))).toBe(false);
    const areas = history.findLast((h) => h.action === 'UserAreasAssigned')!;
    expect(areas.actor.roleId).toBe(3);
    expect(areas.changes).toContainEqual({ field: 'regionIds', from: [], to: [1] });
  });

  it("shows a master data list's changes from → to", async () => {
    const admin = await as('admin', 'Admin@2026!');
    await given(portal, {
      'lookup-skill': [
        {
          type: 'LookupItemAdded',
          data: { kind: 'skill', id: 9001, nameAr: 'الإسعاف', nameEn: 'First aid', parentId: null, flags: {} },
        },
        {
          type: 'LookupItemRenamed',
          data: {
            kind: 'skill',
            id: 9001,
            from: { nameAr: 'الإسعاف', nameEn: 'First aid' },
            to: { nameAr: 'الإسعافات الأولية', nameEn: 'First aid' },
          },
        },
      ],
    });
    const history = (await admin.get('/api/history/lookup/skill')).json() as Entry[];
    const renamed = history.findLast((h) => h.action === 'LookupItemRenamed')!;
    expect(renamed.changes).toEqual([
      { field: 'nameAr', from: 'الإسعاف', to: 'الإسعافات الأولية' },
      { field: 'id', from: null, to: 9001 },
    ]);
  });

  it("keeps a staff member to her regions: another region's event has no history for her", async () => {
    const admin = await as('admin', 'Admin@2026!');
    const staff = await as('staff', 'Staff@2026!');
    const form = eventDetails({ visibility: 1, regionIds: [2], startDate: inDays(30), endDate: inDays(32) });
    const created = await admin.post('/api/opportunities', form);
    expect(created.statusCode).toBe(201);
    const { opportunityId } = created.json();
    expect((await admin.get(`/api/history/opportunity/${opportunityId}`)).statusCode).toBe(200);
    expect((await staff.get(`/api/history/opportunity/${opportunityId}`)).json().error.code).toBe('NotFound');
  });

  it('refuses a role with neither the audit log nor the record screen, and an unknown kind', async () => {
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    expect((await volunteer.get('/api/history/lookup/skill')).statusCode).toBe(403);
    const admin = await as('admin', 'Admin@2026!');
    expect((await admin.get('/api/history/nothing/x')).statusCode).toBe(422);
    expect((await admin.get('/api/history/lookup/no-such-list')).json().error.code).toBe('NotFound');
  });
});

describe('the audit log', () => {
  it('files sign-ins under their own record type, finds actors by name, and links each row', async () => {
    await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const signIns = (await admin.get('/api/audit-log?recordType=signin&limit=20')).json();
    expect(signIns.rows.length).toBeGreaterThan(0);
    expect(
      signIns.rows.every((r: { action: string }) => r.action.startsWith('Login') || r.action.startsWith('Unknown')),
    );
    expect(signIns.rows[0].link).toEqual({ screen: 'usersLog' });
    const accounts = (await admin.get('/api/audit-log?recordType=user&limit=200')).json();
    expect(accounts.rows.some((r: { action: string }) => r.action === 'LoginSucceeded')).toBe(false);

    const found = (await admin.get(`/api/audit-log/actors?q=${encodeURIComponent('Khalid')}`)).json();
    expect(found).toContainEqual(expect.objectContaining({ id: KHALID, nameEn: 'Khalid Alharbi', roleId: 2 }));
    const byStaff = (await admin.get(`/api/audit-log?actorId=${KHALID}&limit=200`)).json();
    expect(byStaff.rows.length).toBeGreaterThan(0);
    expect(byStaff.rows.every((r: { actor: { id: string } }) => r.actor.id === KHALID)).toBe(true);
    const event = byStaff.rows.find((r: { recordType: string }) => r.recordType === 'opportunity');
    expect(event?.link).toEqual({ screen: 'event', id: event?.recordId });
  });
});

describe('the users log', () => {
  it('filters sign-ins by result, address and browser, and exports them to Excel (an audited action)', async () => {
    const wrong = await portal.app.inject({ method: 'GET', url: '/api/session' });
    const csrf = wrong.json().csrfToken as string;
    const cookie = wrong.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    await portal.app.inject({
      method: 'POST',
      url: '/api/session/login',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', 'user-agent': 'AuditTestAgent/1.0' },
      payload: JSON.stringify({ userName: 'staff', password: 'wrong-password', language: 1 }),
    });
    const admin = await as('admin', 'Admin@2026!');
    const failed = (
      await admin.get('/api/users/login-log?pageSize=100&loginStatuses=3&userAgent=audittestagent')
    ).json();
    expect(failed.total).toBeGreaterThan(0);
    expect(failed.rows[0]).toMatchObject({ loginStatus: 3, userAgent: 'AuditTestAgent/1.0', nameEn: 'Khalid Alharbi' });
    const succeeded = (await admin.get('/api/users/login-log?pageSize=100&loginStatuses=1')).json();
    expect(succeeded.rows.every((r: { loginStatus: number }) => r.loginStatus === 1)).toBe(true);
    expect((await admin.get('/api/users/login-log?loginStatuses=9')).statusCode).toBe(422);

    const res = await admin.get('/api/users/login-log/export?loginStatuses=3&userAgent=AuditTestAgent', {
      'x-request-id': 'export-req-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(res.rawPayload);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.headers).toEqual(USERS_LOG_HEADERS_AR);
    expect(sheet.rows).toHaveLength(failed.total);
    expect([sheet.rows[0]![3], sheet.rows[0]![5]]).toEqual(['بيانات الدخول غير صحيحة', 'AuditTestAgent/1.0']);

    // The export is in the log: the admin's reports stream, with its filters and request.
    const exported = await vi.waitFor(async () => {
      const page = (await admin.get('/api/audit-log?recordType=reports&limit=5')).json();
      expect(page.rows.length).toBeGreaterThan(0);
      return page;
    });
    expect(exported.rows[0]).toMatchObject({ action: 'UsersLogExported', correlationId: 'export-req-1' });
    expect(exported.rows[0].changes).toContainEqual({ field: 'filters.userAgent', from: null, to: 'AuditTestAgent' });
  });

  it('is closed to a role without the users screen', async () => {
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    expect((await volunteer.get('/api/users/login-log/export')).statusCode).toBe(403);
  });
});
