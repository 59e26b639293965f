import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// axe on every public page (issue 11), in both languages, on a desktop and a phone-sized screen (375×667), as a
// visitor. One portal and one browser for the file. The portal has no demo data: news and event details are opened
// at an address that names nothing (their not-found state); the lists show their empty state.
const site = journey();
const NOTHING = '00000000-0000-4000-8000-000000000000';
const PAGES = [
  '',
  '/events',
  '/events/ongoing',
  '/events/closed',
  `/events/${NOTHING}`,
  '/news',
  `/news/${NOTHING}`,
  '/about',
  '/faq',
  '/terms',
  '/privacy',
  '/media-center',
  '/documents',
  '/excellent-volunteers',
  '/no-such-page',
];
const SCREENS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 667 },
] as const;

let page: Page;

beforeAll(async () => {
  page = await site.page();
});

afterAll(async () => {
  await page?.close();
});

async function open(path: string) {
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle0' });
  // Every page has its heading, the MOH client's sign-in prompt on event details for a visitor too.
  await page.waitForSelector('main h1', { timeout: 20_000 });
  // The page's own data (or its empty or not-found state) is in, not a loader.
  await page.waitForFunction(() => !document.querySelector('main .mantine-Loader-root'), { timeout: 20_000 });
}

describe.each(SCREENS)('the public pages on a $name screen', (screen) => {
  beforeAll(async () => {
    await page.setViewport({ width: screen.width, height: screen.height });
  });

  describe.each(['ar', 'en'] as const)('in %s', (lang) => {
    it.each(PAGES)(
      `/${lang}%s has no serious or critical axe violation, a footer and the page's direction`,
      async (path) => {
        await open(`/${lang}${path}`);
        expect(await seriousA11yViolations(page)).toEqual([]);
        const shell = await page.evaluate(() => ({
          dir: document.documentElement.dir,
          lang: document.documentElement.lang,
          footerLinks: document.querySelectorAll('footer nav a').length,
          // A phone-sized screen scrolls down, never sideways.
          overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        }));
        expect(shell).toEqual({ dir: lang === 'ar' ? 'rtl' : 'ltr', lang, footerLinks: 8, overflow: 0 });
      },
    );
  });
});
