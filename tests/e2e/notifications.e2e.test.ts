import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// Staff extend an event two volunteers take part in; each volunteer sees "opportunity extended" (type 16) under the
// header's bell, one continues (in Arabic), the other does not continue after confirming (in English). The set-up
// goes through the API as staff and the admin; the volunteers use the web app. axe-core checks the open list.

const site = journey();

const apiAs = (userName: string, password: string) => apiClient(site.url, userName, password);

describe('opportunity extended, from the header bell', () => {
  let eventId = '';
  const name = `Extended health awareness campaign ${Date.now() % 100000}`;

  it('offers the extension to both seat holders when staff move the end date later', async () => {
    const staff = await apiAs('staff', 'Staff@2026!');
    const admin = await apiAs('admin', 'Admin@2026!');
    const body = eventDetails({
      code: `E2E-${Date.now() % 100000}`,
      nameAr: `حملة ممتدة ${Date.now() % 100000}`,
      nameEn: name,
      leadName: 'Khalid Alharbi',
      maxInvitations: 10,
      maxContributions: 2,
      startDate: inDays(60),
      endDate: inDays(62),
      volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
    });
    const created = await staff('POST', '/api/opportunities', body);
    expect(created.status).toBe(201);
    eventId = created.json.opportunityId;
    expect((await admin('POST', `/api/opportunities/${eventId}/approve`)).status).toBe(200);
    for (const [user, id] of [
      ['volunteer1', '00000000-0000-4000-8000-000000000004'],
      ['volunteer2', '00000000-0000-4000-8000-000000000005'],
    ] as const) {
      const volunteer = await apiAs(user, 'Volunteer@2026!');
      expect((await volunteer('POST', `/api/opportunities/${eventId}/join`)).status).toBe(200);
      expect((await staff('POST', `/api/opportunities/${eventId}/participants/${id}/accept`, {})).status).toBe(200);
    }
    expect((await staff('PUT', `/api/opportunities/${eventId}`, { ...body, endDate: inDays(64) })).status).toBe(200);
  });

  it('lets a volunteer continue (Arabic, right to left)', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The offer is written by a job after the edit: reload until the bell counts it.
    for (let i = 0; ; i++) {
      const label = await page
        .$eval('[data-testid="notifications-bell"]', (b) => b.getAttribute('aria-label') ?? '')
        .catch(() => '');
      if (/[1-9]/.test(label)) break;
      if (i > 10) throw new Error(`no unread notification: "${label}"`);
      await page.reload({ waitUntil: 'networkidle2' });
    }
    await press(page, '[data-testid="notifications-bell"]');
    await page.waitForSelector('[data-testid="notifications-panel"] [data-type="16"]');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '[data-testid="notifications-panel"] [data-type="16"] button');
    await waitForText(page, 'اخترت الاستمرار حتى التاريخ الجديد.');
    // Opening the list marked it read.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="notifications-bell"]')?.getAttribute('data-unread') === '0',
    );
  });

  it('lets a volunteer not continue, after confirming (English)', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer2', 'Volunteer@2026!', 'en');
    await page.waitForSelector('[data-testid="notifications-bell"]');
    await press(page, '[data-testid="notifications-bell"]');
    const item = '[data-testid="notifications-panel"] [data-type="16"]';
    await page.waitForSelector(item);
    // A name over 30 characters is cut, with the whole name in its title.
    const shown = await page.$eval(`${item} [data-testid="notification-name"]`, (a) => [
      a.textContent,
      a.getAttribute('title'),
    ]);
    expect(shown).toEqual([`${name.slice(0, 30).trimEnd()}…`, name]);
    await press(page, `${item} ::-p-aria([name="Do not continue"][role="button"])`);
    await page.waitForSelector(`${item} [data-testid="notification-confirm"]`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, `${item} [data-testid="notification-confirm-yes"]`);
    await waitForText(page, 'You chose not to continue.');
    // The seat went back to the event.
    const staff = await apiAs('staff', 'Staff@2026!');
    for (let i = 0; ; i++) {
      const joined = (await staff('GET', `/api/opportunities/${eventId}`)).json.joinedCount;
      if (joined === 1) break;
      if (i > 40) throw new Error(`seats taken: ${joined}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  });
});
