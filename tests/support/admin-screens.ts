import type { Page } from 'puppeteer-core';
import { expect } from 'vitest';
import { press, setValue, waitForText } from './browser.ts';
import { seriousA11yViolations } from './chromium.ts';

// Steps of the administration screens that several browser journeys take (users, permissions, master data).

/** A staff account's own fields as the new-user form takes them (role and department: the options' values). */
export interface StaffUserFields {
  userName: string;
  password: string;
  nameAr: string;
  nameEn: string;
  email: string;
  mobile: string;
  roleId: string;
  departmentId: string;
}

/** Fills the new-user form's own fields; the caller ticks the areas (the cities offered follow the regions). */
export async function fillStaffUser(admin: Page, u: StaffUserFields): Promise<void> {
  await admin.waitForSelector('#user-userName');
  await setValue(admin, '#user-userName', u.userName);
  await setValue(admin, '#user-password', u.password);
  await setValue(admin, '#user-name-ar', u.nameAr);
  await setValue(admin, '#user-name-en', u.nameEn);
  await setValue(admin, '#user-email', u.email);
  await setValue(admin, '#user-mobile', u.mobile);
  await admin.select('#user-roleId', u.roleId);
  await admin.select('#user-departmentId', u.departmentId);
}

/** Saves the new-user form and waits for the new account's page; answers its path (/ar/users/<id>). */
export async function saveNewUser(admin: Page): Promise<string> {
  await Promise.all([
    admin.waitForFunction(() => /^\/ar\/users\/[0-9a-f-]{36}$/.test(location.pathname), { timeout: 20_000 }),
    press(admin, '[data-testid="save-user"]'),
  ]);
  return new URL(admin.url()).pathname;
}

/**
 * The admin ticks or unticks one box of the permissions matrix and saves it after the confirmation (axe-core checks
 * the dialog); waits until the matrix, read again from the server, shows the box so.
 */
export async function setPermissionBox(admin: Page, baseUrl: string, selector: string, on: boolean): Promise<void> {
  await admin.goto(`${baseUrl}/ar/permissions`, { waitUntil: 'networkidle2' });
  await admin.waitForSelector(selector);
  expect(await admin.$eval(selector, (e) => (e as HTMLInputElement).checked)).toBe(!on);
  await press(admin, selector);
  await waitForText(admin, 'تغييرات غير محفوظة: 1');
  await press(admin, '[data-testid="permissions-save"]');
  await admin.waitForSelector('[role="dialog"]');
  await waitForText(admin, 'حفظ الصلاحيات');
  expect(await seriousA11yViolations(admin)).toEqual([]);
  await press(admin, '[data-testid="permissions-confirm"]');
  // Saved: the dialog closes and nothing is left to save (the matrix read again from the server).
  await admin.waitForFunction(() => !document.querySelector('[role="dialog"]'), { timeout: 40_000 });
  await waitForText(admin, 'لا توجد تغييرات.');
  expect(await admin.$('[data-testid="permissions-failed"]')).toBeNull();
  await admin.waitForFunction(
    (s, want) => (document.querySelector(s) as HTMLInputElement | null)?.checked === want,
    {},
    selector,
    on,
  );
}

/** An element of a master-data grid's row, by the row's key (an item's id, or `new-1` … for rows being added). */
export const lookupRow = (key: string, testId: string) => `[data-row="${key}"] [data-testid="${testId}"]`;

/** Fills a master-data row being edited: its names in both languages, and its parent when the kind has one. */
export async function fillLookupRow(
  admin: Page,
  key: string,
  names: { ar: string; en: string },
  parentId?: string,
): Promise<void> {
  await admin.waitForSelector(lookupRow(key, 'edit-nameAr'));
  await setValue(admin, lookupRow(key, 'edit-nameAr'), names.ar);
  await setValue(admin, lookupRow(key, 'edit-nameEn'), names.en);
  if (parentId !== undefined) await admin.select(lookupRow(key, 'edit-parentId'), parentId);
}

/** Opens one kind's grid from the master-data page (the link back on a grid's page, or the menu). */
export async function openLookupKind(admin: Page, kind: string): Promise<void> {
  await press(admin, 'a[href="/ar/master-data"]');
  await press(admin, `[data-testid="kind-${kind}"]`);
  await admin.waitForSelector('[data-testid="master-data-add"]');
}

/** Renames an item of the grid on screen inline, and waits until its row shows the new name, no longer edited. */
export async function renameLookupItem(admin: Page, id: string, names: { ar: string; en: string }): Promise<void> {
  await press(admin, lookupRow(id, 'row-edit'));
  await fillLookupRow(admin, id, names);
  await press(admin, lookupRow(id, 'row-save'));
  await admin.waitForFunction(
    (key, name) => document.querySelector(`[data-row="${key}"]`)?.textContent?.includes(name) ?? false,
    {},
    id,
    names.ar,
  );
  expect(await admin.$(lookupRow(id, 'edit-nameAr'))).toBeNull();
}

/**
 * Opens the registration form as a new visitor would (the page given should be in a browser context of its own) and
 * waits until it offers `city` among the cities of region `regionId`, and the work field `workField`.
 */
export async function registrationFormOffers(
  visitor: Page,
  baseUrl: string,
  regionId: string,
  city: string,
  workField: string,
  tries = 6,
): Promise<void> {
  // A visitor's form reads the master data once, as it is when the page opens: the admin's last change reaches the
  // read model a moment after her answer (she reads her own writes, a visitor does not), so open it again until then.
  for (let i = 0; ; i++) {
    await visitor.goto(`${baseUrl}/ar/register`, { waitUntil: 'networkidle2' });
    await visitor.waitForSelector('#reg-address-regionId');
    await visitor.select('#reg-address-regionId', regionId);
    try {
      await visitor.waitForFunction(
        (name, field) =>
          [...document.querySelectorAll('#reg-address-cityId option')].some((o) => o.textContent?.trim() === name) &&
          (document.body.textContent?.includes(field) ?? false),
        { timeout: 5_000 },
        city,
        workField,
      );
      return;
    } catch (e) {
      if (i >= tries) throw e;
    }
  }
}
