import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeForm } from '../../domain/registration/fixtures.ts';
import {
  type Browser,
  eventDetails,
  signedIn,
  startTestPortal,
  streamEvents,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';
import { readSheet } from '../../tests/support/xlsx.ts';

/**
 * The statistics exports against the screen: volunteers registered here in cities of the seeded city groups (Makkah:
 * region seats, group 1; Jeddah and Taif: governorates, group 2), the dashboard read before and after (the
 * differences computed by hand), then each export read back and compared with the screen's own answer.
 */
let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const ADMIN = '00000000-0000-4000-8000-000000000001';
let seq = 0;
async function submitted(regionId: number, cityId: number) {
  seq++;
  const n = String(seq).padStart(4, '0');
  const form = completeForm({
    userName: `stx_${n}_${Date.now() % 100000}`,
    email: `stx${n}.${Date.now()}@example.org`,
    mobile: `05${String(Date.now() % 1e4).padStart(4, '0')}${n}`,
    idNumber: `10${String(Date.now() % 1e4).padStart(4, '0')}${n}`,
  });
  form.address = { ...form.address, regionId, cityId };
  const res = await (await visitorOn(portal.app)).post('/api/registrations', { form, submit: true });
  expect(res.statusCode).toBe(201);
}

async function exported(who: Browser, path: string, body: object) {
  const started = await who.post(path, body);
  expect(started.statusCode).toBe(201);
  const id = started.json().id as string;
  await vi.waitFor(
    async () => expect(((await who.get(`/api/exports/${id}`)).json() as { status: string }).status).toBe('completed'),
    { timeout: 60_000, interval: 100 },
  );
  return { id, sheet: await readSheet((await who.get(`/api/exports/${id}/file`)).rawPayload) };
}

type Area = { id: number; nameAr: string; nameEn: string; registered: number; events: number };
type Dashboard = {
  counters: { label: string; value: number; percentage: number }[];
  cityGroups: Area[];
  regions: Area[];
};

describe('statistics exports', () => {
  it('writes the screen’s figures: the dashboard’s tables, a page’s tables and the KPI comparison, audited', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const dashboard = async (q = '') => (await admin.get(`/api/statistics/dashboard${q}`)).json() as Dashboard;
    const submittedCount = (d: Dashboard) => d.counters.find((c) => c.label === 'submitted')!.value;
    const group = (d: Dashboard, id: number) => d.cityGroups.find((g) => g.id === id)!;
    const before = await dashboard();
    await submitted(2, 4); // Makkah: group 1
    await submitted(2, 4); // Makkah: group 1
    await submitted(2, 5); // Jeddah: group 2
    // By hand: three more submitted volunteers, two in group 1 and one in group 2.
    const after = await vi.waitFor(
      async () => {
        const d = await dashboard();
        expect(submittedCount(d)).toBe(submittedCount(before) + 3);
        return d;
      },
      { timeout: 30_000, interval: 100 },
    );
    expect(group(after, 1).registered - group(before, 1).registered).toBe(2);
    expect(group(after, 2).registered - group(before, 2).registered).toBe(1);
    expect(group(after, 1)).toMatchObject({ nameAr: 'مقار المناطق', nameEn: 'Region seats' });
    const g2 = await dashboard('?cityGroupId=2');
    expect(g2.counters.find((c) => c.label === 'volunteers')!.value).toBe(group(after, 2).registered);

    // The dashboard's tables, in Arabic: a row per region, event type and city group, the screen's numbers.
    const d = await exported(admin, '/api/exports/statistics-dashboard', { format: 'xlsx', filters: {} });
    expect(d.sheet.rightToLeft).toBe(true);
    expect(d.sheet.headers.slice(0, 3)).toEqual(['الجدول', 'الاسم', 'المسجلون']);
    const groups = d.sheet.rows.filter((r) => r[0] === 'حسب مجموعة المدن');
    expect(groups.map((r) => [r[1], r[2], r[4]])).toEqual(
      after.cityGroups.map((g) => [g.nameAr, g.registered, g.events]),
    );
    expect(d.sheet.rows.filter((r) => r[0] === 'حسب المنطقة').map((r) => r[2])).toEqual(
      after.regions.map((r) => r.registered),
    );
    // Above the tables, the dashboard's counters: named as the screen names them, with value and percentage.
    expect(d.sheet.headers.slice(8)).toEqual(['القيمة', 'النسبة %']);
    const counters = d.sheet.rows.filter((r) => r[0] === 'المؤشرات');
    expect(d.sheet.rows.slice(0, counters.length)).toEqual(counters);
    expect(counters.map((r) => [r[8], r[9]])).toEqual(after.counters.map((c) => [c.value, c.percentage]));
    expect(counters.find((r) => r[1] === 'طلبات مُرسلة')?.[8]).toBe(submittedCount(after));
    expect(counters).toHaveLength(after.counters.length);
    // Named in Arabic, and no area figures on a counter's row (empty cells read back as undefined).
    expect(counters.every((r) => r[2] === undefined && /[\u0600-\u06ff]/.test(String(r[1])))).toBe(true);

    // A statistics page's tables with the screen's filters, in English.
    const filters = { view: 'registrations', cityGroupId: '1' };
    const screen = (await admin.get('/api/statistics/breakdowns?view=registrations&cityGroupId=1')).json() as {
      dimension: string;
      rows: { key: number | null; value: number; percentage: number }[];
    }[];
    const b = await exported(admin, '/api/exports/statistics-breakdowns', {
      format: 'xlsx',
      formatted: false,
      language: 'en',
      filters,
    });
    expect(b.sheet.rightToLeft).toBe(false);
    expect(b.sheet.headers.slice(0, 4)).toEqual(['Table', 'Name', 'Count', 'Percentage']);
    expect(b.sheet.rows.map((r) => [r[2], r[3]])).toEqual(
      screen.flatMap((t) => t.rows.map((r) => [r.value, r.percentage])),
    );
    // The codes named as the screen names them: status 2 is "Submitted".
    expect(screen[0]!.dimension).toBe('status');
    expect(b.sheet.rows.find((r) => r[0] === 'By status' && r[1] === 'Submitted')?.[2]).toBe(
      screen[0]!.rows.find((r) => r.key === 2)?.value,
    );

    // The KPI comparison, as of a day: the screen's rows.
    const kpiQuery = {
      kind: 'quarter',
      selectionYear: '2026',
      selectionIndex: '2',
      baseYear: '2026',
      baseIndex: '1',
      asOf: '2026-06-30',
    };
    const kpi = (await admin.get(`/api/statistics/kpi?${new URLSearchParams(kpiQuery)}`)).json() as {
      rows: { selection: number; base: number; change: number }[];
    };
    const k = await exported(admin, '/api/exports/statistics-kpi', { format: 'xlsx', filters: kpiQuery });
    expect(k.sheet.rows.map((r) => r[0])).toEqual([
      'الفعاليات',
      'الفعاليات المعتمدة',
      'الفعاليات المنتهية',
      'الدعوات والطلبات',
      'المشاركات المقبولة',
      'الساعات المعتمدة',
      'الساعات غير المعتمدة',
    ]);
    expect(k.sheet.rows.map((r) => [r[1], r[2], r[3]])).toEqual(kpi.rows.map((r) => [r.selection, r.base, r.change]));

    // Each export is an audited action: requested with its source and the screen's filters, then completed.
    const events = await streamEvents(portal, `reports-${ADMIN}`);
    const requested = events.filter((e) => e.type === 'ExportRequested').map((e) => e.data as Record<string, unknown>);
    expect(requested.map((r) => r.source).slice(0, 3)).toEqual([
      'statistics-dashboard',
      'statistics-breakdowns',
      'statistics-kpi',
    ]);
    expect(requested[1]).toMatchObject({ exportId: b.id, filters: filters, scope: null });
    expect(requested[2]).toMatchObject({ exportId: k.id, filters: expect.objectContaining({ asOf: '2026-06-30' }) });
    expect(events.filter((e) => e.type === 'ExportCompleted')).toHaveLength(requested.length);
  }, 120_000);

  it('writes the targets tabs: each event and each event type against its targets, as the screen shows them', async () => {
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    // An event type with its targets (1 to 4), and an event of that type with its own (2 to 5); nobody takes part yet,
    // so both stand below their minimum.
    const group = await admin.post('/api/admin/lookups/eventTypeGroup', { nameAr: 'مجموعة', nameEn: 'Group' });
    const batch = await admin.post('/api/admin/lookups/eventType/batch', {
      add: [
        { nameAr: 'تمرين الأهداف', nameEn: 'Targets drill', parentId: group.json().id, minTarget: 1, maxTarget: 4 },
      ],
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const typeId = (batch.json().added as number[])[0]!;
    // The new type reaches the master data the events check once its projection has it: try until then.
    const created = await vi.waitFor(
      async () => {
        const res = await admin.post('/api/opportunities', {
          ...eventDetails({ code: `STT${Date.now() % 100000}`, eventTypeId: typeId }),
          minTarget: 2,
          maxTarget: 5,
        });
        expect(res.statusCode, res.body).toBe(201);
        return res;
      },
      { timeout: 30_000, interval: 200 },
    );
    const id = created.json().opportunityId as string;
    type Target = { id: string | number; nameAr: string; nameEn: string; events: number; participants: number };
    type TargetFull = Target & { minTarget: number | null; maxTarget: number | null; standing: string | null };
    const screen = async (view: string) =>
      (await admin.get(`/api/statistics/targets?view=${view}`)).json() as TargetFull[];
    const events = await vi.waitFor(
      async () => {
        const rows = await screen('events');
        expect(rows.find((r) => r.id === id)).toMatchObject({ minTarget: 2, maxTarget: 5, standing: 'below' });
        return rows;
      },
      { timeout: 30_000, interval: 100 },
    );
    const e = await exported(admin, '/api/exports/statistics-targets', {
      format: 'xlsx',
      language: 'en',
      filters: { view: 'events' },
    });
    expect(e.sheet.headers).toEqual([
      'Table',
      'Name',
      'Events',
      'Participants',
      'Minimum target',
      'Maximum target',
      'Against target',
    ]);
    // Every cell, empty ones (undefined when read back) as null.
    const cells = (r: unknown[]) => Array.from({ length: 7 }, (_, i) => r[i] ?? null);
    expect(e.sheet.rows.map(cells)).toEqual(
      events.map((r) => [
        'Events target',
        r.nameEn,
        r.events,
        r.participants,
        r.minTarget,
        r.maxTarget,
        r.standing === null
          ? null
          : { below: 'Below target', within: 'Within target', above: 'Above target' }[r.standing],
      ]),
    );
    expect(e.sheet.rows.find((r) => r[1] === events.find((x) => x.id === id)!.nameEn)?.[6]).toBe('Below target');

    // The event types' tab, in Arabic, as of today: the screen's rows for the same day.
    const today = new Date().toISOString().slice(0, 10);
    const types = await screen(`eventTypes&asOf=${today}`);
    expect(types.find((r) => r.id === typeId)).toMatchObject({ events: 1, participants: 0, standing: 'below' });
    const t = await exported(admin, '/api/exports/statistics-targets', {
      format: 'xlsx',
      filters: { view: 'eventTypes', asOf: today },
    });
    expect(t.sheet.rightToLeft).toBe(true);
    const standingAr = { below: 'أقل من المستهدف', within: 'ضمن المستهدف', above: 'أعلى من المستهدف' };
    expect(t.sheet.rows.map(cells)).toEqual(
      types.map((r) => [
        'مستهدفات أنواع الفعاليات',
        r.nameAr,
        r.events,
        r.participants,
        r.minTarget,
        r.maxTarget,
        r.standing === null ? null : standingAr[r.standing as keyof typeof standingAr],
      ]),
    );
    expect(t.sheet.rows.find((r) => r[1] === 'تمرين الأهداف')?.[6]).toBe('أقل من المستهدف');
    const requested = (await streamEvents(portal, `reports-${ADMIN}`)).filter((x) => x.type === 'ExportRequested');
    expect(requested.at(-1)?.data).toMatchObject({
      exportId: t.id,
      source: 'statistics-targets',
      filters: { view: 'eventTypes', asOf: today },
    });
  }, 120_000);

  it('refuses a volunteer and records nothing; refuses a KPI export without its periods', async () => {
    const volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
    const refused = await volunteer.post('/api/exports/statistics-dashboard', { format: 'xlsx', filters: {} });
    expect(refused.statusCode).toBe(403);
    const targets = { format: 'xlsx', filters: { view: 'events' } };
    expect((await volunteer.post('/api/exports/statistics-targets', targets)).statusCode).toBe(403);
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const before = await streamEvents(portal, `reports-${ADMIN}`);
    const bad = await admin.post('/api/exports/statistics-kpi', { format: 'xlsx', filters: { kind: 'quarter' } });
    expect(bad.statusCode).toBe(422);
    const noView = await admin.post('/api/exports/statistics-targets', { format: 'xlsx', filters: {} });
    expect(noView.statusCode).toBe(422);
    expect(await streamEvents(portal, `reports-${ADMIN}`)).toHaveLength(before.length);
  }, 60_000);
});
