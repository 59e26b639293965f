import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { apiClient, visitorClient } from '../support/api-client.ts';
import { downloadedFile, press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';
import { readSheet } from '../support/xlsx.ts';

// In Arabic (issue 10, exports): a staff member of Riyadh opens the registrations grid, exports it to Excel through
// the export dialog, watches the job's progress finish, downloads the file, and the test reads the xlsx back: Arabic
// headers, right to left, the grid's rows (her region's only). axe-core checks the dialog.

const site = journey();
let downloads: string;
const idNumbers: string[] = [];

beforeAll(async () => {
  downloads = mkdtempSync(join(tmpdir(), 'exports-e2e-'));
  // Three submitted applications in Riyadh (region 1) and one in Makkah (region 2), outside the staff member's scope.
  for (const [i, region] of [1, 1, 1, 2].entries()) {
    const n = String(i).padStart(4, '0');
    const t = String(Date.now() % 1e4).padStart(4, '0');
    const idNumber = `10${t}${n}`;
    const form = completeForm({
      userName: `exp_${n}_${Date.now() % 100000}`,
      email: `exp${n}.${Date.now()}@example.org`,
      mobile: `05${t}${n}`,
      idNumber,
    });
    form.address = { ...form.address, regionId: region, cityId: region === 1 ? 3 : 4 };
    const res = await (await visitorClient(site.url))('POST', '/api/registrations', { form, submit: true });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    idNumbers.push(idNumber);
  }
});
afterAll(() => {
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

describe('exports, in Arabic', () => {
  it('exports the registrations grid to Excel as a job, shows its progress, and downloads the rows', async () => {
    const staff = await apiClient(site.url, 'staff', 'Staff@2026!');
    const grid = await staff('GET', '/api/registrations?status=2&pageSize=1000');
    expect(grid.status).toBe(200);
    const total = grid.json.total as number;
    expect(total).toBeGreaterThanOrEqual(3);

    const page = await site.page();
    await site.signIn(page, 'staff', 'Staff@2026!');
    await page.goto(`${site.url}/ar/registrations`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="registrations-grid"]');
    await press(page, '[data-testid="grid-export"]');
    await waitForText(page, 'تصدير البيانات');
    await page.waitForSelector('[data-testid="export-start"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '[data-testid="export-start"]');
    await page.waitForSelector('[data-testid="export-download"]', { timeout: 30_000 });
    await waitForText(page, `اكتمل التصدير: ${total} صف`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const file = await downloadedFile(page, '[data-testid="export-download"]', downloads);
    const sheet = await readSheet(readFileSync(file));
    expect(sheet.rightToLeft).toBe(true);
    expect(sheet.headers.slice(0, 4)).toEqual(['رقم الطلب', 'الاسم بالعربية', 'الاسم بالإنجليزية', 'رقم الهوية']);
    expect(sheet.rows).toHaveLength(total);
    const ids = sheet.rows.map((r) => r[3]);
    for (const id of idNumbers.slice(0, 3)) expect(ids).toContain(id);
    expect(ids).not.toContain(idNumbers[3]);
    expect(new Set(sheet.rows.map((r) => r[5]))).toEqual(new Set(['الرياض']));
    await page.close();
  }, 90_000);
});
