import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { downloadedFile, press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';
import { readSheet, USERS_LOG_HEADERS_AR } from '../support/xlsx.ts';

// In Arabic: the admin opens an event's history tab and reads translated actions and field names (no raw keys), finds
// the audit log's rows of a staff member by typing her name, opens the users log, filters the failed sign-ins and
// downloads them as an Excel file, read back here. axe-core checks each new screen.

let downloads: string;

const site = journey();

beforeAll(async () => {
  downloads = mkdtempSync(join(tmpdir(), 'audit-e2e-'));
});
afterAll(() => {
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

const RAW_KEYS = ['OpportunityCreated', 'OpportunityEdited', 'OpportunityApproved', 'JoinRequestHeld', 'maxHours'];

const bodyText = (page: Page) => page.$eval('body', (b) => b.textContent ?? '');

describe('audit for admins, in Arabic', () => {
  let eventId = '';

  beforeAll(async () => {
    const staff = await apiClient(site.url, 'staff', 'Staff@2026!');
    const form = eventDetails({
      nameAr: `حملة التدقيق ${Date.now() % 100000}`,
      startDate: inDays(40),
      endDate: inDays(41),
    });
    const created = await staff('POST', '/api/opportunities', form);
    expect(created.status).toBe(201);
    eventId = created.json.opportunityId;
    expect((await staff('PUT', `/api/opportunities/${eventId}`, { ...form, maxHours: 4 })).status).toBe(200);
    // A failed sign-in for the users log.
    const res = await fetch(`${site.url}/api/session`);
    const csrf = (await res.json()).csrfToken as string;
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const failed = await fetch(`${site.url}/api/session/login`, {
      method: 'POST',
      headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json', 'user-agent': 'AuditJourney/2.0' },
      body: JSON.stringify({ userName: 'staff', password: 'not-the-password', language: 1 }),
    });
    expect(failed.status).toBe(401);
  });

  it("shows an event's history with translated actions and field names", async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${site.url}/ar/events/manage/${eventId}`, { waitUntil: 'networkidle2' });
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

    // A record without a screen of its own (a master data list) has its history on a page of its own.
    await page.goto(`${site.url}/ar/history/lookup/city`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="history-entry"][data-action="LookupItemAdded"]');
    await waitForText(page, 'إضافة عنصر بيانات مرجعية');
    expect(await bodyText(page)).not.toContain('LookupItemAdded');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });

  it("finds a staff member's changes in the audit log by typing her name", async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
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
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${site.url}/ar/audit-log`, { waitUntil: 'networkidle2' });
    await press(page, '[data-testid="users-log-link"]');
    await page.waitForSelector('[data-testid="users-log-row"]');
    await waitForText(page, 'سجل دخول المستخدمين');
    await press(page, '[data-testid="users-log-statuses"] input[value="3"]');
    await setValue(page, 'input[data-testid="users-log-userAgent"]', 'AuditJourney');
    await page.click('form button[type="submit"]');
    // The router keeps the filters in the URL (a string value JSON-quoted: loginStatuses=%223%22).
    await page.waitForFunction(() => new URLSearchParams(location.search).get('loginStatuses')?.includes('3'));
    await page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="users-log-row"]')];
      return rows.length > 0 && rows.every((r) => r.getAttribute('data-status') === '3');
    });
    await waitForText(page, 'بيانات الدخول غير صحيحة');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The export button opens the export dialog (Excel, formatted, by default): start it, then download.
    await press(page, '[data-testid="grid-export"]');
    await press(page, '[data-testid="export-start"]');
    await page.waitForSelector('[data-testid="export-download"]', { timeout: 30_000 });
    const file = await downloadedFile(page, '[data-testid="export-download"]', downloads);
    const sheet = await readSheet(readFileSync(file));
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.headers).toEqual(USERS_LOG_HEADERS_AR);
    expect(sheet.rows.length).toBeGreaterThan(0);
    for (const row of sheet.rows) expect([row[3], row[5]]).toEqual(['بيانات الدخول غير صحيحة', 'AuditJourney/2.0']);
    await page.close();
  });
});
