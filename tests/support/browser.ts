import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Browser, Page } from 'puppeteer-core';

/**
 * Sets a React-controlled input's value as typing would (the native setter, then input and change events). Date
 * and time inputs take ISO values this way, whatever the browser's locale shows.
 */
export async function setValue(page: Page, selector: string, value: string): Promise<void> {
  // Waits for the field as press() does: a row or dialog that a click has just asked for may not be drawn yet
  // (under load the master-data journey found no new row's field).
  const field = await page.waitForSelector(selector);
  if (!field) throw new Error(`no element for ${selector}`);
  await field.evaluate((el, v) => {
    const input = el as unknown as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(input), 'value')?.set;
    setter?.call(input, v);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/**
 * Clicks an element the way a keyboard or assistive technology would (a DOM click after scrolling it to the centre):
 * sticky bars cannot take a pointer click meant for the element under them.
 */
export async function press(page: Page, selector: string): Promise<void> {
  // A list that refetches draws its rows again: the element found may be replaced before the click, and a click on a
  // detached element is lost (the roster's "add hours" after an accept, once in a full run). Such a click is made
  // again on the element drawn in its place.
  for (let attempt = 1; ; attempt++) {
    const el = await page.waitForSelector(selector);
    if (!el) throw new Error(`no element for ${selector}`);
    // A button busy with its last request is disabled for a moment: a click then would be lost, as a user's would.
    await page.waitForFunction(
      (e) => !e.isConnected || (!(e as HTMLButtonElement).disabled && e.getAttribute('aria-disabled') !== 'true'),
      {},
      el,
    );
    const clicked = await el.evaluate((e) => {
      if (!e.isConnected) return false;
      e.scrollIntoView({ block: 'center' });
      (e as HTMLElement).click();
      return true;
    });
    if (clicked) return;
    if (attempt === 3) throw new Error(`${selector} was drawn again before each of 3 clicks`);
  }
}

/** A page in a browser context of its own (its own cookies), with the journeys' 20 s default wait. */
export async function freshPage(browser: Browser): Promise<Page> {
  const page = await (await browser.createBrowserContext()).newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Fills the login page (in Arabic unless told) and sends it, without waiting for the answer. */
export async function submitLoginAt(page: Page, baseUrl: string, userName: string, password: string, lang = 'ar') {
  await page.goto(`${baseUrl}/${lang}/login`, { waitUntil: 'networkidle2' });
  await page.waitForSelector('input[name="userName"]');
  await page.type('input[name="userName"]', userName);
  await page.type('input[name="password"]', password);
  await page.keyboard.press('Enter');
}

/** Signs in through the login page (in Arabic unless told) and waits until the app has left it. */
export async function signInAt(page: Page, baseUrl: string, userName: string, password: string, lang = 'ar') {
  await Promise.all([
    page.waitForFunction(() => !location.pathname.endsWith('/login'), { timeout: 20_000 }),
    submitLoginAt(page, baseUrl, userName, password, lang),
  ]);
}

/** The first sign-in of an account an administrator created: the forced password change, then the dashboard. */
export async function changeFirstPassword(page: Page, current: string, fresh: string): Promise<void> {
  await page.waitForFunction(() => location.pathname === '/ar/force-change-password');
  // The page is a lazy route: the address changes before it replaces the login form (whose password field is also
  // "current-password"), so wait for its own fields.
  await page.waitForSelector('input[autocomplete="new-password"]');
  await page.type('input[autocomplete="current-password"]', current);
  for (const input of await page.$$('input[autocomplete="new-password"]')) await input.type(fresh);
  await Promise.all([
    page.waitForFunction(() => location.pathname === '/ar/dashboard', { timeout: 20_000 }),
    press(page, 'button[type="submit"]'),
  ]);
}

/**
 * Presses a download button and waits (up to 20 s) for a file ending in `ext` in `dir`, which should be empty; the
 * download is allowed for the page's own browser context.
 */
export async function downloadedFile(page: Page, selector: string, dir: string, ext = '.xlsx'): Promise<string> {
  const cdp = await page.createCDPSession();
  await cdp.send('Browser.setDownloadBehavior', {
    behavior: 'allow',
    downloadPath: dir,
    ...(page.browserContext().id ? { browserContextId: page.browserContext().id } : {}),
  });
  await press(page, selector);
  const started = Date.now();
  for (;;) {
    const done = readdirSync(dir).find((f) => f.endsWith(ext));
    if (done) return join(dir, done);
    if (Date.now() - started > 20_000) throw new Error(`no ${ext} download in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the page's text contains `text`. */
export async function waitForText(page: Page, text: string, timeout = 20_000): Promise<void> {
  await page.waitForFunction((t) => document.body.textContent?.includes(t) ?? false, { timeout }, text);
}

function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1×1 PNG (real signature and chunks: the server checks uploads by their content). */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const pixels = deflateSync(Buffer.from([0, 12, 106, 76])); // filter byte, then one RGB pixel
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The contrast of every Mantine badge on the page, from the colours the browser computed (a translucent background
 * laid on white, as the light scheme's cards are).
 */
export async function badgeContrasts(page: Page): Promise<{ text: string; ratio: number }[]> {
  const { contrastRatio, over, parseColour, rgbText } = await import('../../web/src/app/contrast.ts');
  const badges = await page.$$eval('.mantine-Badge-root', (els) =>
    els.map((e) => {
      const s = getComputedStyle(e);
      return { text: e.textContent ?? '', color: s.color, background: s.backgroundColor };
    }),
  );
  const white = parseColour('#ffffff');
  return badges.map((b) => ({
    text: b.text,
    ratio:
      Math.round(
        contrastRatio(rgbText(over(parseColour(b.color), white)), rgbText(over(parseColour(b.background), white))) *
          100,
      ) / 100,
  }));
}
