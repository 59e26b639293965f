import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';
import { linkPath, waitForMail } from '../support/mail.ts';

// In Arabic, on a portal with the captcha on (CAPTCHA=on; a test environment has it off, as the spec's local one):
// a volunteer locks her account with wrong passwords, asks for a reset, opens the mailed link, sets a new password,
// signs in and is made to change it (spec: "mandatory new password after a first or reset login"). Every form's
// captcha is the ALTCHA widget solved by the real browser from the keyboard; nothing is fetched from another origin.

const USER = 'volunteer2';
const EMAIL = 'volunteer2@portal.localhost';
const RESET = 'Reset!Pass2026';
const FINAL = 'Final!Pass2026';

let page: Page;
const foreign: string[] = [];

const site = journey({ env: { CAPTCHA: 'on' } });

beforeAll(async () => {
  page = await site.page();
  page.setDefaultTimeout(30_000);
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(site.url) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
  });
});

/** Solves the form's captcha as a keyboard user would: focus the checkbox, press Space, wait for "verified". */
async function solveCaptcha() {
  const box = await page.waitForSelector('[data-captcha-ready="true"] altcha-widget input[type="checkbox"]');
  await box!.focus();
  await page.keyboard.press('Space');
  await page.waitForSelector('altcha-widget [data-state="verified"]', { timeout: 60_000 });
}

async function typeInto(selector: string, text: string) {
  await page.$eval(selector, (el) => {
    (el as HTMLInputElement).select();
  });
  await page.type(selector, text);
}

async function attemptLogin(password: string) {
  await page.waitForSelector('input[name="userName"]');
  await typeInto('input[name="userName"]', USER);
  await typeInto('input[name="password"]', password);
  await solveCaptcha();
  await press(page, 'form[aria-labelledby="login-title"] button[type="submit"]');
}

describe('password recovery, in Arabic, with the captcha on', () => {
  it('locks the account after five wrong passwords (each with a solved captcha)', async () => {
    await page.goto(`${site.url}/ar/login`, { waitUntil: 'networkidle2' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await waitForText(page, 'التحقق من أنك لست برنامجاً آلياً');
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (let i = 0; i < 5; i++) {
      await attemptLogin('Wrong!Pass2026');
      await page.waitForSelector('[data-testid="login-error"]');
      // The answer came: the widget asks for a new challenge (a solution serves one attempt).
      await page.waitForFunction(() => !document.querySelector('altcha-widget [data-state="verified"]'));
    }
    await waitForText(page, 'تم قفل الحساب');
  });

  it('asks for a reset from the login page, and the answer tells nothing about the account', async () => {
    await press(page, 'a[href="/ar/forgot-password"]');
    await page.waitForSelector('input[name="email"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.type('input[name="email"]', EMAIL);
    await solveCaptcha();
    await press(page, 'form[aria-labelledby="forgot-title"] button[type="submit"]');
    await page.waitForSelector('[data-testid="forgot-sent"]');
    await waitForText(page, 'إذا كان هذا البريد مسجلاً لدينا');
  });

  it('opens the mailed link, sets a new password, and the link then no longer works', async () => {
    const mail = await waitForMail(
      site.portal.dataDir,
      (m) => m.includes(`To: ${EMAIL}`) && m.includes('reset-password'),
    );
    const path = linkPath(mail, '/ar/reset-password');
    expect(path).toMatch(/^\/ar\/reset-password\?token=/);
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('input[name="newPassword"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.type('input[name="newPassword"]', RESET);
    await page.type('input[name="confirmPassword"]', RESET);
    await press(page, 'form[aria-labelledby="reset-title"] button[type="submit"]');
    await page.waitForSelector('[data-testid="reset-done"]');

    // Used once: the same link is refused with Error_WrongActivationLink.
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle2' });
    await page.type('input[name="newPassword"]', RESET);
    await page.type('input[name="confirmPassword"]', RESET);
    await press(page, 'form[aria-labelledby="reset-title"] button[type="submit"]');
    await page.waitForSelector('[data-testid="reset-refused"]');
    await waitForText(page, 'رابط التفعيل غير صالح أو انتهت صلاحيته.');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('signs in with the new password (solving the captcha) and must change it before anything else', async () => {
    await page.goto(`${site.url}/ar/login`, { waitUntil: 'networkidle2' });
    await attemptLogin(RESET);
    await page.waitForFunction(() => location.pathname === '/ar/force-change-password');
    await page.waitForSelector('input[autocomplete="new-password"]'); // the lazy page, not the login form still shown
    await page.type('input[autocomplete="current-password"]', RESET);
    const [newPassword, confirm] = await page.$$('input[autocomplete="new-password"]');
    await newPassword!.type(FINAL);
    await confirm!.type(FINAL);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.pathname === '/ar/dashboard');
  });

  it('fetched nothing from another origin (no third-party tracker)', () => {
    expect(foreign).toEqual([]);
  });
});
