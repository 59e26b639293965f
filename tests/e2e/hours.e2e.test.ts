import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press, waitForText } from '../support/browser.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// Staff open the volunteer hours page in Arabic, select the pending hours of two events and approve them at once;
// both rows show "approved". The set-up (two events, a volunteer's hours in each, the staff role's Approve right on
// volunteer hours) goes through the API as staff and the admin.

const site = journey();

const apiAs = (userName: string, password: string) => apiClient(site.url, userName, password);

describe('volunteer hours of many events, approved at once', () => {
  const hoursIds: string[] = [];
  const V1 = '00000000-0000-4000-8000-000000000004';

  it('holds a pending hours entry of a volunteer in each of two events', async () => {
    const staff = await apiAs('staff', 'Staff@2026!');
    const admin = await apiAs('admin', 'Admin@2026!');
    const volunteer = await apiAs('volunteer1', 'Volunteer@2026!');
    for (const day of [40, 50]) {
      const created = await staff(
        'POST',
        '/api/opportunities',
        eventDetails({
          code: `HRS-${day}-${Date.now() % 100000}`,
          nameAr: `حملة الساعات ${day}`,
          nameEn: `Hours campaign ${day}`,
          leadName: 'Khalid Alharbi',
          maxInvitations: 10,
          maxContributions: 2,
          startDate: inDays(day),
          endDate: inDays(day + 2),
          volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
        }),
      );
      expect(created.status).toBe(201);
      const id = created.json.opportunityId;
      expect((await admin('POST', `/api/opportunities/${id}/approve`)).status).toBe(200);
      expect((await volunteer('POST', `/api/opportunities/${id}/join`)).status).toBe(200);
      expect((await staff('POST', `/api/opportunities/${id}/participants/${V1}/accept`, {})).status).toBe(200);
      const h = await staff('POST', `/api/opportunities/${id}/participants/${V1}/hours`, {
        hours: 4,
        casesHandled: 2,
        checkIn: `${inDays(day)}T08:00:00Z`,
        checkOut: `${inDays(day)}T12:00:00Z`,
        rating: 5,
        review: '',
      });
      expect(h.status).toBe(200);
      hoursIds.push(h.json.hoursId);
    }
    const grant = await admin('POST', '/api/admin/permissions/grant', {
      role: 2,
      screen: 'volunteerhours',
      actions: ['Approve'],
    });
    expect(grant.status).toBe(200);
  });

  it('lets staff select both and approve them (Arabic, right to left)', async () => {
    const page = await site.page();
    await site.signIn(page, 'staff', 'Staff@2026!');
    await page.goto(`${site.url}/ar/hours`, { waitUntil: 'networkidle2' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    for (const id of hoursIds) await page.waitForSelector(`[data-hours-id="${id}"]`);
    for (const id of hoursIds) await page.click(`[data-hours-id="${id}"] [data-testid="grid-select"]`);
    await waitForText(page, 'المختار: 2');
    await press(page, '[data-testid="hours-approve"]');
    await waitForText(page, 'هل تريد اعتماد 2 من إدخالات الساعات؟');
    await press(page, '[data-testid="hours-confirm"]');
    for (const id of hoursIds) await page.waitForSelector(`[data-hours-id="${id}"][data-result="approved"]`);
    const shown = await page.$$eval('[data-result="approved"] [data-testid="hours-result"]', (els) =>
      els.map((e) => e.textContent),
    );
    expect(shown).toEqual(['اعتُمدت', 'اعتُمدت']);
    // Read again, the approved filter holds both.
    await page.reload({ waitUntil: 'networkidle2' });
    await page.select('[data-testid="hours-state"]', 'approved');
    await press(page, 'form button[type="submit"]');
    for (const id of hoursIds) await page.waitForSelector(`[data-hours-id="${id}"]`);
  });
});
