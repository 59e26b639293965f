import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fillLookupRow,
  fillStaffUser,
  lookupRow,
  openLookupKind,
  registrationFormOffers,
  renameLookupItem,
  saveNewUser,
  setPermissionBox,
} from '../support/admin-screens.ts';
import { apiClient, visitorClient } from '../support/api-client.ts';
import { changeFirstPassword, downloadedFile, press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { uniqueRegistrationForm } from '../support/command-fixtures.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';
import { readSheet, USERS_LOG_HEADERS_AR } from '../support/xlsx.ts';

// Issue 9's administration journey, in Arabic, end to end: the admin creates a staff member limited to the Eastern
// region and grants the staff role Approve on the events screen; the staff member sees only her region's
// registrations and pending events, and the approve button but not the delete one; the admin adds a city and renames a
// work field, which a new visitor's registration form offers; the admin reads the account's and the work fields'
// histories (her name, translated actions) and exports the staff member's sign-in from the users log to Excel.
// axe-core checks the screens the users, permissions, master-data and audit journeys do not.

let downloads: string;

const site = journey();

beforeAll(async () => {
  downloads = mkdtempSync(join(tmpdir(), 'administration-e2e-'));
});
afterAll(() => {
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const ADMIN_NAME = 'سارة العتيبي';
const EASTERN = 5;
const RIYADH = 1;
const STAFF_APPROVE = '[data-testid="perm-2-eventsadmin-Approve"]';
const NEW_CITY = { ar: 'الجبيل', en: 'Jubail' };
const WORK_FIELD = {
  id: '2',
  before: 'التوعية الصحية',
  ar: 'التثقيف الصحي المجتمعي',
  en: 'Community health education',
};
const AGENT = 'AdministrationJourney/1.0';

const stamp = String(Date.now() % 100000);
const staff = {
  userName: `east_admin_${stamp}`,
  password: 'Start@2026!e',
  fresh: 'Fresh@2026!e',
  nameAr: 'ليلى الشرقية',
  nameEn: 'Layla Alsharqiya',
};

/** The text the page shows (not its scripts' or noscript's). */
const bodyText = (page: Page) => page.$eval('body', (b) => (b as HTMLElement).innerText);
const links = (page: Page, scope: string) =>
  page.$$eval(`${scope} a[href]`, (as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));

/** A visitor submits a registration living in a region and city, through the API; its volunteer id. */
async function registrationIn(regionId: number, cityId: number, first: string, last: string): Promise<string> {
  const form = uniqueRegistrationForm('adm');
  form.address = { ...form.address, regionId, cityId };
  form.personal = { ...form.personal, firstNameAr: first, lastNameAr: last };
  const res = await (await visitorClient(site.url))('POST', '/api/registrations', { form, submit: true });
  expect(res.status).toBe(201);
  return res.json.volunteerId;
}

/** An event restricted to one region, created by the admin through the API (pending approval); its id. */
async function eventIn(adminApi: Awaited<ReturnType<typeof apiClient>>, regionId: number, nameAr: string) {
  const res = await adminApi(
    'POST',
    '/api/opportunities',
    eventDetails({ nameAr, visibility: 1, regionIds: [regionId], startDate: inDays(20), endDate: inDays(22) }),
  );
  expect(res.status).toBe(201);
  return res.json.opportunityId as string;
}

describe('the administration journey of issue 9, in Arabic', () => {
  let admin: Page;
  let member: Page;
  let userPath = '';
  const seeded = { eastReg: '', riyadhReg: '', eastEvent: '', riyadhEvent: '' };

  beforeAll(async () => {
    seeded.eastReg = await registrationIn(EASTERN, 11, 'بدر', 'الخالدي');
    seeded.riyadhReg = await registrationIn(RIYADH, 3, 'هند', 'العمري');
    const adminApi = await apiClient(site.url, 'admin', 'Admin@2026!');
    seeded.eastEvent = await eventIn(adminApi, EASTERN, `فعالية الشرقية ${stamp}`);
    seeded.riyadhEvent = await eventIn(adminApi, RIYADH, `فعالية الرياض ${stamp}`);
  });

  it('the admin creates a staff member limited to the Eastern region, with a department', async () => {
    admin = await site.page();
    await site.signIn(admin, 'admin', 'Admin@2026!');
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(admin, 'nav a[href="/ar/users"]');
    await press(admin, '[data-testid="new-user"]');
    await fillStaffUser(admin, {
      userName: staff.userName,
      password: staff.password,
      nameAr: staff.nameAr,
      nameEn: staff.nameEn,
      email: `${staff.userName}@portal.localhost`,
      mobile: '0557654321',
      roleId: '2',
      departmentId: '1',
    });
    await press(admin, `[data-testid="region-${EASTERN}"]`);
    userPath = await saveNewUser(admin);
    await waitForText(admin, staff.nameAr);
    // Read back from the server: the one region ticked, no other, and the department.
    await admin.waitForFunction(
      (east, riyadh) =>
        (document.querySelector(`[data-testid="region-${east}"]`) as HTMLInputElement | null)?.checked === true &&
        (document.querySelector(`[data-testid="region-${riyadh}"]`) as HTMLInputElement | null)?.checked === false,
      {},
      EASTERN,
      RIYADH,
    );
    expect(await admin.$eval('#user-departmentId', (e) => (e as HTMLSelectElement).value)).toBe('1');
  });

  it('the admin grants the staff role Approve on the events screen, which staff lack by default', async () => {
    await setPermissionBox(admin, site.url, STAFF_APPROVE, true);
  });

  it('the admin sees every region: both registrations and both pending events, and the delete button', async () => {
    await admin.goto(`${site.url}/ar/registrations`, { waitUntil: 'networkidle2' });
    await admin.waitForSelector(`[data-testid="registrations-grid"] a[href="/ar/registrations/${seeded.riyadhReg}"]`);
    await admin.waitForSelector(`[data-testid="registrations-grid"] a[href="/ar/registrations/${seeded.eastReg}"]`);
    await admin.goto(`${site.url}/ar/events/manage`, { waitUntil: 'networkidle2' });
    await admin.waitForSelector(`[data-testid="pending-events"] a[href="/ar/events/manage/${seeded.riyadhEvent}"]`);
    await admin.waitForSelector(`[data-testid="pending-events"] a[href="/ar/events/manage/${seeded.eastEvent}"]`);
    await admin.goto(`${site.url}/ar/events/manage/${seeded.eastEvent}`, { waitUntil: 'networkidle2' });
    await admin.waitForSelector('[data-testid="delete-event"]');
  });

  it('the staff member signs in, changes her first password and reaches her dashboard', async () => {
    member = await site.page();
    await member.setUserAgent({ userAgent: AGENT });
    await site.signIn(member, staff.userName, staff.password);
    await changeFirstPassword(member, staff.password, staff.fresh);
    await waitForText(member, 'الدور: موظف');
    expect(await member.$('[data-testid="no-department"]')).toBeNull();
  });

  it("she sees only her region's registrations", async () => {
    await press(member, 'nav a[href="/ar/registrations"]');
    await member.waitForSelector(`[data-testid="registrations-grid"] a[href="/ar/registrations/${seeded.eastReg}"]`);
    await waitForText(member, 'الخالدي');
    expect(await links(member, '[data-testid="registrations-grid"] tbody')).not.toContain(
      `/ar/registrations/${seeded.riyadhReg}`,
    );
    expect(await bodyText(member)).not.toContain('العمري');
    expect(await seriousA11yViolations(member)).toEqual([]);
    // Nor can she open the other region's application by its address.
    await member.goto(`${site.url}/ar/registrations/${seeded.riyadhReg}`, { waitUntil: 'networkidle2' });
    await waitForText(member, 'العنصر المطلوب غير موجود.');
    expect(await bodyText(member)).not.toContain('العمري');
  });

  it("she sees only her region's pending events, the granted approve button and no delete button", async () => {
    await member.goto(`${site.url}/ar/events/manage`, { waitUntil: 'networkidle2' });
    await member.waitForSelector(`[data-testid="pending-events"] a[href="/ar/events/manage/${seeded.eastEvent}"]`);
    expect(await links(member, '[data-testid="pending-events"]')).not.toContain(
      `/ar/events/manage/${seeded.riyadhEvent}`,
    );
    expect(await bodyText(member)).not.toContain(`فعالية الرياض ${stamp}`);
    expect(await seriousA11yViolations(member)).toEqual([]);

    await press(member, `[data-testid="pending-events"] a[href="/ar/events/manage/${seeded.eastEvent}"]`);
    await member.waitForSelector('[data-testid="event-approval"][data-approval="pending"]');
    await member.waitForSelector('[data-testid="approve-event"]');
    // Delete is not granted to staff: the button the admin has on this very event is not there.
    expect(await member.$('[data-testid="delete-event"]')).toBeNull();
    expect(await seriousA11yViolations(member)).toEqual([]);
    await press(member, '[data-testid="approve-event"]');
    await member.waitForSelector('[data-testid="event-approval"][data-approval="approved"]');
  });

  it('the admin adds a city and renames a work field, and a new visitor’s registration form offers both', async () => {
    await press(admin, 'nav a[href="/ar/master-data"]');
    await openLookupKind(admin, 'city');
    await press(admin, '[data-testid="master-data-add"]');
    await fillLookupRow(admin, 'new-1', NEW_CITY, String(EASTERN));
    await press(admin, lookupRow('new-1', 'row-save'));
    await waitForText(admin, 'تم حفظ البيانات بنجاح.');
    await openLookupKind(admin, 'workField');
    await renameLookupItem(admin, WORK_FIELD.id, WORK_FIELD);

    const visitor = await site.page();
    await registrationFormOffers(visitor, site.url, String(EASTERN), NEW_CITY.ar, WORK_FIELD.ar);
    expect(await bodyText(visitor)).not.toContain(WORK_FIELD.before);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await visitor.browserContext().close();
  });

  it("the admin reads the account's history: each change by its actor, its action translated", async () => {
    await admin.goto(`${site.url}${userPath}`, { waitUntil: 'networkidle2' });
    await press(admin, '[data-testid="user-history"]');
    await admin.waitForFunction(
      (path) => location.pathname === `/ar/history/user/${path.split('/').pop()}`,
      {},
      userPath,
    );
    await admin.waitForSelector('[data-testid="history-entry"][data-action="PasswordChanged"]');
    const entries = await historyEntries(admin);
    const by = (action: string) => entries.find((e) => e.action === action);
    expect(by('AccountCreated')).toMatchObject({ title: 'إنشاء حساب', actor: ADMIN_NAME });
    expect(by('UserAreasAssigned')).toMatchObject({ title: 'تحديد مناطق الموظف ومدنه', actor: ADMIN_NAME });
    // Her region by its name, not its id.
    expect(by('UserAreasAssigned')!.text).toContain('المنطقة الشرقية');
    expect(by('PasswordChanged')).toMatchObject({ title: 'تغيير كلمة المرور', actor: staff.nameAr });
    await expectNoRawKeys(admin, entries);
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it("the admin opens the work fields' history from their grid: the rename, from and to, by her", async () => {
    await openLookupKind(admin, 'workField');
    await press(admin, '[data-testid="master-data-history"]');
    await admin.waitForFunction(() => location.pathname === '/ar/history/lookup/workField');
    await admin.waitForSelector('[data-testid="history-entry"][data-action="LookupItemRenamed"]');
    // The list is named as its screen is, not by its key.
    expect(await admin.$eval('[data-testid="history-record"]', (e) => e.textContent)).toBe(
      'البيانات المرجعية: مجالات العمل',
    );
    expect(await bodyText(admin)).not.toContain('workField');
    const entries = await historyEntries(admin);
    const renamed = entries.filter((e) => e.action === 'LookupItemRenamed');
    expect(renamed).toHaveLength(1);
    expect(renamed[0]).toMatchObject({ title: 'تعديل اسم عنصر بيانات مرجعية', actor: ADMIN_NAME });
    expect(renamed[0]!.text).toContain(WORK_FIELD.before);
    expect(renamed[0]!.text).toContain(WORK_FIELD.ar);
    await expectNoRawKeys(admin, entries);
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it("the admin finds the staff member's sign-in in the users log and exports it to Excel", async () => {
    await admin.goto(`${site.url}/ar/users-log`, { waitUntil: 'networkidle2' });
    await admin.waitForSelector('[data-testid="users-log-row"]');
    await press(admin, '[data-testid="users-log-statuses"] input[value="1"]');
    await admin.type('input[data-testid="users-log-userAgent"]', 'AdministrationJourney');
    await press(admin, 'form button[type="submit"]');
    await admin.waitForFunction(() =>
      new URLSearchParams(location.search).get('userAgent')?.includes('Administration'),
    );
    await admin.waitForFunction(
      (userName) => {
        const rows = [...document.querySelectorAll('[data-testid="users-log-row"]')];
        return (
          rows.length > 0 &&
          rows.every((r) => r.getAttribute('data-status') === '1' && r.textContent?.includes(userName))
        );
      },
      {},
      staff.userName,
    );
    await waitForText(admin, staff.nameAr);

    // The export button opens the export dialog (Excel, formatted, by default): start it, then download.
    await press(admin, '[data-testid="grid-export"]');
    await press(admin, '[data-testid="export-start"]');
    await admin.waitForSelector('[data-testid="export-download"]', { timeout: 30_000 });
    const sheet = await readSheet(
      readFileSync(await downloadedFile(admin, '[data-testid="export-download"]', downloads)),
    );
    expect(sheet.headers).toEqual(USERS_LOG_HEADERS_AR);
    expect(sheet.rows.length).toBeGreaterThan(0);
    for (const row of sheet.rows) expect(row[5]).toBe(AGENT);
    expect(sheet.rows.map((r) => [r[1], r[2], r[3]])).toContainEqual([staff.nameAr, staff.userName, 'دخول ناجح']);
  });
});

interface ShownEntry {
  action: string;
  title: string;
  actor: string;
  text: string;
}

/** The history entries on the page as the admin reads them: the action's key (an attribute), heading, actor, text. */
function historyEntries(page: Page): Promise<ShownEntry[]> {
  return page.$$eval('[data-testid="history-entry"]', (items) =>
    items.map((li) => ({
      action: li.getAttribute('data-action') ?? '',
      title: li.querySelector('h3')?.textContent?.trim() ?? '',
      actor: li.querySelector('[data-testid="history-actor"]')?.textContent?.trim() ?? '',
      text: li.textContent ?? '',
    })),
  );
}

/** No entry's action is shown by its event type's key: each heading is translated, and no key is on the page. */
async function expectNoRawKeys(page: Page, entries: ShownEntry[]): Promise<void> {
  expect(entries.length).toBeGreaterThan(0);
  const text = await bodyText(page);
  for (const e of entries) {
    expect(e.title).toMatch(/[\u0600-\u06ff]/);
    expect(text).not.toContain(e.action);
  }
}
