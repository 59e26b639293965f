import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journey } from '../support/journey.ts';

// The built web app runs under the portal's Content-Security-Policy (no inline script, frame-ancestors 'none'):
// every page this journey visits loads and works without one violation.

let page: Page;
const violations: string[] = [];

const site = journey();

beforeAll(async () => {
  page = await site.browser.newPage();
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

describe('the web app under its Content-Security-Policy', () => {
  it('serves the page with the policy and loads the home and login pages without a violation', async () => {
    const res = await page.goto(`${site.url}/ar`, { waitUntil: 'networkidle2' });
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.waitForFunction(() => /[\u0600-\u06FF]{3,}/.test(document.body.innerText), { timeout: 20_000 });
    await page.goto(`${site.url}/en/login`, { waitUntil: 'networkidle2' });
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
    await page.goto(`${site.url}/en/events`, { waitUntil: 'networkidle2' });
    expect(violations).toEqual([]);
  });
});
