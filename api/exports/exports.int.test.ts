import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeForm } from '../../domain/registration/fixtures.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';
import { readSheet } from '../../tests/support/xlsx.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const as = (user: string, password: string) => signedIn(portal.app, user, password);
/** Khalid Alharbi, the demo staff member (`staff`): region 1 (Riyadh) only. */
const KHALID = '00000000-0000-4000-8000-000000000002';
const ADMIN = '00000000-0000-4000-8000-000000000001';
const VOLUNTEER_HEADERS_AR = [
  'رقم الطلب',
  'الاسم بالعربية',
  'الاسم بالإنجليزية',
  'رقم الهوية',
  'الجوال',
  'المنطقة',
  'المدينة',
  'الحالة',
  'تاريخ الإرسال',
];

let seq = 0;
function uniqueForm(regionId: number, cityId: number): { form: RegistrationForm; idNumber: string } {
  seq++;
  const n = String(seq).padStart(4, '0');
  const idNumber = `10${String(Date.now() % 1e4).padStart(4, '0')}${n}`;
  const form = completeForm({
    userName: `exp_${n}_${Date.now() % 100000}`,
    email: `exp${n}.${Date.now()}@example.org`,
    mobile: `05${String(Date.now() % 1e4).padStart(4, '0')}${n}`,
    idNumber,
  });
  form.address = { ...form.address, regionId, cityId };
  return { form, idNumber };
}

async function submitted(regionId: number, cityId: number) {
  const { form, idNumber } = uniqueForm(regionId, cityId);
  const res = await (await visitorOn(portal.app)).post('/api/registrations', { form, submit: true });
  expect(res.statusCode).toBe(201);
  return { idNumber, position: res.json().position as string };
}

interface Status {
  status: string;
  done: number;
  total: number | null;
  rows: number | null;
  truncated: boolean;
  reason: string | null;
}

async function finished(who: Browser, id: string): Promise<Status> {
  return vi.waitFor(
    async () => {
      const s = (await who.get(`/api/exports/${id}`)).json() as Status;
      expect(s.status).not.toBe('requested');
      return s;
    },
    { timeout: 60_000, interval: 100 },
  );
}

const reportsOf = async (userId: string) => (await streamEvents(portal, `reports-${userId}`)).map((e) => e.type);

describe('exports as jobs', () => {
  it('exports the volunteers a staff member may see to Excel: her regions only, the grid’s rows, audited', async () => {
    const riyadh = await submitted(1, 3);
    const makkah = await submitted(2, 4);
    const staff = await as('staff', 'Staff@2026!');
    const grid = (await staff.get(`/api/registrations?status=2&pageSize=1000&after=${makkah.position}`)).json();

    const started = await staff.post('/api/exports/volunteers', {
      format: 'xlsx',
      formatted: true,
      filters: { status: '2' },
    });
    expect(started.statusCode).toBe(201);
    const { id } = started.json() as { id: string };
    const s = await finished(staff, id);
    expect(s).toMatchObject({ status: 'completed', rows: grid.total, done: grid.total, total: grid.total });

    const file = await staff.get(`/api/exports/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const sheet = await readSheet(file.rawPayload);
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.headers).toEqual(VOLUNTEER_HEADERS_AR);
    expect(sheet.rows).toHaveLength(grid.total);
    const ids = sheet.rows.map((r) => r[3]);
    expect(ids).toContain(riyadh.idNumber);
    expect(ids).not.toContain(makkah.idNumber);
    // Every row lies in Riyadh (region 1, named in Arabic) and has the status asked for.
    expect(new Set(sheet.rows.map((r) => r[5]))).toEqual(new Set(['الرياض']));
    expect(new Set(sheet.rows.map((r) => r[7]))).toEqual(new Set(['مُرسَل']));

    // The audit: requested with its filters and the staff member's scope, then completed with the row count.
    const events = await streamEvents(portal, `reports-${KHALID}`);
    const requested = events.find((e) => e.type === 'ExportRequested')!.data as Record<string, unknown>;
    expect(requested).toMatchObject({
      exportId: id,
      source: 'volunteers',
      format: 'xlsx',
      filters: expect.objectContaining({ status: '2' }),
      scope: { regionIds: [1], cityIds: [] },
    });
    const completed = events.find((e) => e.type === 'ExportCompleted')!.data as Record<string, unknown>;
    expect(completed).toMatchObject({ exportId: id, rows: grid.total });

    // An admin (no scope) with the same filters gets Makkah too.
    const admin = await as('admin', 'Admin@2026!');
    const all = await admin.post('/api/exports/volunteers', {
      format: 'xlsx',
      formatted: false,
      language: 'en',
      filters: { status: '2', idNumber: makkah.idNumber },
    });
    const done = await finished(admin, all.json().id);
    expect(done.rows).toBe(1);
    const en = await readSheet((await admin.get(`/api/exports/${all.json().id}/file`)).rawPayload);
    expect(en.rightToLeft).toBe(false);
    expect(en.headers[1]).toBe('Arabic name');
    expect(en.rows.map((r) => r[3])).toEqual([makkah.idNumber]);

    // In the grid's sort, both ways, with batches smaller than the selection: the same rows in the same order.
    for (const dir of ['asc', 'desc']) {
      const page = (await admin.get(`/api/registrations?status=2&pageSize=1000&sort=nameEn&dir=${dir}`)).json();
      const sorted = await admin.post('/api/exports/volunteers', {
        format: 'xlsx',
        filters: { status: '2', sort: 'nameEn', dir },
      });
      await finished(admin, sorted.json().id);
      const book = await readSheet((await admin.get(`/api/exports/${sorted.json().id}/file`)).rawPayload);
      expect(book.rows.map((r) => r[3])).toEqual(page.rows.map((r: { idNumber: string }) => r.idNumber));
    }
  }, 90_000);

  it('refuses a volunteer and another user’s export, and writes nothing for them', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const started = await staff.post('/api/exports/users-log', { format: 'xlsx', filters: {} });
    // The users log is an admin's screen: the staff member is refused before anything is recorded.
    expect(started.statusCode).toBe(403);

    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const volunteerId = (await volunteer.get('/api/session')).json().user.id as string;
    const refused = await volunteer.post('/api/exports/volunteers', { format: 'xlsx', filters: { status: '5' } });
    expect(refused.statusCode).toBe(403);
    expect(await reportsOf(volunteerId)).toEqual([]);

    const staff2 = await as('staff', 'Staff@2026!');
    const own = await staff2.post('/api/exports/volunteers', { format: 'xlsx', filters: { status: '5' } });
    const id = own.json().id as string;
    await finished(staff2, id);
    const admin = await as('admin', 'Admin@2026!');
    const before = await reportsOf(ADMIN);
    expect((await admin.get(`/api/exports/${id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/exports/${id}/file`)).statusCode).toBe(404);
    expect(await reportsOf(ADMIN)).toEqual(before);
    // An unknown filter value is refused by the grid's own schema, and records nothing.
    const staffBefore = await reportsOf(KHALID);
    expect(
      (await staff2.post('/api/exports/volunteers', { format: 'xlsx', filters: { status: '4' } })).statusCode,
    ).toBe(422);
    expect((await staff2.post('/api/exports/volunteers', { format: 'csv', filters: {} })).statusCode).toBe(422);
    expect(await reportsOf(KHALID)).toEqual(staffBefore);
  }, 60_000);

  it('exports an event’s invited volunteers only to staff on that event', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const form = eventDetails({ startDate: inDays(30), endDate: inDays(32), visibility: 1, regionIds: [2] });
    const created = await admin.post('/api/opportunities', form);
    expect(created.statusCode).toBe(201);
    const eventId = created.json().opportunityId as string;
    const staff = await as('staff', 'Staff@2026!');
    const before = await reportsOf(KHALID);
    const refused = await staff.post('/api/exports/participants', { format: 'xlsx', filters: { eventId } });
    expect(refused.statusCode).toBe(404);
    expect(await reportsOf(KHALID)).toEqual(before);

    const ok = await admin.post('/api/exports/participants', { format: 'xlsx', filters: { eventId } });
    expect(ok.statusCode).toBe(201);
    const s = await finished(admin, ok.json().id);
    expect(s).toMatchObject({ status: 'completed', rows: 0 });
    const sheet = await readSheet((await admin.get(`/api/exports/${ok.json().id}/file`)).rawPayload);
    expect(sheet.headers).toEqual([
      'الاسم',
      'البريد الإلكتروني',
      'الجوال',
      'الحالة',
      'الساعات المعتمدة',
      'الساعات المعلقة',
    ]);
  }, 60_000);

  it('exports the users log as a PDF: an Arabic table with its header, text that reads back', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const started = await admin.post('/api/exports/users-log', {
      format: 'pdf',
      formatted: true,
      filters: { loginStatuses: '1' },
    });
    expect(started.statusCode).toBe(201);
    const s = await finished(admin, started.json().id);
    expect(s.status).toBe('completed');
    expect(s.rows).toBeGreaterThan(0);
    const file = await admin.get(`/api/exports/${started.json().id}/file`);
    expect(file.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(file.rawPayload), { mergePages: true });
    for (const w of ['نتيجة', 'الدخول', 'سجل', 'المستخدمين']) expect(text).toContain(w);
  }, 90_000);
});
