import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll } from 'vitest';
import { freshPage, signInAt } from './browser.ts';
import { launchChromium } from './chromium.ts';
import { npmStart, type StartedPortal } from './npm-start.ts';

/** One browser journey's portal and browser, ready once the file's beforeAll has run. */
export interface Journey {
  /** Where the portal answers. */
  readonly url: string;
  readonly portal: StartedPortal;
  readonly browser: Browser;
  /** A page in a browser context of its own (its own cookies), with the journeys' 20 s default wait. */
  page(): Promise<Page>;
  /** Signs in through the login page (in Arabic unless told) and waits until the app has left it. */
  signIn(page: Page, userName: string, password: string, lang?: string): Promise<void>;
  /** Opens `path` until `selector` shows: a change reaches the read models a moment later. */
  openUntil(page: Page, path: string, selector: string, tries?: number): Promise<void>;
}

/**
 * Registers the set-up every browser journey shares: the portal started as README says (`npm start`, with `env`
 * added to its environment, e.g. `{ CAPTCHA: 'on' }`) and Debian's Chromium before the file's tests, both closed
 * after them.
 */
export function journey(options: { env?: NodeJS.ProcessEnv } = {}): Journey {
  let portal: StartedPortal | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    portal = await npmStart(undefined, options.env);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the journey's ${what} is not started (use it inside a test or hook)`);
    return value;
  };
  return {
    get url() {
      return started(portal, 'portal').url;
    },
    get portal() {
      return started(portal, 'portal');
    },
    get browser() {
      return started(browser, 'browser');
    },
    page: () => freshPage(started(browser, 'browser')),
    signIn: (page, userName, password, lang) => signInAt(page, started(portal, 'portal').url, userName, password, lang),
    openUntil: async (page, path, selector, tries = 8) => {
      for (let i = 0; ; i++) {
        await page.goto(`${started(portal, 'portal').url}${path}`, { waitUntil: 'networkidle2' });
        try {
          await page.waitForSelector(selector, { timeout: 3_000 });
          return;
        } catch (e) {
          if (i >= tries) throw e;
        }
      }
    },
  };
}
