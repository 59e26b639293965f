import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { press, setValue, tinyPng, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic: a volunteer requests first-responder status with a certificate file, the responder admin (role 6)
// approves it from the requests list, and the volunteer sees the request approved. axe-core checks each new screen.

const VOLUNTEER1 = '00000000-0000-4000-8000-000000000004';

let files: string;

const site = journey();

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'fr-e2e-'));
});
afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe('first responders, in Arabic', () => {
  it('lets a volunteer request first-responder status with a certificate file', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(page, 'nav a[href="/ar/first-responder"]');
    await page.waitForSelector('[data-testid="fr-submit"]');
    await waitForText(page, 'طلب المستجيب الأول');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The domain's rules run in the browser first: an empty form names GenericFillFormError.
    await press(page, '[data-testid="fr-submit"]');
    await waitForText(page, 'يرجى تعبئة جميع الحقول المطلوبة.');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await setValue(page, '#fr-certificateExpiryDate', inDays(180));
    await press(page, '#fr-hasBls');
    const certificate = join(files, 'bls.png');
    writeFileSync(certificate, tinyPng());
    const picker = (await page.$('[data-testid="fr-file-input"]')) as ElementHandle<HTMLInputElement>;
    await picker.uploadFile(certificate);
    await waitForText(page, 'تم إرفاق الملف');
    await press(page, '[data-testid="fr-submit"]');
    await waitForText(page, 'تم إرسال طلبك.');
    // Update mode: the status is shown and the button updates the request.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="fr-status"]')?.textContent === 'قيد المراجعة',
    );
    await waitForText(page, 'تحديث الطلب');
  });

  it('lets the responder admin approve the request from the requests list', async () => {
    const page = await site.page();
    await site.signIn(page, 'responder', 'Responder@2026!');
    await press(page, 'nav a[href="/ar/first-responders"]');
    const row = `[data-testid="fr-row-${VOLUNTEER1}"]`;
    await page.waitForSelector(row);
    await waitForText(page, 'عبدالله الشمري');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await press(page, `${row} [data-testid="fr-approve"]`);
    await page.waitForSelector('[data-testid="fr-confirm"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '[data-testid="fr-confirm"]');
    await waitForText(page, 'تم قبول الطلب.');
    await page.waitForFunction((s) => !document.querySelector(s), {}, row);

    await press(page, '[data-testid="fr-tab-approved"]');
    await page.waitForSelector(row);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the volunteer the request approved', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    await page.goto(`${site.url}/ar/first-responder`, { waitUntil: 'networkidle2' });
    await page.waitForFunction(() => document.querySelector('[data-testid="fr-status"]')?.textContent === 'مقبول');
    // An approved request is no longer the volunteer's to change.
    expect(await page.$('[data-testid="fr-submit"]')).toBeNull();
  });
});
