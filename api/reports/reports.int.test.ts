import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPosition, type Position } from '../../commands/event-store/port.ts';
import { handleCommand } from '../../commands/handle.ts';
import { loadOpportunity, participationStream, viewOf } from '../../commands/participation/handlers.ts';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import { type ParticipationCommand, participationDecider } from '../../domain/participation/decide.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { opportunityDetails, testContext } from '../../tests/support/command-fixtures.ts';
import { signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const V1 = '00000000-0000-4000-8000-000000000004'; // volunteer1 of the seed
const at = (iso: string) => new Date(iso);
const ctx = (now: string) => testContext({ actorId: 'staff', actorRole: 3, now: at(now) });
let last: Position;

async function createEvent(now: string, over: Partial<OpportunityDetails>): Promise<string> {
  const id = randomUUID();
  const details = opportunityDetails({ code: `RP-${id.slice(0, 4)}`, ...over });
  const s = opportunityStream(id);
  await handleCommand(
    portal.runtime.store,
    s,
    opportunityDecider,
    { type: 'Create', details, client: CLIENTS.MOH, lookups: seedSnapshot() },
    ctx(now),
  );
  last = (await handleCommand(portal.runtime.store, s, opportunityDecider, { type: 'Approve' }, ctx(now))).position;
  return id;
}

/** A participation command at a simulated moment (the command's `now`). */
async function act(
  eventId: string,
  volunteerId: string,
  now: string,
  command: (o: ReturnType<typeof viewOf>) => ParticipationCommand,
) {
  const o = viewOf(await loadOpportunity(portal.runtime.store, eventId));
  last = (
    await handleCommand(
      portal.runtime.store,
      participationStream(eventId, volunteerId),
      participationDecider,
      command(o),
      ctx(now),
    )
  ).position;
}
const hours = (hoursId: string, h: number, day: string, rating: 1 | 2 | 3 | 4 | 5, casesHandled: number) => ({
  hoursId,
  hours: h,
  casesHandled,
  checkIn: `${day}T08:00:00Z`,
  checkOut: `${day}T18:00:00Z`,
  rating,
  review: `r-${hoursId}`,
});

describe('event reports and the volunteer dashboard, now and as of a past date', () => {
  it('computes the hand-made fixture, keeps staff in their scope, and reads the past as it was captured', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    const volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    const tag = randomUUID().slice(0, 4);
    // Simulated January 2026: the event runs 10–20 January.
    const evDetails = { code: `RPA${tag}`, nameEn: `Report ${tag}`, startDate: '2026-01-10', endDate: '2026-01-20' };
    const ev = await createEvent('2026-01-01T06:00:00Z', evDetails);
    // An event restricted to the Makkah region (2): outside the staff member's Riyadh.
    const far = await createEvent('2026-01-01T07:00:00Z', {
      code: `RPB${tag}`,
      startDate: '2026-01-10',
      endDate: '2026-01-20',
      visibility: 1,
      regionIds: [2],
    });
    const [A, B, C, D] = [V1, randomUUID(), randomUUID(), randomUUID()];
    for (const v of [A, B, C, D]) await act(ev, v, '2026-01-02T09:00:00Z', () => ({ type: 'Invite' }));
    for (const v of [A, B, C]) {
      await act(ev, v, '2026-01-02T10:00:00Z', (opportunity) => ({ type: 'VolunteerAccept', opportunity }));
      await act(ev, v, '2026-01-03T10:00:00Z', (opportunity) => ({ type: 'StaffAccept', byAdmin: false, opportunity }));
    }
    await act(far, A, '2026-01-02T09:00:00Z', () => ({ type: 'Invite' }));
    // 11 January: A checks in, 6 hours (rating 5, 2 cases) approved on the 12th; C's 4 hours (rating 2) rejected.
    await act(ev, A, '2026-01-11T08:00:00Z', (opportunity) => ({ type: 'CheckIn', opportunity }));
    await act(ev, A, '2026-01-11T19:00:00Z', (o) => ({
      type: 'RecordHours',
      entry: hours('a1', 6, '2026-01-11', 5, 2),
      opportunity: o,
    }));
    await act(ev, A, '2026-01-12T09:00:00Z', () => ({ type: 'ApproveHours', hoursId: 'a1' }));
    await act(ev, C, '2026-01-12T19:00:00Z', (o) => ({
      type: 'RecordHours',
      entry: hours('c1', 4, '2026-01-12', 2, 1),
      opportunity: o,
    }));
    await act(ev, C, '2026-01-12T20:00:00Z', () => ({ type: 'RejectHours', hoursId: 'c1' }));

    // Captured on 12 January (the simulated clock): what the screens show then.
    const T1 = '2026-01-12T23:59:59.000Z';
    const q = `search=${tag}&after=${formatPosition(last)}`;
    const captured = {
      report: (await admin.get(`/api/reports/events/${ev}?after=${formatPosition(last)}`)).json(),
      list: (await admin.get(`/api/reports/events?${q}`)).json(),
      summary: (await admin.get(`/api/reports/events-summary?${q}`)).json(),
      dashboard: (await volunteer.get(`/api/me/dashboard?after=${formatPosition(last)}`)).json(),
    };
    expect(captured.report.totals).toMatchObject({
      participants: 4,
      attendance: { attended: 1, expected: 2, absent: 0, released: 0, none: 1 },
      hours: { approved: 6, pending: 0, rejected: 4 },
      ratings: { count: 1, average: 5, distribution: [0, 0, 0, 0, 1] },
      incidents: 0,
    });

    // Later: B absent, C comes back (2 h, rating 4, approved) and is released, A logs 3 more hours (rating 3, pending)
    // and an incident.
    await act(ev, B, '2026-01-13T09:00:00Z', () => ({ type: 'MarkAbsent' }));
    await act(ev, C, '2026-01-14T19:00:00Z', (o) => ({
      type: 'RecordHours',
      entry: hours('c2', 2, '2026-01-14', 4, 3),
      opportunity: o,
    }));
    await act(ev, C, '2026-01-14T20:00:00Z', () => ({ type: 'ApproveHours', hoursId: 'c2' }));
    await act(ev, C, '2026-01-14T21:00:00Z', (opportunity) => ({ type: 'Release', opportunity }));
    await act(ev, A, '2026-01-15T19:00:00Z', (o) => ({
      type: 'RecordHours',
      entry: hours('a2', 3, '2026-01-15', 3, 4),
      opportunity: o,
    }));
    await act(ev, A, '2026-01-15T20:00:00Z', () => ({
      type: 'RecordIncident',
      mode: 'draft',
      incident: {
        incidentId: 'i1',
        fullName: 'Patient',
        genderType: 1,
        age: 40,
        nationalityId: 44,
        startTime: '2026-01-15T10:00:00Z',
      },
    }));
    // 16 January: the event is renamed and its end moved; the list as of the 12th still names it as it was.
    last = (
      await handleCommand(
        portal.runtime.store,
        opportunityStream(ev),
        opportunityDecider,
        {
          type: 'Edit',
          details: opportunityDetails({
            ...evDetails,
            nameAr: `تقرير ${tag}`,
            nameEn: `Renamed ${tag}`,
            endDate: '2026-01-22',
          }),
          client: CLIENTS.MOH,
          lookups: seedSnapshot(),
        },
        ctx('2026-01-16T08:00:00Z'),
      )
    ).position;
    const after = formatPosition(last);

    // Now, by hand: A attended 6 approved + 3 pending, ratings (5 + 3) / 2 = 4, cases 2 + 4, one incident; B absent;
    // C released, 2 approved + 4 rejected, rating 4 (the rejected entry's 2 does not count), cases 3; D invited only.
    const report = (await admin.get(`/api/reports/events/${ev}?after=${after}`)).json();
    expect(report.event).toMatchObject({ code: `RPA${tag}`, startDate: '2026-01-10', maxContributions: 10 });
    const row = (id: string) => report.roster.find((r: { volunteerId: string }) => r.volunteerId === id);
    expect(row(A)).toMatchObject({
      nameEn: 'Abdullah Alshammari',
      status: 4,
      attendance: 'attended',
      approvedHours: 6,
      pendingHours: 3,
      rating: 4,
      casesHandled: 6,
      incidents: 1,
      reviews: ['r-a1', 'r-a2'],
    });
    expect(row(B)).toMatchObject({ status: 9, attendance: 'absent', rating: null });
    expect(row(C)).toMatchObject({ status: 8, attendance: 'released', approvedHours: 2, rejectedHours: 4, rating: 4 });
    expect(row(D)).toMatchObject({ status: 1, attendance: 'none' });
    expect(report.totals).toEqual({
      participants: 4,
      byStatus: { 1: 1, 4: 1, 8: 1, 9: 1 },
      attendance: { attended: 1, expected: 0, absent: 1, released: 1, none: 1 },
      hours: { approved: 8, pending: 3, rejected: 4 },
      casesHandled: 9,
      ratings: { count: 2, average: 4, distribution: [0, 0, 0, 2, 0] },
      incidents: 1,
    });

    // The list (the read model's validity periods) agrees with the fold; staff see only their scope.
    const list = (await admin.get(`/api/reports/events?search=${tag}&after=${after}`)).json();
    expect(list.total).toBe(2);
    const listed = list.rows.find((r: { id: string }) => r.id === ev);
    expect(listed).toMatchObject({
      participants: 4,
      attended: 1,
      expected: 0,
      absent: 1,
      released: 1,
      approvedHours: 8,
      pendingHours: 3,
      rejectedHours: 4,
      casesHandled: 9,
      ratingCount: 2,
      averageRating: 4,
      incidents: 1,
    });
    const staffList = (await staff.get(`/api/reports/events?search=${tag}&after=${after}`)).json();
    expect(staffList.rows.map((r: { id: string }) => r.id)).toEqual([ev]);
    expect((await staff.get(`/api/reports/events/${far}`)).statusCode).toBe(404);
    expect((await volunteer.get(`/api/reports/events?search=${tag}`)).statusCode).toBe(403);
    // The summary: both events (the far one has A invited), and the staff member's scope.
    const summary = (await admin.get(`/api/reports/events-summary?search=${tag}&after=${after}`)).json();
    expect(summary).toMatchObject({
      events: 2,
      participants: 5,
      approvedHours: 8,
      absent: 1,
      released: 1,
      byStatus: { 1: 2, 4: 1, 8: 1, 9: 1 },
      ratingDistribution: [0, 0, 0, 2, 0],
    });
    expect((await staff.get(`/api/reports/events-summary?search=${tag}`)).json()).toMatchObject({
      events: 1,
      participants: 4,
    });

    // The volunteer's dashboard: two events (one only invited), 6 approved hours in 2026, evaluation: one settled
    // event attended → commitment 1, average rating 4 → level 4.
    const dash = (await volunteer.get(`/api/me/dashboard?after=${after}`)).json();
    const mine = dash.events.filter((e: { id: string }) => e.id === ev || e.id === far);
    expect(mine.map((e: { id: string; attendance: string }) => [e.id, e.attendance])).toEqual(
      expect.arrayContaining([
        [ev, 'attended'],
        [far, 'none'],
      ]),
    );
    expect(dash.hoursByYear.find((y: { year: number }) => y.year === 2026)).toMatchObject({ approvedHours: 6 });
    const notVolunteer = await admin.get('/api/me/dashboard');
    expect([notVolunteer.statusCode, notVolunteer.json().error.code]).toEqual([409, 'YouMustBeVolunteer']);

    // As of 12 January, after every later change: exactly what was captured then.
    const asOf = `asOf=${encodeURIComponent(T1)}`;
    expect((await admin.get(`/api/reports/events/${ev}?${asOf}`)).json()).toEqual({ ...captured.report, asOf: T1 });
    expect((await admin.get(`/api/reports/events?search=${tag}&${asOf}`)).json()).toEqual(captured.list);
    // The renamed event: its name and dates as they stood on the 12th, and as they are now; found by its name then.
    const listedRow = async (q: string) =>
      ((await admin.get(`/api/reports/events?${q}&after=${after}`)).json().rows as { id: string }[]).find(
        (r) => r.id === ev,
      );
    const then = { nameEn: `Report ${tag}`, endDate: '2026-01-20' };
    expect(captured.list.rows.find((r: { id: string }) => r.id === ev)).toMatchObject(then);
    expect(await listedRow(`search=${tag}&${asOf}`)).toMatchObject(then);
    expect(await listedRow(`search=${tag}`)).toMatchObject({ nameEn: `Renamed ${tag}`, endDate: '2026-01-22' });
    expect(await listedRow(`search=Renamed%20${tag}&${asOf}`)).toBeUndefined();
    expect(await listedRow(`search=Report%20${tag}&${asOf}`)).toMatchObject(then);
    expect((await admin.get(`/api/reports/events-summary?search=${tag}&${asOf}`)).json()).toEqual(captured.summary);
    expect((await volunteer.get(`/api/me/dashboard?${asOf}`)).json()).toEqual({ ...captured.dashboard, asOf: T1 });
    // Before the events existed: none listed, and the report has no event yet.
    const before = `asOf=${encodeURIComponent('2025-12-31T00:00:00Z')}`;
    expect((await admin.get(`/api/reports/events?search=${tag}&${before}`)).json()).toEqual({ rows: [], total: 0 });
    expect((await admin.get(`/api/reports/events/${ev}?${before}`)).json()).toMatchObject({ event: null, roster: [] });
    // A malformed date is refused with its catalogue code.
    const bad = await admin.get(`/api/reports/events?asOf=2026-02-30T00:00:00Z`);
    expect([bad.statusCode, bad.json().error.code]).toEqual([422, 'InvalidDate']);
  });

  it("judges one event's report in a staff member's scope as the event stood on the date, as the list does", async () => {
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    const tag = randomUUID().slice(0, 4);
    // February 2026: an event for the Riyadh region (1, the staff member's) moves to the Makkah region (2) on the 10th.
    const riyadh = {
      code: `RPM${tag}`,
      startDate: '2026-02-15',
      endDate: '2026-02-20',
      visibility: 1 as const,
      regionIds: [1],
    };
    const ev = await createEvent('2026-02-01T06:00:00Z', riyadh);
    const moved = opportunityDetails({ ...riyadh, regionIds: [2] });
    last = (
      await handleCommand(
        portal.runtime.store,
        opportunityStream(ev),
        opportunityDecider,
        { type: 'Edit', details: moved, client: CLIENTS.MOH, lookups: seedSnapshot() },
        ctx('2026-02-10T06:00:00Z'),
      )
    ).position;
    const after = `after=${formatPosition(last)}`;
    const then = `asOf=${encodeURIComponent('2026-02-05T00:00:00Z')}`;
    const listed = async (q: string) =>
      ((await staff.get(`/api/reports/events?search=${tag}&${q}&${after}`)).json().rows as { id: string }[]).map(
        (r) => r.id,
      );
    // On the 5th it was hers: listed, and its report opens; now it is not: neither.
    expect(await listed(then)).toEqual([ev]);
    expect((await staff.get(`/api/reports/events/${ev}?${then}&${after}`)).statusCode).toBe(200);
    expect(await listed('')).toEqual([]);
    expect((await staff.get(`/api/reports/events/${ev}?${after}`)).statusCode).toBe(404);
    // The report's export follows the same rule.
    const exportAsOf = await staff.post('/api/exports/event-report', {
      format: 'xlsx',
      filters: { eventId: ev, asOf: '2026-02-05T00:00:00Z' },
    });
    expect(exportAsOf.statusCode).toBe(201);
    const exportNow = await staff.post('/api/exports/event-report', { format: 'xlsx', filters: { eventId: ev } });
    expect(exportNow.statusCode).toBe(404);
  });
});
