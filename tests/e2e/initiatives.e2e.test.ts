import { describe, expect, it } from 'vitest';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic (issue 13): a volunteer proposes an event from the Initiatives menu (New), an admin finds it in the grid
// by its code, approves it through the events form started from the proposal, and lands on the draft event pending
// approval; the initiative reads Received. axe-core checks the new screens.

const site = journey();

const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('event initiatives, in Arabic', () => {
  const name = `مبادرة تشجير الحي ${Date.now() % 100000}`;
  let code = '';

  it('lets a volunteer propose an event from the Initiatives menu', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(page, 'nav a[href="/ar/initiatives"]');
    await page.waitForSelector('[data-testid="initiatives-grid"]');
    await waitForText(page, 'مبادرات الفعاليات');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await press(page, '[data-testid="new-initiative"]');
    await page.waitForSelector('#initiative-name');
    // The domain's rules run in the browser first: an empty form names the missing fields.
    await press(page, '[data-testid="submit-initiative"]');
    await page.waitForFunction(
      () => document.querySelector('#initiative-details')?.getAttribute('aria-invalid') === 'true',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await setValue(page, '#initiative-name', name);
    await setValue(page, '#initiative-description', 'زراعة مئة شجرة في حديقة الحي بمشاركة السكان.');
    await setValue(page, '#initiative-details', 'صباح يوم السبت، وتوفر البلدية الشتلات والأدوات.');
    await page.select('#initiative-regionId', '1');
    await page.select('#initiative-cityId', '2');
    await setValue(page, '#initiative-location', 'حديقة الخرج العامة');
    await setValue(page, '#initiative-latitude', '24.15');
    await setValue(page, '#initiative-longitude', '47.3');
    await press(page, '[data-testid="submit-initiative"]');
    await waitForText(page, 'تم إرسال المبادرة');
    code = await page.$eval('body', (b) => /IN-\d{4}-[0-9A-F]{8}/.exec(b.textContent ?? '')?.[0] ?? '');
    expect(code).toMatch(/^IN-/);
    const row = `[data-testid="initiative-row-${code}"]`;
    await page.waitForSelector(row);
    expect(await page.$eval(`${row} [data-testid="initiative-status"]`, (b) => b.textContent)).toBe('جديدة');
  });

  it('lets an admin find it by its code and approve it into a draft event', async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    await press(page, 'nav a[href="/ar/initiatives"]');
    await page.waitForSelector('[data-testid="initiatives-grid"]');
    await setValue(page, '#initiatives-filter-code', code);
    await page.focus('#initiatives-filter-code');
    await page.keyboard.press('Enter');
    await page.waitForFunction((c) => location.search.includes(c), {}, code);
    await page.waitForSelector(`[data-testid="initiative-row-${code}"]`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await press(page, `[data-testid="approve-${code}"]`);
    await page.waitForSelector('[data-testid="event-form"]');
    // The form starts from the proposal.
    expect(await page.$eval('#event-nameAr', (i) => (i as HTMLInputElement).value)).toBe(name);
    expect(await page.$eval('#event-location', (i) => (i as HTMLInputElement).value)).toBe('حديقة الخرج العامة');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.type('#event-code', `EV-${code.slice(-6)}`);
    await setValue(page, '#event-nameEn', 'Neighbourhood planting');
    await page.type('#event-maxInvitations', '10');
    await page.type('#event-maxContributions', '5');
    await page.type('#event-leadName', 'خالد الحربي');
    await page.type('#event-leadMobile', '0551234567');
    await page.type('#event-leadEmail', 'lead@example.org');
    await setValue(page, '#event-startDate', dayFromToday(5));
    await setValue(page, '#event-endDate', dayFromToday(7));
    await Promise.all([
      page.waitForFunction(() => /\/events\/manage\/[0-9a-f-]{36}$/.test(location.pathname), { timeout: 20_000 }),
      press(page, '[data-testid="event-save"]'),
    ]);
    await page.waitForSelector('[data-testid="event-approval"][data-approval="pending"]');
    await waitForText(page, name);

    await page.goto(`${site.url}/ar/initiatives?code=${code}`, { waitUntil: 'networkidle2' });
    const row = `[data-testid="initiative-row-${code}"]`;
    await page.waitForSelector(row);
    await page.waitForFunction(
      (r) => document.querySelector(`${r} [data-testid="initiative-status"]`)?.textContent === 'مستلمة',
      {},
      row,
    );
  });
});
