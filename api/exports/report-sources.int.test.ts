import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventReportRows, type ReportsDB } from '../../projections/reports/queries.ts';
import {
  type Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
} from '../../tests/support/portal.ts';
import { readSheet } from '../../tests/support/xlsx.ts';

// The event reports' export sources (api/exports/report-sources.ts): the list and the summary hold what their screen
// shows for the same filters in the staff scope; one event's report is its roster, refused outside the scope.

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const as = (user: string, password: string) => signedIn(portal.app, user, password);
const KHALID = '00000000-0000-4000-8000-000000000002';
const V1 = '00000000-0000-4000-8000-000000000004';
const reportsOf = async (userId: string) => (await streamEvents(portal, `reports-${userId}`)).map((e) => e.type);

async function exported(who: Browser, source: string, filters: object, format: 'xlsx' | 'pdf' = 'xlsx') {
  const started = await who.post(`/api/exports/${source}`, { format, language: 'en', filters });
  expect(started.statusCode, started.body).toBe(201);
  const id = started.json().id as string;
  const s = await vi.waitFor(
    async () => {
      const st = (await who.get(`/api/exports/${id}`)).json();
      expect(st.status).not.toBe('requested');
      return st as { status: string; rows: number; reason: string | null };
    },
    { timeout: 60_000, interval: 100 },
  );
  expect(s.status, s.reason ?? '').toBe('completed');
  return (await who.get(`/api/exports/${id}/file`)).rawPayload;
}

describe('the event reports exports', () => {
  it('export the list, the summary and one event’s roster as the reports screens show them, in the scope', async () => {
    const admin = await as('admin', 'Admin@2026!');
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const staff = await as('staff', 'Staff@2026!');
    const tag = `XR${randomUUID().slice(0, 4)}`;
    const event = async (n: number, day: number, over: object, withHours: number | null) => {
      const details = eventDetails({
        code: `${tag}${n}`,
        nameEn: `Export report ${tag} ${n}`,
        startDate: inDays(day),
        endDate: inDays(day + 1),
      });
      const created = await admin.post('/api/opportunities', details);
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().opportunityId as string;
      expect((await admin.post(`/api/opportunities/${id}/approve`)).statusCode).toBe(200);
      if (withHours !== null) {
        expect((await volunteer.post(`/api/opportunities/${id}/join`)).statusCode).toBe(200);
        expect((await admin.post(`/api/opportunities/${id}/participants/${V1}/accept`, {})).statusCode).toBe(200);
        const h = await admin.post(`/api/opportunities/${id}/participants/${V1}/hours`, {
          hours: withHours,
          casesHandled: 2,
          checkIn: `${inDays(day)}T08:00:00Z`,
          checkOut: `${inDays(day)}T16:00:00Z`,
          rating: 4,
          review: '',
        });
        expect(h.statusCode, h.body).toBe(200);
      }
      const moved = await admin.put(`/api/opportunities/${id}`, { ...details, ...over });
      expect(moved.statusCode, moved.body).toBe(200);
      return { id, position: moved.json().position as string };
    };
    const riyadh = await event(1, 500, { visibility: 1, regionIds: [1] }, 6);
    await event(2, 503, {}, null);
    const makkah = await event(3, 506, { visibility: 1, regionIds: [2] }, 3);

    const q = `search=${tag}&after=${makkah.position}`;
    const adminList = (await admin.get(`/api/reports/events?${q}&pageSize=50`)).json();
    expect(adminList.total).toBe(3);
    const staffList = (await staff.get(`/api/reports/events?${q}&pageSize=50`)).json();
    expect(staffList.total).toBe(2);

    // The list: the same events in the same order with their figures; the staff member's lacks the Makkah event.
    for (const [who, list] of [
      [admin, adminList],
      [staff, staffList],
    ] as const) {
      const sheet = await readSheet(await exported(who, 'event-reports', { search: tag }));
      expect(sheet.headers.slice(0, 2)).toEqual(['Code', 'Event']);
      expect(sheet.rows.map((r) => [r[0], r[5], r[8]])).toEqual(
        list.rows.map((r: { code: string; participants: number; approvedHours: number }) => [
          r.code,
          r.participants,
          r.approvedHours,
        ]),
      );
    }

    // In batches of one event: the same rows, in the list's order.
    const rows = [];
    for await (const r of eventReportRows(portal.runtime.db as unknown as Kysely<ReportsDB>, null, { search: tag }, 1))
      rows.push(r);
    expect(rows).toEqual(adminList.rows);

    // The summary: one figure a row, the totals the summary screen shows.
    const summary = (await staff.get(`/api/reports/events-summary?${q}`)).json();
    expect(summary.events).toBe(2);
    const lines = await readSheet(await exported(staff, 'event-reports-summary', { search: tag }));
    const value = (name: string) => lines.rows.find((r) => r[0] === name)?.[1];
    expect(value('Events')).toBe(2);
    expect(value('Volunteers')).toBe(summary.participants);
    expect(value('Pending hours')).toBe(summary.pendingHours);
    expect(value('Pending hours')).toBe(6);

    // One event's report as a PDF: its roster, readable; staff outside the event's regions: 404 and nothing recorded.
    const pdf = await exported(admin, 'event-report', { eventId: riyadh.id }, 'pdf');
    const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
    for (const w of ['Event report', 'Volunteer', 'Abdullah Alshammari']) expect(text).toContain(w);
    const roster = await readSheet(await exported(staff, 'event-report', { eventId: riyadh.id }));
    expect(roster.rows.map((r) => [r[0], r[4]])).toEqual([['Abdullah Alshammari', 6]]);
    const before = await reportsOf(KHALID);
    const refused = await staff.post('/api/exports/event-report', { format: 'pdf', filters: { eventId: makkah.id } });
    expect(refused.statusCode).toBe(404);
    expect(await reportsOf(KHALID)).toEqual(before);
    // A volunteer holds no statistics screen: refused, nothing recorded.
    expect((await volunteer.post('/api/exports/event-reports', { format: 'xlsx', filters: {} })).statusCode).toBe(403);
    expect(await reportsOf(V1)).toEqual([]);
  }, 180_000);
});
