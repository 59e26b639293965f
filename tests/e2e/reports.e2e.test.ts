import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// In Arabic (issue 10): staff open the event reports from the statistics page (menu), find an event by its code, open its report and
// read its figures (the print view hides the page's controls); the volunteer sees their own dashboard with the event,
// the hours and the evaluation. axe-core checks each screen.

const site = journey();
const V1 = '00000000-0000-4000-8000-000000000004';

describe('event reports and the volunteer dashboard, in Arabic', () => {
  const code = `RPT-${Date.now() % 100000}`;
  let eventId = '';

  it('sets up an event with one accepted volunteer and 4 approved hours rated very good', async () => {
    const admin = await apiClient(site.url, 'admin', 'Admin@2026!');
    const volunteer = await apiClient(site.url, 'volunteer1', 'Volunteer@2026!');
    const created = await admin(
      'POST',
      '/api/opportunities',
      eventDetails({ code, nameAr: `تقرير فعالية ${code}`, startDate: inDays(5), endDate: inDays(7) }),
    );
    expect(created.status).toBe(201);
    eventId = created.json.opportunityId;
    expect((await admin('POST', `/api/opportunities/${eventId}/approve`)).status).toBe(200);
    expect((await volunteer('POST', `/api/opportunities/${eventId}/join`)).status).toBe(200);
    expect((await admin('POST', `/api/opportunities/${eventId}/participants/${V1}/accept`, {})).status).toBe(200);
    const hours = await admin('POST', `/api/opportunities/${eventId}/participants/${V1}/hours`, {
      hours: 4,
      casesHandled: 3,
      checkIn: `${inDays(5)}T08:00:00Z`,
      checkOut: `${inDays(5)}T12:00:00Z`,
      rating: 4,
      review: 'أداء متميز',
    });
    expect(hours.status).toBe(200);
    const approved = await admin(
      'POST',
      `/api/opportunities/${eventId}/participants/${V1}/hours/${hours.json.hoursId}/approve`,
    );
    expect(approved.status).toBe(200);
    // The read model has it before the browser looks.
    const list = await admin('GET', `/api/reports/events?search=${code}&after=${approved.json.position}`);
    expect(list.json.total).toBe(1);
  });

  it('lets staff open the reports list, find the event and read its report', async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(page, 'nav a[href="/ar/statistics"]');
    await press(page, '[data-testid="event-reports-link"]');
    await page.waitForSelector('[data-testid="reports-grid"]');
    await waitForText(page, 'تقارير الفعاليات');
    await page.waitForSelector('[data-testid="summary-events"]');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await setValue(page, '#reports-filter-search', code);
    await page.focus('#reports-filter-search');
    await page.keyboard.press('Enter');
    await page.waitForFunction((c) => location.search.includes(c), {}, code);
    const row = `[data-testid="report-row-${code}"]`;
    await page.waitForSelector(row);
    await page.waitForFunction(() => document.querySelector('[data-testid="summary-events"]')?.textContent === '1');
    expect(await page.$eval('[data-testid="summary-approved-hours"]', (e) => e.textContent)).toBe('4');
    const cells = await page.$$eval(`${row} td`, (tds) => tds.map((td) => td.textContent?.trim()));
    expect(cells).toContain('4');
    expect(cells.join(' ')).toContain('جيد جداً');

    await press(page, `[data-testid="report-link-${code}"]`);
    await page.waitForFunction((id) => location.pathname === `/ar/reports/${id}`, {}, eventId);
    await page.waitForSelector('[data-testid="report-roster"]');
    await waitForText(page, `تقرير الفعالية: تقرير فعالية ${code}`);
    const fig = (id: string) => page.$eval(`[data-testid="${id}"]`, (e) => e.textContent);
    expect(await fig('fig-participants')).toBe('1');
    expect(await fig('fig-attended')).toBe('1');
    expect(await fig('fig-approved-hours')).toBe('4');
    expect(await fig('fig-pending-hours')).toBe('0');
    expect(await fig('fig-average-rating')).toContain('جيد جداً');
    const roster = await page.$eval(`[data-testid="roster-${V1}"]`, (tr) => tr.textContent ?? '');
    expect(roster).toContain('حضر');
    expect(roster).toContain('أداء متميز');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The print view leaves out the header and the controls.
    await page.emulateMediaType('print');
    expect(await page.$eval('header', (h) => getComputedStyle(h).display)).toBe('none');
    expect(await page.$eval('[data-testid="print-report"]', (b) => b.checkVisibility())).toBe(false);
    expect(await page.$eval('[data-testid="report-roster"]', (t) => t.checkVisibility())).toBe(true);
    await page.emulateMediaType('screen');

    // As of a day before the event was created: no event yet.
    await setValue(page, '#report-asof', inDays(-400));
    await page.waitForFunction(() => location.search.includes('asOf='));
    await waitForText(page, 'لم تكن الفعالية قد أُنشئت في ذلك التاريخ.');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('shows the volunteer their own dashboard: the event, the hours of its year and the evaluation', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    await page.waitForSelector('[data-testid="volunteer-dashboard"]');
    await page.waitForSelector('[data-testid="my-report-events"]');
    await waitForText(page, `تقرير فعالية ${code}`);
    const year = Number(inDays(5).slice(0, 4));
    const hoursRows = await page.$$eval('[data-testid="hours-by-year"] tbody tr', (trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)),
    );
    const thisYear = hoursRows.find((r) => r[0] === String(year));
    expect(Number(thisYear?.[1])).toBeGreaterThanOrEqual(4);
    expect(await page.$eval('[data-testid="evaluation-level"]', (e) => e.textContent)).toContain('التقييم العام');
    expect(
      Number(await page.$eval('[data-testid="evaluation-attended"]', (e) => e.textContent)),
    ).toBeGreaterThanOrEqual(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
