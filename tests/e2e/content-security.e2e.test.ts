import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/chromium.ts';
import { npmStart, type StartedPortal } from '../support/npm-start.ts';

// The built web app runs under the portal's Content-Security-Policy (no inline script, frame-ancestors 'none'):
// every page this journey visits loads and works without one violation.

let portal: StartedPortal;
let browser: Browser;
let page: Page;
const violations: string[] = [];

beforeAll(async () => {
  portal = await npmStart();
  browser = await launchChromium();
  page = await browser.newPage();
  await page.exposeFunction('reportCspViolation', (v: string) => {
    violations.push(v);
  });
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      // biome-ignore lint/suspicious/noExplicitAny: exposed by the test.
      (window as any).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}:${e.columnNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('the web app under its Content-Security-Policy', () => {
  it('serves the page with the policy and loads the home and login pages without a violation', async () => {
    const res = await page.goto(`${portal.url}/ar`, { waitUntil: 'networkidle2' });
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.waitForFunction(() => /[\u0600-\u06FF]{3,}/.test(document.body.innerText), { timeout: 20_000 });
    await page.goto(`${portal.url}/en/login`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('input[name="userName"]', { timeout: 20_000 });
    expect(violations).toEqual([]);
  });

  it('signs in and shows the dashboard and the events without a violation', async () => {
    await page.type('input[name="userName"]', 'admin');
    await page.type('input[name="password"]', 'Admin@2026!');
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/en/dashboard', { timeout: 20_000 }),
      page.keyboard.press('Enter'),
    ]);
    await page.waitForFunction(() => document.body.innerText.includes('Sarah Alotaibi'), { timeout: 20_000 });
    await page.goto(`${portal.url}/en/events`, { waitUntil: 'networkidle2' });
    expect(violations).toEqual([]);
  });
});
