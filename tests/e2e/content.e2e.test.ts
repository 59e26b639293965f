import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';
import { linkPath, waitForMail } from '../support/mail.ts';

// Issue 11, in Arabic and English: the admin publishes a slide, a news item with an image, a gallery and the FAQ; a
// visitor sees the slide and the news on the home page, opens the news (its Open Graph card is in the HTML the
// server sends), moves through the gallery's lightbox with the keyboard, reads the FAQ, and subscribes to the mail
// list from the home page, confirming from the mail. axe-core checks every public page, also at a phone's size.

const site = journey();
const dir = mkdtempSync(join(tmpdir(), 'content-e2e-'));
const image = (name: string, colour: string) => {
  const path = join(dir, name);
  return sharp({ create: { width: 1600, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
    .then((b) => {
      writeFileSync(path, b);
      return path;
    });
};
let files: string[] = [];
beforeAll(async () => {
  files = await Promise.all([
    image('slide.jpg', '#1b5e20'),
    image('news.jpg', '#0d47a1'),
    image('g1.jpg', '#b71c1c'),
    image('g2.jpg', '#4a148c'),
    image('g3.jpg', '#e65100'),
  ]);
});

const TITLES = {
  slide: ['حملة التبرع بالدم', 'Blood donation drive'],
  slide2: ['يوم التطوع الوطني', 'National volunteering day'],
  news: ['افتتاح مركز التطوع الجديد', 'New volunteering centre opens'],
  gallery: ['صور يوم التطوع', 'Volunteering day photos'],
  faq: ['الأسئلة الشائعة', 'Frequently asked questions'],
  video: ['قصة متطوع', 'A volunteer story'],
} as const;

async function upload(page: Page, selector: string, paths: string[]) {
  const input = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(...paths);
}

/** Fills and saves the form of a new item of a kind, then publishes it from the grid after the confirmation. */
async function publishNew(page: Page, kind: keyof typeof TITLES, fill: () => Promise<void>): Promise<string> {
  const path = kind === 'faq' ? 'page' : kind === 'slide2' ? 'slide' : kind;
  await page.goto(`${site.url}/ar/content/new/${path}`, { waitUntil: 'networkidle2' });
  await page.waitForSelector('#content-titleAr');
  await setValue(page, '#content-titleAr', TITLES[kind][0]);
  await setValue(page, '#content-titleEn', TITLES[kind][1]);
  await fill();
  await press(page, '[data-testid="content-save"]');
  await page.waitForFunction(() => location.pathname === '/ar/content');
  // The new item is the kind's only draft: the one row with a Publish button.
  const button = await page.waitForSelector('[data-testid^="publish-"]');
  const id = (await button!.evaluate((e) => e.getAttribute('data-testid')))!.replace('publish-', '');
  await press(page, `[data-testid="publish-${id}"]`);
  await press(page, '[data-testid="confirm-publish"]');
  await page.waitForSelector(`[data-testid="unpublish-${id}"]`);
  return id;
}

async function typeRich(page: Page, selector: string, text: string) {
  await page.waitForSelector(selector);
  await page.click(selector);
  await page.keyboard.type(text);
}

describe('site content, in Arabic and English', () => {
  let newsId = '';

  it('lets the admin publish a slide, a news item with an image, a gallery and the FAQ', async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${site.url}/ar/content?kind=slide`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="content-grid"]');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await publishNew(page, 'slide', async () => {
      // A slide needs its image: refused first, then uploaded (resized, with a preview).
      await press(page, '[data-testid="content-save"]');
      await page.waitForFunction(
        () => document.querySelector('#content-image')?.getAttribute('aria-invalid') === 'true',
      );
      await upload(page, '[data-testid="content-image-input"]', [files[0]!]);
      await page.waitForSelector('[data-testid="content-image-preview"]');
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
    // A second slide: the slideshow then moves, and offers its pause button.
    await publishNew(page, 'slide2', async () => {
      await upload(page, '[data-testid="content-image-input"]', [files[2]!]);
      await page.waitForSelector('[data-testid="content-image-preview"]');
    });
    newsId = await publishNew(page, 'news', async () => {
      await typeRich(page, '#content-bodyAr', 'افتتح اليوم مركز التطوع الجديد في الرياض.');
      await typeRich(page, '#content-bodyEn', 'The new volunteering centre opened in Riyadh today.');
      await upload(page, '[data-testid="content-image-input"]', [files[1]!]);
      await page.waitForSelector('[data-testid="content-image-preview"]');
      // The preview in English shows the English text.
      await press(page, 'button[role="tab"]:nth-child(2)');
      await waitForText(page, 'The new volunteering centre opened in Riyadh today.');
    });
    await publishNew(page, 'gallery', async () => {
      await upload(page, '[data-testid="gallery-input"]', files.slice(2));
      await waitForText(page, '3 من 150 صورة');
    });
    await publishNew(page, 'faq', async () => {
      await page.select('#content-key', 'faq');
      await typeRich(page, '#content-bodyAr', 'كيف أسجل؟ من صفحة التسجيل.');
      await typeRich(page, '#content-bodyEn', 'How do I register? From the registration page.');
    });
  });

  it('shows a visitor the slide and the news on the home page, and the news with its card', async () => {
    const page = await site.page();
    await page.goto(`${site.url}/ar`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="home-slides"]');
    await waitForText(page, TITLES.slide[0]);
    await page.waitForSelector(`[data-testid="news-card-${newsId}"]`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The slideshow pauses from the keyboard.
    await page.focus('[data-testid="slides-pause"]');
    await page.keyboard.press('Enter');
    expect(await page.$eval('[data-testid="slides-pause"]', (e) => e.getAttribute('aria-pressed'))).toBe('true');

    await press(page, `[data-testid="news-card-${newsId}"] a`);
    await waitForText(page, 'افتتح اليوم مركز التطوع الجديد في الرياض.');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The HTML the server sends for the news page carries its own card.
    const ar = await (await fetch(`${site.url}/ar/news/${newsId}`)).text();
    expect(ar).toContain(`<meta property="og:title" content="${TITLES.news[0]}" />`);
    expect(ar).toContain(`<title>${TITLES.news[0]}</title>`);
    expect(ar).toMatch(/<meta property="og:image" content="[^"]+\/api\/files\/[0-9a-f-]{36}" \/>/);
    const en = await (await fetch(`${site.url}/en/news/${newsId}`)).text();
    expect(en).toContain(`<meta property="og:title" content="${TITLES.news[1]}" />`);

    await page.goto(`${site.url}/en/news/${newsId}`, { waitUntil: 'networkidle2' });
    await waitForText(page, 'The new volunteering centre opened in Riyadh today.');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('opens the gallery in the lightbox and moves with the keyboard', async () => {
    const page = await site.page();
    await page.goto(`${site.url}/en/media-center`, { waitUntil: 'networkidle2' });
    await waitForText(page, TITLES.gallery[1]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, 'a[href*="/en/gallery/"]');
    await page.waitForSelector('[data-testid="gallery-thumb-0"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.focus('[data-testid="gallery-thumb-0"]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('.yarl__slide_current img');
    const first = await page.$eval('.yarl__slide_current img', (e) => e.getAttribute('src'));
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (src) => document.querySelector('.yarl__slide_current img')?.getAttribute('src') !== src,
      {},
      first,
    );
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('.yarl__slide_current'));
  });

  it("lets the admin set the video link, http(s) only; the media centre links the page language's video", async () => {
    const VIDEO = { ar: 'https://www.youtube.com/watch?v=volunteer-ar', en: 'https://vimeo.com/volunteer-en' };
    const admin = await site.page();
    await site.signIn(admin, 'admin', 'Admin@2026!');
    await publishNew(admin, 'video', async () => {
      // A link that is not http(s) is refused on its field.
      await setValue(admin, '#content-videoAr', 'javascript:alert(1)');
      await setValue(admin, '#content-videoEn', VIDEO.en);
      await press(admin, '[data-testid="content-save"]');
      await admin.waitForFunction(
        () => document.querySelector('#content-videoAr')?.getAttribute('aria-invalid') === 'true',
      );
      await waitForText(admin, 'الرابط غير صالح');
      await setValue(admin, '#content-videoAr', VIDEO.ar);
    });
    const page = await site.page();
    for (const [lang, host] of [
      ['ar', 'youtube.com'],
      ['en', 'vimeo.com'],
    ] as const) {
      await page.goto(`${site.url}/${lang}/media-center`, { waitUntil: 'networkidle2' });
      const link = await page.waitForSelector('[data-testid="video-link"]');
      expect(await link!.evaluate((a) => [a.getAttribute('href'), a.getAttribute('target'), a.textContent])).toEqual([
        VIDEO[lang],
        '_blank',
        expect.stringContaining(host),
      ]);
      await waitForText(page, TITLES.video[lang === 'ar' ? 0 : 1]);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
  });

  it('shows the FAQ in both languages; every public page passes axe at a phone size', async () => {
    const page = await site.page();
    await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
    for (const [lang, title] of [
      ['ar', TITLES.faq[0]],
      ['en', TITLES.faq[1]],
    ] as const) {
      await page.goto(`${site.url}/${lang}/faq`, { waitUntil: 'networkidle2' });
      await page.waitForSelector('[data-testid="page-faq"]');
      await waitForText(page, title);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.goto(`${site.url}/${lang}`, { waitUntil: 'networkidle2' });
      await page.waitForSelector('[data-testid="latest-news"]');
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Every other public page of the site, with its content or its empty state.
      for (const path of ['news', 'about', 'terms', 'privacy', 'media-center', 'documents', 'excellent-volunteers']) {
        await page.goto(`${site.url}/${lang}/${path}`, { waitUntil: 'networkidle2' });
        await page.waitForSelector('h1');
        await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label]'));
        expect(await seriousA11yViolations(page), `${lang}/${path}`).toEqual([]);
      }
    }
  });

  it('lets a visitor subscribe from the home page and confirm from the mail', async () => {
    const email = `home.reader.${Date.now() % 100000}@example.com`;
    const page = await site.page();
    await page.goto(`${site.url}/ar`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('#subscribe-email');
    await setValue(page, '#subscribe-email', email);
    await press(page, '[data-testid="subscribe-submit"]');
    await page.waitForSelector('[data-testid="subscribe-done"]');
    const mail = await waitForMail(
      site.portal.dataDir,
      (m) => m.includes(`To: ${email}\n`) && m.includes('subscribe/confirm'),
    );
    const confirm = linkPath(mail, '/ar/subscribe/confirm');
    expect(confirm).not.toBeNull();
    await page.goto(`${site.url}${confirm}`, { waitUntil: 'networkidle2' });
    await waitForText(page, 'تم تأكيد اشتراكك في القائمة البريدية.');
  });
});
