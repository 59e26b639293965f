import { createPublicKey, verify } from 'node:crypto';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// After staff record hours and the admin approves them, the volunteer (in Arabic) issues a participation certificate,
// downloads its PDF, reads the verification link printed with its QR code, opens it and sees the signed record; the
// signature checks with the published public key alone.

const site = journey();

const apiAs = (userName: string, password: string) => apiClient(site.url, userName, password);

const volunteerId = '00000000-0000-4000-8000-000000000004';

describe('a participation certificate, from approved hours to its verification page (Arabic)', () => {
  const stamp = Date.now() % 100000;
  const nameAr = `حملة الشهادات ${stamp}`;
  let verifyPath = '';

  it('staff record four hours and the admin approves them', async () => {
    const staff = await apiAs('staff', 'Staff@2026!');
    const admin = await apiAs('admin', 'Admin@2026!');
    const volunteer = await apiAs('volunteer1', 'Volunteer@2026!');
    const created = await staff(
      'POST',
      '/api/opportunities',
      eventDetails({
        code: `CERT-${stamp}`,
        nameAr,
        nameEn: `Certificates campaign ${stamp}`,
        leadName: 'Khalid Alharbi',
        maxInvitations: 10,
        maxContributions: 2,
        startDate: inDays(70),
        endDate: inDays(71),
        volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
      }),
    );
    expect(created.status).toBe(201);
    const eventId = created.json.opportunityId;
    expect((await admin('POST', `/api/opportunities/${eventId}/approve`)).status).toBe(200);
    expect((await volunteer('POST', `/api/opportunities/${eventId}/join`)).status).toBe(200);
    expect((await staff('POST', `/api/opportunities/${eventId}/participants/${volunteerId}/accept`, {})).status).toBe(
      200,
    );
    const hours = await staff('POST', `/api/opportunities/${eventId}/participants/${volunteerId}/hours`, {
      hours: 4,
      casesHandled: 2,
      checkIn: `${inDays(70)}T08:00:00Z`,
      checkOut: `${inDays(70)}T12:00:00Z`,
      rating: 5,
      review: '',
    });
    expect(hours.status).toBe(200);
    const ok = await admin(
      'POST',
      `/api/opportunities/${eventId}/participants/${volunteerId}/hours/${hours.json.hoursId}/approve`,
    );
    expect(ok.status).toBe(200);
  });

  it('the volunteer issues and downloads the certificate; its PDF has the Arabic name, the hours and the link', async () => {
    const page = await site.page();
    page.setDefaultTimeout(30_000);
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    await page.goto(`${site.url}/ar/certificates`, { waitUntil: 'networkidle2' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The approved hours reach the read model a moment after the approval: reload until the event is listed.
    for (let i = 0; ; i++) {
      const found = await page
        .waitForFunction(
          (n) =>
            [...document.querySelectorAll('[data-testid="cert-event-row"]')].some((r) => r.textContent?.includes(n)),
          { timeout: 3000 },
          nameAr,
        )
        .then(() => true)
        .catch(() => false);
      if (found) break;
      if (i > 10) throw new Error('the event with approved hours is not listed');
      await page.reload({ waitUntil: 'networkidle2' });
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    const rowIndex = await page.$$eval(
      '[data-testid="cert-event-row"]',
      (rows, n) => rows.findIndex((r) => r.textContent?.includes(n as string)),
      nameAr,
    );
    await press(
      page,
      `[data-testid="cert-event-row"]:nth-of-type(${rowIndex + 1}) [data-testid="issue-participation"]`,
    );
    await page.waitForSelector('[data-testid="cert-row"][data-kind="participation"][data-state="valid"]');
    const href = await page.$eval(
      '[data-testid="cert-row"][data-kind="participation"] [data-testid="cert-download-ar"]',
      (a) => (a as HTMLAnchorElement).href,
    );
    // The same request the link makes, with the page's cookies.
    const base64 = await page.evaluate(async (url) => {
      const res = await fetch(url);
      if (res.headers.get('content-type') !== 'application/pdf') throw new Error(`not a PDF: ${res.status}`);
      const bytes = new Uint8Array(await res.arrayBuffer());
      let s = '';
      for (const b of bytes) s += String.fromCharCode(b);
      return btoa(s);
    }, href);
    const { text } = await extractText(new Uint8Array(Buffer.from(base64, 'base64')), { mergePages: true });
    for (const w of ['عبدالله', 'الشمري', ...nameAr.split(' ')]) expect(text).toContain(w);
    expect(text).toMatch(/4 ساعة|ساعة 4/);
    const link = text.match(/https?:\/\/\S+\/ar\/verify\/[0-9a-f]{32}/)?.[0];
    expect(link).toBeDefined();
    verifyPath = new URL(link!).pathname;

    // The QR link: the public verification page shows the signed record.
    const visitor = await site.page();
    visitor.setDefaultTimeout(30_000);
    await visitor.goto(`${site.url}${verifyPath}`, { waitUntil: 'networkidle2' });
    await visitor.waitForSelector('[data-testid="verify-status"][data-state="valid"]');
    const record = await visitor.$eval('[data-testid="verify-record"]', (t) => t.textContent ?? '');
    expect(record).toContain('عبدالله');
    expect(record).toContain(nameAr);
    expect(record).toContain('4 ساعة');
    expect(record).toContain('وزارة الصحة');
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    const statement = await visitor.$eval('[data-testid="verify-statement"]', (c) => c.textContent ?? '');
    const signature = await visitor.$eval('[data-testid="verify-signature"]', (c) => c.textContent ?? '');
    const key = (await (await fetch(`${site.url}/api/certificates/public-key`)).json()) as { publicKeyPem: string };
    expect(
      verify(null, Buffer.from(statement), createPublicKey(key.publicKeyPem), Buffer.from(signature, 'base64')),
    ).toBe(true);
  }, 120_000);
});
