import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic (issue 10): staff open the statistics, filter by region (the figures change), compare Q1 with Q2 as a
// chart and as a table, export the comparison to Excel, and open a figure as of a past date. axe-core checks the new
// screens.

const site = journey();

const counter = (page: Page, label: string) =>
  page.$eval(`[data-testid="counter-${label}"] [data-testid="counter-value"]`, (e) => e.textContent ?? '');
const waitForCounter = (page: Page, label: string, value: string) =>
  page.waitForFunction(
    (l, v) => document.querySelector(`[data-testid="counter-${l}"] [data-testid="counter-value"]`)?.textContent === v,
    {},
    label,
    value,
  );

describe('statistics, in Arabic', () => {
  const stamp = Date.now() % 100000;
  const nextYear = new Date().getUTCFullYear() + 1;

  it('staff filter the dashboard by region, compare two quarters and read a figure as of a past date', async () => {
    // Three approved events next year: one open to all in Q1 (no region), two of the Riyadh region (1) in Q2.
    const admin = await apiClient(site.url, 'admin', 'Admin@2026!');
    const event = async (code: string, startDate: string, regionIds: number[]) => {
      const created = await admin('POST', '/api/opportunities', {
        code: `ST-${code}-${stamp}`,
        nameAr: `فعالية إحصاءات ${code}`,
        nameEn: `Statistics event ${code}`,
        leadName: 'Khalid Alharbi',
        leadMobile: '0551234567',
        leadEmail: 'lead@example.org',
        visibility: regionIds.length ? 1 : 0,
        regionIds,
        cityIds: [],
        maxInvitations: 10,
        maxContributions: 5,
        startDate,
        endDate: startDate,
        gender: 3,
        timePeriod: 3,
        volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
        attendanceType: 1,
        maxHours: 6,
      });
      expect(created.status).toBe(201);
      expect((await admin('POST', `/api/opportunities/${created.json.opportunityId}/approve`)).status).toBe(200);
    };
    await event('A', `${nextYear}-01-10`, []);
    await event('B', `${nextYear}-04-10`, [1]);
    await event('C', `${nextYear}-05-10`, [1]);

    const page = await site.page();
    await site.signIn(page, 'staff', 'Staff@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(page, 'nav a[href="/ar/statistics"]');
    await waitForText(page, 'لوحة الإحصاءات');
    await waitForCounter(page, 'events', '3');
    expect(await counter(page, 'eventsApproved')).toBe('3');
    // The demo's two approved volunteers live in the Riyadh region, inside the staff member's scope.
    expect(await counter(page, 'approved')).toBe('2');
    // Each chart has its table: the regions' breakdown names the region and its two events.
    await page.waitForSelector('[data-testid="statistics-regions"] [data-testid="statistics-table"]');
    // And by city group: the seeded groups, named in Arabic.
    await page.waitForSelector('[data-testid="statistics-city-groups"] [data-testid="statistics-table"]');
    expect(await page.$eval('[data-testid="statistics-city-groups"]', (e) => e.textContent)).toContain('مقار المناطق');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Filter by region: the event open to all names no region, so two of the three remain.
    await page.select('#statistics-filter-regionId', '1');
    await press(page, 'form button[type="submit"]');
    await waitForCounter(page, 'events', '2');
    expect(await counter(page, 'approved')).toBe('2');
    await page.select('#statistics-filter-regionId', '');
    await press(page, 'form button[type="submit"]');
    await waitForCounter(page, 'events', '3');

    // KPI comparison: every choice is required; then Q1 against Q2 of next year, as a chart, then as a table.
    await press(page, '[data-testid="statistics-tab-kpi"]');
    await press(page, '[data-testid="kpi-compare"]');
    await page.waitForFunction(() => document.querySelector('#kpi-kind')?.getAttribute('aria-invalid') === 'true');
    await waitForText(page, 'هذا الحقل مطلوب');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.select('#kpi-kind', 'quarter');
    await page.select('#kpi-selectionYear', String(nextYear));
    await page.select('#kpi-selectionIndex', '1');
    await page.select('#kpi-baseYear', String(nextYear));
    await page.select('#kpi-baseIndex', '2');
    await press(page, '#kpi-view-chart');
    await press(page, '[data-testid="kpi-compare"]');
    await page.waitForSelector('[data-testid="kpi-chart"] [data-testid="statistics-chart"] svg');
    const chartRow = await page.$$eval('[data-testid="kpi-chart"] tbody tr', (rows) =>
      rows.map((r) => [...r.children].map((c) => c.textContent)),
    );
    expect(chartRow[0]).toEqual(['الفعاليات', '1', '2', '-1']);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '#kpi-view-table');
    await press(page, '[data-testid="kpi-compare"]');
    await page.waitForSelector('[data-testid="kpi-row-events"]');
    expect(
      await page.$eval('[data-testid="kpi-row-events"]', (r) => [...r.children].map((c) => c.textContent)),
    ).toEqual(['الفعاليات', '1', '2', '-1', '-50%']);
    expect(
      await page.$eval('[data-testid="kpi-row-approvedEvents"]', (r) => [...r.children].map((c) => c.textContent)),
    ).toEqual(['الفعاليات المعتمدة', '1', '2', '-1', '-50%']);
    // The comparison shown goes to Excel through the export dialog, as a job: then its download link.
    await press(page, '[data-testid="statistics-export-kpi"]');
    await press(page, '[data-testid="export-start"]');
    await page.waitForSelector('[data-testid="export-download"]', { timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid="export-download"]'));

    // The event types' target tab exports its table the same way.
    await press(page, '[data-testid="statistics-tab-eventTypesTarget"]');
    await page.waitForSelector('[data-testid="targets-eventTypes"]');
    await press(page, '[data-testid="statistics-export-targets-eventTypes"]');
    await press(page, '[data-testid="export-start"]');
    await page.waitForSelector('[data-testid="export-download"]', { timeout: 30_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[data-testid="export-download"]'));

    // As of yesterday: none of today's events existed yet, nor the demo volunteers' approvals.
    await press(page, '[data-testid="statistics-tab-dashboard"]');
    await waitForCounter(page, 'events', '3');
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.focus('#statistics-as-of');
    await page.keyboard.type(yesterday);
    await page.keyboard.press('Tab');
    await waitForText(page, `الأرقام كما كانت في نهاية يوم ${yesterday}`);
    await waitForCounter(page, 'events', '0');
    expect(await counter(page, 'approved')).toBe('0');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
