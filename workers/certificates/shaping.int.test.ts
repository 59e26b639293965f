import type { Browser } from 'puppeteer-core';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CertifiedRecord } from '../../domain/certificate/record.ts';
import { launchChromium } from '../../tests/support/chromium.ts';
import { BrowserPool, shellHtml } from './browser-pool.ts';
import { certificateDocument } from './templates.ts';

// The certificates' Arabic is drawn in the embedded Noto Naskh Arabic and joined (shaped), not in a machine font and
// not as isolated letters. The PDF's own text cannot show it (the font decomposes letters into dotless bases and dots,
// which extract as other characters), so: (1) the PDF embeds only Noto Naskh for its text, and (2) in the very page
// the PDFs are printed from, the name set in joined letters is measurably narrower than the same letters kept apart
// by zero-width non-joiners (isolated forms) — which holds only when the font's joining forms are applied.

const NAME = 'عبدالله محمد علي الشمري';

const record: CertifiedRecord = {
  v: 1,
  kind: 'participation',
  subject: 'participation:e1',
  volunteer: { id: 'v1', nameAr: NAME, nameEn: 'Abdullah Alshammari', referenceNumber: 'VR-2026-0001' },
  event: {
    id: 'e1',
    code: 'EV-1',
    nameAr: 'حملة التطعيم الموسمية',
    nameEn: 'Seasonal vaccination',
    startDate: '2026-01-04',
    endDate: '2026-01-08',
  },
  year: null,
  eventType: null,
  hours: 4,
  events: [],
  hoursIds: ['h1'],
  issuer: { clientCode: 'MOH', nameAr: 'وزارة الصحة', nameEn: 'Ministry of Health' },
  photoFileId: null,
};

let browser: Browser;
const pool = new BrowserPool({ size: 1 });

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await pool.close();
});

describe('the Arabic of a certificate', () => {
  it('is set in the embedded Noto Naskh Arabic in the PDF, no machine font drawing its text', async () => {
    const url = 'https://portal.example/ar/verify/00000000000000000000000000000001';
    const pdf = await pool.render(
      certificateDocument({
        certificateId: '00000000000000000000000000000001',
        record,
        issuedAt: '2026-11-24T09:00:00.000Z',
        lang: 'ar',
        verifyUrl: url,
        qrSvg: await QRCode.toString(url, { type: 'svg', margin: 1 }),
        photo: null,
      }),
    );
    const fonts = new Set(
      [...pdf.toString('latin1').matchAll(/\/BaseFont\s*\/[A-Z]{6}\+([A-Za-z0-9-]+)/g)].map((m) => m[1]!),
    );
    expect([...fonts].filter((f) => f.startsWith('NotoNaskhArabic-')).sort()).toEqual([
      'NotoNaskhArabic-Bold',
      'NotoNaskhArabic-Regular',
    ]);
    // Only the verification address (Latin, set in monospace) may come from the machine.
    expect([...fonts].filter((f) => !f.startsWith('NotoNaskhArabic-') && !/Mono/.test(f))).toEqual([]);
  });

  it('is joined: the name is narrower than the same letters kept apart, in the page the PDFs are printed from', async () => {
    const page = await browser.newPage();
    try {
      await page.setContent(shellHtml(), { waitUntil: 'load' });
      const widths = await page.evaluate(async (name: string) => {
        await document.fonts.ready;
        const measure = (text: string) => {
          const span = document.createElement('span');
          span.style.cssText = "font-family:'Noto Naskh Arabic';font-size:40px;white-space:nowrap";
          span.textContent = text;
          document.body.append(span);
          const w = span.getBoundingClientRect().width;
          span.remove();
          return w;
        };
        return {
          inFont: document.fonts.check("40px 'Noto Naskh Arabic'", name),
          joined: measure(name),
          apart: measure([...name].join('\u200C')),
        };
      }, NAME);
      expect(widths.inFont).toBe(true);
      expect(widths.joined).toBeGreaterThan(100);
      // Joined Naskh letters overlap and drop their isolated tails: well under the isolated width.
      expect(widths.joined).toBeLessThan(widths.apart * 0.9);
    } finally {
      await page.close();
    }
  });
});
