import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import {
  fillLookupRow,
  lookupRow,
  openLookupKind,
  registrationFormOffers,
  renameLookupItem,
} from '../support/admin-screens.ts';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic: the administrator adds a city (in a city group) and renames a work field inline in the master-data grids, and the
// registration form, opened as a new volunteer would (a fresh browser context), offers the new names. A duplicate
// name shows the translated "already exists". axe-core checks the new screens.

const site = journey();
const row = lookupRow;
const NEW_CITY = { ar: 'العلا', en: 'AlUla' };
const WORK_FIELD = { ar: 'الرعاية الصحية المجتمعية', en: 'Community health care' };

describe('master data, in Arabic', () => {
  let admin: Page;

  it('the administrator opens the master data from the menu and adds a city in the grid', async () => {
    admin = await site.page();
    await site.signIn(admin, 'admin', 'Admin@2026!');
    await press(admin, 'nav a[href="/ar/master-data"]');
    await admin.waitForSelector('[data-testid="master-data-kinds"]');
    await waitForText(admin, 'أنواع الفعاليات');
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(admin)).toEqual([]);

    await press(admin, '[data-testid="kind-city"]');
    await admin.waitForSelector('[data-testid="master-data-grid"] [data-row="1"]');
    await waitForText(admin, 'المدن');
    expect(await seriousA11yViolations(admin)).toEqual([]);

    await press(admin, '[data-testid="master-data-add"]');
    await admin.waitForSelector(row('new-1', 'edit-nameAr'));
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await fillLookupRow(admin, 'new-1', NEW_CITY, '3');
    // Its city group (optional): the governorates.
    await admin.select(row('new-1', 'edit-groupId'), '2');
    await press(admin, row('new-1', 'row-save'));
    await waitForText(admin, 'تم حفظ البيانات بنجاح.');
    await setValue(admin, '[data-testid="master-data-search"]', NEW_CITY.ar);
    await admin.waitForFunction(
      (name) =>
        [...document.querySelectorAll('[data-testid="master-data-row"]')].some((r) => r.textContent?.includes(name)),
      {},
      NEW_CITY.en,
    );
    expect(
      await admin.$eval('[data-testid="master-data-row"]:not([data-row^="new-"])', (r) => r.textContent ?? ''),
    ).toContain('المحافظات');
  });

  it('a duplicate name is refused with the translated "already exists"', async () => {
    await setValue(admin, '[data-testid="master-data-search"]', '');
    await press(admin, '[data-testid="master-data-add"]');
    await fillLookupRow(admin, 'new-2', { ar: 'جدة', en: 'Jeddah city' }, '2');
    await press(admin, row('new-2', 'row-save'));
    await admin.waitForSelector(row('new-2', 'row-error'));
    expect(await admin.$eval(row('new-2', 'row-error'), (e) => e.textContent)).toBe(
      'يوجد عنصر بهذا الرقم أو الاسم مسبقاً.',
    );
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it('deactivates and reactivates an item, deletes one never used after confirming, and sets a region colour', async () => {
    await setValue(admin, '[data-testid="master-data-search"]', NEW_CITY.ar);
    const city = await admin.waitForSelector('[data-testid="master-data-row"]:not([data-row^="new-"])');
    const key = await city!.evaluate((r) => r.getAttribute('data-row')!);
    await press(admin, row(key, 'row-toggle-active'));
    await admin.waitForFunction(
      (k) => document.querySelector(`[data-row="${k}"]`)?.textContent?.includes('غير مفعّل'),
      {},
      key,
    );
    await press(admin, row(key, 'row-toggle-active'));
    await admin.waitForFunction(
      (k) => !document.querySelector(`[data-row="${k}"]`)?.textContent?.includes('غير مفعّل'),
      {},
      key,
    );

    await press(admin, 'a[href="/ar/master-data"]');
    await press(admin, '[data-testid="kind-cityGroup"]');
    await admin.waitForSelector('[data-testid="master-data-add"]');
    await press(admin, '[data-testid="master-data-add"]');
    await setValue(admin, row('new-1', 'edit-nameAr'), 'مجموعة مؤقتة');
    await setValue(admin, row('new-1', 'edit-nameEn'), 'Temporary group');
    await press(admin, row('new-1', 'row-save'));
    // The seed's two city groups (region seats, governorates) come first: the new one is 3.
    await admin.waitForSelector(row('3', 'row-delete'));
    await press(admin, row('3', 'row-delete'));
    await admin.waitForSelector('[data-testid="master-data-confirm-delete"]');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await press(admin, '[data-testid="master-data-confirm-delete"]');
    await waitForText(admin, 'تم حذف العنصر.');
    await admin.waitForFunction(() => !document.querySelector('[data-row="3"]'));

    await press(admin, 'a[href="/ar/master-data"]');
    await press(admin, '[data-testid="kind-region"]');
    await press(admin, row('2', 'row-edit'));
    await setValue(admin, row('2', 'edit-colourName'), 'أخضر');
    await setValue(admin, row('2', 'edit-colourCode'), '#00a65a');
    await press(admin, row('2', 'row-save'));
    await admin.waitForFunction(() => document.querySelector('[data-row="2"]')?.textContent?.includes('#00A65A'));
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it('the administrator renames a work field inline', async () => {
    await openLookupKind(admin, 'workField');
    await renameLookupItem(admin, '1', WORK_FIELD);
  });

  it('the event types are edited as one batch: several rows, one save; a bad row refuses them all', async () => {
    await press(admin, 'a[href="/ar/master-data"]');
    await press(admin, '[data-testid="kind-eventTypeGroup"]');
    await admin.waitForSelector('[data-testid="master-data-add"]');
    await press(admin, '[data-testid="master-data-add"]');
    await setValue(admin, row('new-1', 'edit-nameAr'), 'فعاليات صحية');
    await setValue(admin, row('new-1', 'edit-nameEn'), 'Health events');
    await press(admin, row('new-1', 'row-save'));
    await admin.waitForSelector('[data-row="1"]');

    await press(admin, 'a[href="/ar/master-data"]');
    await press(admin, '[data-testid="kind-eventType"]');
    await admin.waitForSelector('[data-testid="grid-empty"]');
    expect(await admin.$eval('[data-testid="grid-page-size"]', (e) => (e as HTMLSelectElement).value)).toBe('20');
    const fill = async (key: string, ar: string, en: string, min: string, max: string) => {
      await fillLookupRow(admin, key, { ar, en }, '1');
      await setValue(admin, row(key, 'edit-minTarget'), min);
      await setValue(admin, row(key, 'edit-maxTarget'), max);
    };
    await press(admin, '[data-testid="master-data-add"]');
    await fill('new-1', 'حملة توعية', 'Awareness campaign', '5', '10');
    await press(admin, '[data-testid="master-data-add"]');
    await fill('new-2', 'تمرين إخلاء', 'Evacuation drill', '8', '2');
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await press(admin, '[data-testid="master-data-save-all"]');
    await admin.waitForSelector(row('new-2', 'row-error'));
    expect(await admin.$eval(row('new-2', 'row-error'), (e) => e.textContent)).toBe(
      'يجب أن يكون الحد الأدنى للمستهدف أقل من الحد الأعلى.',
    );
    expect(await admin.$(row('new-1', 'row-error'))).toBeNull();
    await setValue(admin, row('new-2', 'edit-maxTarget'), '12');
    await press(admin, '[data-testid="master-data-save-all"]');
    await waitForText(admin, 'تم حفظ البيانات بنجاح.');
    await admin.waitForFunction(() => document.querySelectorAll('[data-testid="master-data-row"]').length === 2);
    await waitForText(admin, 'تمرين إخلاء');
  });

  it('the registration form, opened by a new volunteer, offers the new city and the renamed work field', async () => {
    await registrationFormOffers(await site.page(), site.url, '3', NEW_CITY.ar, WORK_FIELD.ar);
  });
});
