import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { setPermissionBox } from '../support/admin-screens.ts';
import { apiClient } from '../support/api-client.ts';
import { press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// In Arabic: the super admin grants the staff role Approve on the events screen in the permissions matrix; the
// staff member then sees the approve button on an event pending approval and approves it; the admin revokes it, and
// the button is gone and the API refuses. axe-core checks the matrix and its confirmation.

const site = journey();

const STAFF_APPROVE = '[data-testid="perm-2-eventsadmin-Approve"]';

/** An event the staff member creates (pending approval), through the API. */
async function pendingEvent(staff: Awaited<ReturnType<typeof apiClient>>, code: string): Promise<string> {
  const created = await staff(
    'POST',
    '/api/opportunities',
    eventDetails({
      code,
      nameAr: `فعالية الصلاحيات ${code}`,
      nameEn: `Permissions event ${code}`,
      leadName: 'Khalid Alharbi',
      maxInvitations: 10,
      maxContributions: 2,
      startDate: inDays(30),
      endDate: inDays(31),
      volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
    }),
  );
  expect(created.status).toBe(201);
  return created.json.opportunityId;
}

describe('screen permissions, in Arabic', () => {
  const stamp = String(Date.now()).slice(-6);
  let admin: Page;
  let staff: Page;
  let staffApi: Awaited<ReturnType<typeof apiClient>>;
  let first = '';
  let second = '';

  it('shows the super admin the matrix from the menu, in Arabic and accessible', async () => {
    staffApi = await apiClient(site.url, 'staff', 'Staff@2026!');
    first = await pendingEvent(staffApi, `PRM-A-${stamp}`);
    second = await pendingEvent(staffApi, `PRM-B-${stamp}`);
    admin = await site.page();
    await site.signIn(admin, 'admin', 'Admin@2026!');
    expect(await admin.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(admin, 'nav a[href="/ar/permissions"]');
    await admin.waitForSelector(STAFF_APPROVE);
    await waitForText(admin, 'صلاحيات الشاشات');
    await waitForText(admin, 'صلاحيات مدير النظام');
    expect(await seriousA11yViolations(admin)).toEqual([]);
  });

  it('a staff member has no approve button, and the API refuses, until the admin grants it', async () => {
    staff = await site.page();
    await site.signIn(staff, 'staff', 'Staff@2026!');
    await staff.goto(`${site.url}/ar/events/manage/${first}`, { waitUntil: 'networkidle2' });
    await staff.waitForSelector('[data-testid="event-approval"][data-approval="pending"]');
    expect(await staff.$('[data-testid="approve-event"]')).toBeNull();
    expect(await staff.$('[data-testid="stop-invitations"]')).toBeNull();
    expect((await staffApi('POST', `/api/opportunities/${first}/approve`)).status).toBe(403);

    await setPermissionBox(admin, site.url, STAFF_APPROVE, true);

    await staff.goto(`${site.url}/ar/events/manage/${first}`, { waitUntil: 'networkidle2' });
    await press(staff, '[data-testid="approve-event"]');
    await staff.waitForSelector('[data-testid="event-approval"][data-approval="approved"]');
  });

  it('once revoked the button is gone and the API refuses', async () => {
    await setPermissionBox(admin, site.url, STAFF_APPROVE, false);

    await staff.goto(`${site.url}/ar/events/manage/${second}`, { waitUntil: 'networkidle2' });
    await staff.waitForSelector('[data-testid="event-approval"][data-approval="pending"]');
    expect(await staff.$('[data-testid="approve-event"]')).toBeNull();
    const refused = await staffApi('POST', `/api/opportunities/${second}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('Forbidden');
  });
});
