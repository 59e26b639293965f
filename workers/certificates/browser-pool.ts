import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';

/** Debian's Chromium, headless, with the flags this machine needs (no sandbox as root, no background connections). */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--font-render-hinting=none',
];

const require = createRequire(import.meta.url);

/**
 * Noto Naskh Arabic from npm (@fontsource/noto-naskh-arabic), embedded as data: URLs so that no machine font is
 * needed. Arabic and Latin subsets, regular and bold; the browser picks the face by unicode-range.
 */
function fontFaces(): string {
  const faces: string[] = [];
  for (const [subset, range] of [
    [
      'arabic',
      'U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0898-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC',
    ],
    [
      'latin',
      'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD',
    ],
  ] as const) {
    for (const weight of [400, 700]) {
      const file = require.resolve(
        `@fontsource/noto-naskh-arabic/files/noto-naskh-arabic-${subset}-${weight}-normal.woff2`,
      );
      const data = readFileSync(file).toString('base64');
      faces.push(
        `@font-face{font-family:'Noto Naskh Arabic';font-style:normal;font-weight:${weight};font-display:block;` +
          `src:url(data:font/woff2;base64,${data}) format('woff2');unicode-range:${range};}`,
      );
    }
  }
  return faces.join('\n');
}

let shellCache: string | null = null;
/** The page every render happens in: the fonts load once per page, each document only replaces the body. */
export function shellHtml(): string {
  shellCache ??= `<!doctype html><html><head><meta charset="utf-8"><style>${fontFaces()}
html,body{margin:0;padding:0;font-family:'Noto Naskh Arabic',serif;-webkit-print-color-adjust:exact;print-color-adjust:exact}
</style><style id="doc"></style></head><body><span style="font-weight:400">ا a</span><span style="font-weight:700">ا a</span></body></html>`;
  return shellCache;
}

export interface RenderInput {
  /** The document's CSS, @page size included. */
  css: string;
  body: string;
  lang: 'ar' | 'en';
}

/**
 * One browser per process and a pool of pages in it: a render takes a free page (or waits for one), replaces its
 * body, waits for fonts and images, prints. Chromium starts on the first render, not at boot.
 */
export class BrowserPool {
  private browser: Promise<Browser> | null = null;
  private userDataDir: string | null = null;
  private readonly idle: Page[] = [];
  private readonly waiting: ((p: Page) => void)[] = [];
  private created = 0;
  readonly size: number;
  private readonly executablePath: string;

  constructor(opts: { size?: number; executablePath?: string } = {}) {
    this.size = opts.size ?? 4;
    this.executablePath = opts.executablePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      this.userDataDir = mkdtempSync(join(tmpdir(), 'portal-pdf-'));
      this.browser = puppeteer
        .launch({
          executablePath: this.executablePath,
          headless: true,
          userDataDir: this.userDataDir,
          args: CHROMIUM_ARGS,
        })
        .catch((e) => {
          this.browser = null;
          throw e;
        });
    }
    return this.browser;
  }

  private async newPage(): Promise<Page> {
    const page = await (await this.launch()).newPage();
    // Nothing but the document: no network at all (images come as data: URLs).
    await page.setRequestInterception(true);
    page.on('request', (r) => (r.url().startsWith('data:') || r.url() === 'about:blank' ? r.continue() : r.abort()));
    await page.setContent(shellHtml(), { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    return page;
  }

  private async acquire(): Promise<Page> {
    const free = this.idle.pop();
    if (free) return free;
    if (this.created < this.size) {
      this.created++;
      try {
        return await this.newPage();
      } catch (e) {
        this.created--;
        throw e;
      }
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(page: Page, broken: boolean) {
    if (broken) {
      this.created--;
      page.close().catch(() => {});
      return;
    }
    const next = this.waiting.shift();
    if (next) next(page);
    else this.idle.push(page);
  }

  async render(input: RenderInput): Promise<Buffer> {
    const page = await this.acquire();
    let broken = false;
    try {
      await page.evaluate(
        async (css: string, body: string, lang: string) => {
          document.documentElement.lang = lang;
          document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
          document.getElementById('doc')!.textContent = css;
          document.body.innerHTML = body;
          await document.fonts.ready;
          await Promise.all(
            [...document.images].map((img) =>
              img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })),
            ),
          );
        },
        input.css,
        input.body,
        input.lang,
      );
      return Buffer.from(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
    } catch (e) {
      broken = true;
      throw e;
    } finally {
      this.release(page, broken);
    }
  }

  async close(): Promise<void> {
    const b = this.browser;
    this.browser = null;
    this.idle.length = 0;
    this.created = 0;
    if (b) await (await b.catch(() => null))?.close();
    if (this.userDataDir) rmSync(this.userDataDir, { recursive: true, force: true });
  }
}
