import { describe, expect, it } from 'vitest';
import { Browser, eventDetails, inDays, portalForFile, signedIn } from '../../tests/support/portal.ts';

// The create-event year allowance (the red crescent's; domain/opportunity/rules.ts, withinYearAllowance): an event
// may start on any day of the current year that has not ended. The dates are relative to today, and each case holds
// on every day of the year (1 January included).
const file = portalForFile({ clientCode: 'SRCA' });

const year = new Date().getUTCFullYear();

describe('the create-event year allowance, through the API', () => {
  it('lets red-crescent staff create an event already begun this year; once approved it is active', async () => {
    const staff = await signedIn(file.portal.app, 'staff', 'Staff@2026!');
    const admin = await signedIn(file.portal.app, 'admin', 'Admin@2026!');
    for (const startDate of new Set([inDays(0), `${year}-01-01`])) {
      const code = `EV-BEGUN-${startDate}`;
      const created = await staff.post('/api/opportunities', eventDetails({ code, startDate, endDate: inDays(5) }));
      expect(created.statusCode, JSON.stringify(created.json())).toBe(201);
      const { opportunityId } = created.json();
      const approved = await admin.post(`/api/opportunities/${opportunityId}/approve`);
      expect(approved.statusCode).toBe(200);
      const shown = await new Browser(file.portal.app).get(
        `/api/opportunities/${opportunityId}?after=${approved.json().position}`,
      );
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({ id: opportunityId, status: 2, startDate });
      const managed = await staff.get(`/api/opportunities/manage?code=${code}&after=${approved.json().position}`);
      expect(managed.json().rows.map((r: { id: string }) => r.id)).toEqual([opportunityId]);
    }
  });

  it('still refuses an event that has ended, or one begun last year, writing nothing', async () => {
    const staff = await signedIn(file.portal.app, 'staff', 'Staff@2026!');
    const ended = await staff.post('/api/opportunities', eventDetails({ startDate: inDays(-1), endDate: inDays(-1) }));
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.code).toBe('event_expired');
    const lastYear = await staff.post(
      '/api/opportunities',
      eventDetails({ code: 'EV-LAST-YEAR', startDate: `${year - 1}-12-31`, endDate: inDays(5) }),
    );
    expect(lastYear.statusCode).toBe(422);
    expect(lastYear.json().error.code).toBe('EventStartTooSoon');
    const staffList = await staff.get('/api/opportunities/manage?code=EV-LAST-YEAR');
    expect(staffList.statusCode).toBe(200);
    expect(staffList.json().rows).toEqual([]);
  });
});
