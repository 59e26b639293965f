import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { fillStaffUser, saveNewUser } from '../support/admin-screens.ts';
import { changeFirstPassword, press, submitLoginAt, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic: the admin creates a staff account limited to one region (and one of its cities) with a department; the
// staff member signs in (a first password change, then the dashboard, with no "contact a super admin" notice); the
// admin deactivates the account and the next sign-in is refused with the translated message. axe-core checks the
// users grid, the new-user form (with its errors shown) and the account's page.

const site = journey();

describe('users administration, in Arabic', () => {
  const userName = `staff_east_${Date.now() % 100000}`;
  const password = 'Start@2026!x';
  let admin: Page;
  let userPath = '';

  it('lets the admin open the users grid from the menu and find the demo staff member', async () => {
    admin = await site.page();
    await site.signIn(admin, 'admin', 'Admin@2026!');
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(admin, 'nav a[href="/ar/users"]');
    await admin.waitForSelector('[data-testid="users-grid"]');
    await admin.waitForSelector('[data-testid="user-row-staff"]');
    // Search by user name (server-side): Enter in the filter panel puts it in the address.
    const searchBox = await admin.waitForSelector('[data-testid="users-search"]');
    await searchBox!.type('reviewer');
    await admin.keyboard.press('Enter');
    await admin.waitForFunction(() => new URLSearchParams(location.search).get('search') === 'reviewer');
    await admin
      .waitForFunction(
        () =>
          !!document.querySelector('[data-testid="user-row-reviewer"]') &&
          !document.querySelector('[data-testid="user-row-staff"]'),
      )
      .catch(async (e) => {
        const rows = await admin.$$eval('[data-testid^="user-row-"]', (xs) =>
          xs.map((x) => x.getAttribute('data-testid')),
        );
        throw new Error(`${e}: ${admin.url()} rows ${JSON.stringify(rows)}`);
      });
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it('creates a staff account limited to one region and a single city of another, with a department', async () => {
    await press(admin, 'nav a[href="/ar/users"]');
    await press(admin, '[data-testid="new-user"]');
    await admin.waitForSelector('#user-userName');
    // The domain's rules run in the browser first: an empty form marks its fields.
    await press(admin, '[data-testid="save-user"]');
    await admin.waitForFunction(
      () => document.querySelector('#user-userName')?.getAttribute('aria-invalid') === 'true',
    );
    expect(await seriousA11yViolations(admin)).toEqual([]);

    await fillStaffUser(admin, {
      userName,
      password,
      nameAr: 'موظفة المنطقة الشرقية',
      nameEn: 'Eastern region staff',
      email: `${userName}@portal.localhost`,
      mobile: '0551234567',
      roleId: '2',
      departmentId: '1',
    });
    // A chosen region covers its cities: single cities are offered from the other regions only. With the Eastern
    // region (5) chosen, Jeddah (5, in Makkah region) is added on its own; Dammam (11, Eastern) is no longer offered.
    await press(admin, '[data-testid="region-5"]');
    await admin.click('[data-testid="user-cities"]');
    await admin.type('[data-testid="user-cities"]', 'جدة');
    await admin.waitForSelector('[role="option"]');
    const offered = await admin.$$eval('[role="option"]', (os) => os.map((o) => o.textContent ?? ''));
    expect(offered.some((o) => o.startsWith('جدة'))).toBe(true);
    await admin.keyboard.press('ArrowDown');
    await admin.keyboard.press('Enter');
    await admin.keyboard.press('Escape');
    await admin.click('[data-testid="user-cities"]');
    await admin.type('[data-testid="user-cities"]', 'الدمام');
    expect(
      await admin.$$eval(
        '[role="option"]',
        (os) => os.filter((o) => (o.textContent ?? '').startsWith('الدمام')).length,
      ),
    ).toBe(0);
    await admin.keyboard.press('Escape');
    userPath = await saveNewUser(admin);
    await waitForText(admin, 'موظفة المنطقة الشرقية');
    // The saved areas: the Eastern region ticked, Jeddah among the single cities.
    await admin.waitForFunction(
      () => (document.querySelector('[data-testid="region-5"]') as HTMLInputElement | null)?.checked === true,
    );
    await waitForText(admin, 'جدة');
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it('lets the new staff member sign in, change the first password and reach her dashboard', async () => {
    const page = await site.page();
    await site.signIn(page, userName, password);
    await changeFirstPassword(page, password, 'Fresh@2026!q');
    await waitForText(page, 'الدور: موظف');
    // She has a department: no "contact a super admin" notice.
    expect(await page.$('[data-testid="no-department"]')).toBeNull();
    await page.browserContext().close();
  });

  it('deactivates the account after a confirmation, and the next sign-in is refused with the translated message', async () => {
    await admin.goto(`${site.url}${userPath}`, { waitUntil: 'networkidle2' });
    await press(admin, '[data-testid="deactivate-user"]');
    await admin.waitForSelector('[data-testid="confirm-status"]');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await press(admin, '[data-testid="confirm-status"]');
    await admin.waitForFunction(() => document.querySelector('[data-testid="user-status"]')?.textContent === 'موقوف');
    await admin.waitForSelector('[data-testid="reactivate-user"]');

    const page = await site.page();
    await submitLoginAt(page, site.url, userName, 'Fresh@2026!q');
    await waitForText(page, 'تم إيقاف الحساب، يرجى التواصل مع مسؤول النظام.');
    expect(new URL(page.url()).pathname).toBe('/ar/login');
  });
});
