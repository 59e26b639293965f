import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press, setValue, waitForText } from '../support/browser.ts';
import { launchChromium, seriousA11yViolations } from '../support/chromium.ts';
import { npmStart, type StartedPortal } from '../support/npm-start.ts';

// In Arabic: the admin opens an event's history tab and reads translated actions and field names (no raw keys), finds
// the audit log's rows of a staff member by typing her name, opens the users log, filters the failed sign-ins and
// downloads them as an Excel file, read back here. axe-core checks each new screen.

let portal: StartedPortal;
let browser: Browser;
let downloads: string;

beforeAll(async () => {
  portal = await npmStart();
  browser = await launchChromium();
  downloads = mkdtempSync(join(tmpdir(), 'audit-e2e-'));
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const RAW_KEYS = ['OpportunityCreated', 'OpportunityEdited', 'OpportunityApproved', 'JoinRequestHeld', 'maxHours'];

async function signIn(page: Page, userName: string, password: string) {
  await page.goto(`${portal.url}/ar/login`, { waitUntil: 'networkidle2' });
  await page.waitForSelector('input[name="userName"]');
  await page.type('input[name="userName"]', userName);
  await page.type('input[name="password"]', password);
  await Promise.all([
    page.waitForFunction(() => !location.pathname.endsWith('/login'), { timeout: 20_000 }),
    page.keyboard.press('Enter'),
  ]);
}

async function newPage(): Promise<Page> {
  const page = await (await browser.createBrowserContext()).newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

const bodyText = (page: Page) => page.$eval('body', (b) => b.textContent ?? '');

describe('audit for admins, in Arabic', () => {
  let eventId = '';

  beforeAll(async () => {
    const staff = await apiClient(portal.url, 'staff', 'Staff@2026!');
    const stamp = Date.now() % 100000;
    const form = {
      code: `AUD-${stamp}`,
      nameAr: `حملة التدقيق ${stamp}`,
      nameEn: `Audit campaign ${stamp}`,
      leadName: 'Khalid Alharbi',
      leadMobile: '0551234567',
      leadEmail: 'lead@example.org',
      visibility: 0,
      regionIds: [],
      cityIds: [],
      maxInvitations: 10,
      maxContributions: 2,
      startDate: inDays(40),
      endDate: inDays(41),
      gender: 3,
      timePeriod: 3,
      volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
      attendanceType: 1,
      maxHours: 6,
    };
    const created = await staff('POST', '/api/opportunities', form);
    expect(created.status).toBe(201);
    eventId = created.json.opportunityId;
    expect((await staff('PUT', `/api/opportunities/${eventId}`, { ...form, maxHours: 4 })).status).toBe(200);
    // A failed sign-in for the users log.
    const res = await fetch(`${portal.url}/api/session`);
    const csrf = (await res.json()).csrfToken as string;
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const failed = await fetch(`${portal.url}/api/session/login`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', 'user-agent': 'AuditJourney/2.0' },
      body: JSON.stringify({ userName: 'staff', password: 'not-the-password', language: 1 }),
    });
    expect(failed.status).toBe(401);
  });

  it("shows an event's history with translated actions and field names", async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${portal.url}/ar/events/manage/${eventId}`, { waitUntil: 'networkidle2' });
    await press(page, '[data-testid="event-history-tab"]');
    await page.waitForSelector('[data-testid="history-entry"][data-action="OpportunityEdited"]');
    await waitForText(page, 'إنشاء الفعالية');
    await waitForText(page, 'تعديل الفعالية');
    await waitForText(page, 'الحد الأقصى للساعات');
    await waitForText(page, 'خالد الحربي');
    expect(await page.$$('[data-testid="history-hijri"]')).not.toHaveLength(0);
    const text = await bodyText(page);
    for (const raw of RAW_KEYS) expect(text).not.toContain(raw);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it("finds a staff member's changes in the audit log by typing her name", async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin@2026!');
    await press(page, 'nav a[href="/ar/audit-log"]');
    await page.waitForSelector('[data-testid="audit-row"]');
    await page.type('[data-testid="audit-actor"]', 'خالد');
    const option = await page.waitForSelector('[role="option"]');
    expect(await option!.evaluate((o) => o.textContent)).toContain('خالد الحربي');
    await option!.click();
    await page.click('form button[type="submit"]');
    await page.waitForFunction(() => location.search.includes('actorId='));
    await page.waitForSelector('[data-testid="audit-row"]');
    const actors = await page.$$eval('[data-testid="audit-row"]', (rows) =>
      rows.map((r) => r.querySelector('td:nth-child(2)')?.textContent ?? ''),
    );
    expect(actors.length).toBeGreaterThan(0);
    for (const a of actors) expect(a).toContain('خالد الحربي');
    const text = await bodyText(page);
    for (const raw of RAW_KEYS) expect(text).not.toContain(raw);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it('filters the failed sign-ins in the users log and downloads them as an Excel file', async () => {
    const page = await newPage();
    await signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${portal.url}/ar/audit-log`, { waitUntil: 'networkidle2' });
    await press(page, '[data-testid="users-log-link"]');
    await page.waitForSelector('[data-testid="users-log-row"]');
    await waitForText(page, 'سجل دخول المستخدمين');
    await press(page, '[data-testid="users-log-statuses"] input[value="3"]');
    await setValue(page, 'input[data-testid="users-log-agent"]', 'AuditJourney');
    await page.click('form button[type="submit"]');
    // The router keeps the filters in the URL (a string value JSON-quoted: loginStatuses=%223%22).
    await page.waitForFunction(() => new URLSearchParams(location.search).get('loginStatuses')?.includes('3'));
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="users-log-row"]')];
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-status') === '3');
    });
    await waitForText(page, 'بيانات الدخول غير صحيحة');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const cdp = await page.createCDPSession();
    // Downloads are allowed per browser context (each page of this file has its own).
    await cdp.send('Browser.setDownloadBehavior', {
      behavior: 'allow',
      downloadPath: downloads,
      ...(page.browserContext().id ? { browserContextId: page.browserContext().id } : {}),
    });
    await press(page, '[data-testid="grid-export"]');
    const file = await new Promise<string>((resolve, reject) => {
      const started = Date.now();
      const poll = setInterval(() => {
        const done = readdirSync(downloads).find((f) => f.endsWith('.xlsx'));
        if (done) {
          clearInterval(poll);
          resolve(join(downloads, done));
        } else if (Date.now() - started > 20_000) {
          clearInterval(poll);
          reject(new Error('no download'));
        }
      }, 200);
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.views[0]?.rightToLeft).toBe(true);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([
      'الوقت',
      'المستخدم',
      'اسم المستخدم',
      'نتيجة الدخول',
      'عنوان IP',
      'المتصفح',
    ]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    for (let i = 2; i <= sheet.rowCount; i++) {
      expect(sheet.getRow(i).getCell(4).value).toBe('بيانات الدخول غير صحيحة');
      expect(sheet.getRow(i).getCell(6).value).toBe('AuditJourney/2.0');
    }
    await page.close();
  });
});
