import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// The red-crescent client's own views (issue 11: "each client code has its own home and login view"): `npm start`
// with CLIENT_CODE=SRCA and the local national single sign-on. Its login leads with the single sign-on, the
// user-name form second, under the client's name; its home leads with the slides its admin published (the demo
// data's slides 1 to 7, with their pictures). axe-core checks each view in both languages.

const site = journey({ env: { CLIENT_CODE: 'SRCA', SSO_ENABLED: '1' } });

const NAME = { ar: 'هيئة الهلال الأحمر السعودي', en: 'Saudi Red Crescent Authority' } as const;
const FIRST_SLIDE = { ar: 'تطوّع مع الهلال الأحمر', en: 'Volunteer with the Red Crescent' } as const;

let page: Page;
beforeAll(async () => {
  page = await site.page();
});
afterAll(async () => {
  await page?.close();
});

describe.each(['ar', 'en'] as const)('the red-crescent client in %s', (lang) => {
  it('shows its login view: the national single sign-on first, then the user-name form', async () => {
    await page.goto(`${site.url}/${lang}/login`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="login-sso-first"]');
    await waitForText(page, NAME[lang]);
    const layout = await page.evaluate(() => {
      const sso = document.querySelector('[data-testid="sso-sign-in"]')!;
      const userName = document.querySelector('input[name="userName"]')!;
      return {
        ssoFirst: (sso.compareDocumentPosition(userName) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
        href: sso.getAttribute('href'),
        ssoLinks: document.querySelectorAll('[data-testid="sso-sign-in"]').length,
        client: document.querySelector('[data-testid="login-client"]')?.textContent,
        dir: document.documentElement.dir,
      };
    });
    expect(layout).toEqual({
      ssoFirst: true,
      href: `/api/sso/login?lang=${lang}`,
      ssoLinks: 1,
      client: expect.stringContaining(NAME[lang]),
      dir: lang === 'ar' ? 'rtl' : 'ltr',
    });
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows its home view with the slides its admin published, pictures and all', async () => {
    await page.goto(`${site.url}/${lang}`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="home-crescent"] [data-testid="home-slides"]');
    await waitForText(page, FIRST_SLIDE[lang]);
    // The first picture is loaded from the portal's file storage.
    await page.waitForFunction(
      () => {
        const img = document.querySelector<HTMLImageElement>('[data-testid="home-slides"] img');
        return !!img && img.complete && img.naturalWidth > 0;
      },
      { timeout: 20_000 },
    );
    const home = await page.evaluate(() => {
      const slides = document.querySelector('[data-testid="home-slides"]')!;
      const parts = Array.from(document.querySelectorAll('[data-testid]'))
        .map((e) => e.getAttribute('data-testid'))
        .filter((id) => id === 'home-slides' || id === 'latest-news' || id === 'home-counters');
      return {
        slides: slides.querySelectorAll('[aria-roledescription="slide"]').length,
        pause: !!slides.querySelector('[data-testid="slides-pause"]'),
        heading: document.querySelector('main h1')?.textContent,
        parts,
      };
    });
    expect(home).toEqual({
      slides: 7,
      pause: true,
      heading: NAME[lang],
      // The red-crescent order: slides, news … counters last.
      parts: ['home-slides', 'latest-news', 'home-counters'],
    });
    // The slideshow holds still for axe (pointing at it pauses it).
    await page.hover('[data-testid="home-slides"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
