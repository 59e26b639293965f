import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// The events calendar in Arabic (ar-EG: Arabic-Indic digits) with an approved event on its day, and the ongoing list;
// axe-core checks both pages.

const site = journey();

/** A signed-in API client (cookies and the CSRF header, as the web app sends them). */
async function apiAs(userName: string, password: string) {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let csrf: string = (await keep(await fetch(`${site.url}/api/session`)).json()).csrfToken;
  const post = async (path: string, body?: unknown) => {
    const res = keep(
      await fetch(`${site.url}${path}`, {
        method: 'POST',
        headers: {
          cookie: cookie(),
          'x-csrf-token': csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  csrf = (await post('/api/session/login', { userName, password, language: 1 })).csrfToken;
  return { post };
}

const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

describe('events calendar and ongoing list (ar)', () => {
  it('shows an approved event on its day with Arabic-Indic digits; the calendar and the ongoing list pass axe', async () => {
    const staff = await apiAs('staff', 'Staff@2026!');
    const admin = await apiAs('admin', 'Admin@2026!');
    const day = utcDay(5);
    const code = `CAL-${String(Date.now()).slice(-6)}`;
    const { opportunityId } = await staff.post('/api/opportunities', {
      code,
      nameAr: `فعالية التقويم ${code}`,
      nameEn: `Calendar event ${code}`,
      leadName: 'خالد الحربي',
      leadMobile: '0551234567',
      leadEmail: 'lead@example.org',
      visibility: 0,
      regionIds: [],
      cityIds: [],
      maxInvitations: 10,
      maxContributions: 5,
      startDate: day,
      endDate: day,
      gender: 3,
      timePeriod: 1,
      volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
      attendanceType: 1,
      maxHours: 6,
    });
    await admin.post(`/api/opportunities/${opportunityId}/approve`);

    const page = await site.page();
    const cell = `td[data-day="${day}"]`;
    // The read model takes a moment to have the approval: open the month until the event shows on its day.
    for (let i = 0; ; i++) {
      await page.goto(`${site.url}/ar/events/calendar?month=${day.slice(0, 7)}`, { waitUntil: 'networkidle2' });
      try {
        await page.waitForSelector(`${cell} a[data-event="${opportunityId}"]`, { timeout: 3_000 });
        break;
      } catch (e) {
        if (i >= 8) throw e;
      }
    }
    expect(await page.$eval('html', (h) => [h.lang, h.dir])).toEqual(['ar', 'rtl']);
    const number = await page.$eval(`${cell} .events-calendar-number`, (n) => n.textContent);
    expect(number).toMatch(/^[٠-٩]+$/);
    expect(number).toBe(new Intl.NumberFormat('ar-EG').format(Number(day.slice(8, 10))));
    expect(await page.$eval(`${cell} a[data-event="${opportunityId}"]`, (a) => a.textContent)).toBe(
      `فعالية التقويم ${code}`,
    );
    const title = await page.$eval('[data-testid="calendar-month"]', (t) => t.textContent ?? '');
    expect(title).toMatch(/^\p{Script=Arabic}+ [٠-٩]{4}$/u);
    expect(await page.$eval('th', (th) => th.textContent)).toBe('السبت');
    await expectAccessible(page);

    await page.goto(`${site.url}/ar/events/ongoing`, { waitUntil: 'networkidle2' });
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'الفعاليات الجارية');
    await page.waitForSelector('[data-testid="events-range"]');
    await expectAccessible(page);
  });
});
