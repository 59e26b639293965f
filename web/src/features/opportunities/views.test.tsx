// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { type FakeApiState, installFakeApi } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import type { CalendarEvent, EventListItem, PendingEvent } from './api.ts';
import { monthOf, monthTitle } from './calendar.ts';

// The events calendar, the ongoing and closed lists, and the approvers' list of pending events, on the whole app
// with a fake API behind fetch.

vi.setConfig({ testTimeout: 20_000 });

// Leaflet needs a real browser: stand-ins for the map chunk (tests/e2e/events-map.e2e.test.ts has the real one).
vi.mock('./map/lazy.tsx', () => import('./map/standIns.ts'));

const admin: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  userName: 'admin',
  name: { ar: 'سارة', en: 'Sarah' },
  roleId: 3,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: null,
};
const adminPerms: Permissions = {
  roleId: 3,
  screens: { dashboard: ['View'], events: ['View'], eventsadmin: ['View', 'Add', 'Edit', 'Delete', 'Approve'] },
};
const staff: SessionUser = { ...admin, id: '00000000-0000-4000-8000-000000000002', userName: 'staff', roleId: 2 };
const staffPerms: Permissions = {
  roleId: 2,
  screens: { dashboard: ['View'], events: ['View'], eventsadmin: ['View', 'Add', 'Edit'] },
};

const uuid = (n: number) => `00000000-0000-4000-a000-${String(n).padStart(12, '0')}`;
function calEvent(n: number, startDate: string, endDate: string): CalendarEvent {
  return {
    id: uuid(n),
    code: `EV-${n}`,
    nameAr: `فعالية ${n}`,
    nameEn: `Event ${n}`,
    status: 0,
    startDate,
    endDate,
    attendanceType: 1,
  };
}
function listItem(n: number, over: Partial<EventListItem> = {}): EventListItem {
  return {
    ...calEvent(n, '2026-12-01', '2026-12-05'),
    latitude: null,
    longitude: null,
    seatsTaken: 0,
    maxContributions: 10,
    ...over,
  };
}
function pendingItem(n: number, over: Partial<PendingEvent> = {}): PendingEvent {
  return {
    ...calEvent(n, '2026-12-10', '2026-12-12'),
    approval: 'pending',
    createdAt: '2026-11-20T09:30:00Z',
    ...over,
  };
}

interface Extra {
  calendar: CalendarEvent[];
  calendarFails: boolean;
  list: EventListItem[];
  pending: PendingEvent[];
  pendingTotal: number;
}

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake API with the calendar, list and pending endpoints in front of it. */
function installViewsApi(base: Partial<FakeApiState>, over: Partial<Extra> = {}) {
  const api = installFakeApi(base);
  const extra: Extra = { calendar: [], calendarFails: false, list: [], pending: [], pendingTotal: -1, ...over };
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const bare = path.split('?')[0]!;
    const record = () => api.calls.push({ method, path, body: undefined, csrf: undefined });
    if (method === 'GET' && bare === '/api/opportunities/calendar') {
      record();
      if (extra.calendarFails) return json(500, { error: { code: 'InternalServerError', message: 'x' } });
      return json(200, { rows: extra.calendar, truncated: false });
    }
    if (method === 'GET' && bare === '/api/opportunities') {
      record();
      return json(200, { rows: extra.list, total: extra.list.length });
    }
    if (method === 'GET' && bare === '/api/opportunities/manage') {
      record();
      const rows = extra.list.map((r) => ({
        id: r.id,
        code: r.code,
        nameAr: r.nameAr,
        nameEn: r.nameEn,
        status: r.status,
        approval: 'approved',
        visibility: 0,
        startDate: r.startDate,
        endDate: r.endDate,
        seatsTaken: r.seatsTaken,
        maxContributions: r.maxContributions,
      }));
      return json(200, { rows, total: rows.length });
    }
    if (method === 'GET' && bare === '/api/opportunities/pending') {
      record();
      const total = extra.pendingTotal >= 0 ? extra.pendingTotal : extra.pending.length;
      return json(200, { rows: extra.pending, total });
    }
    return fallback(input, init);
  });
  return { api, extra };
}

let app: ReturnType<typeof renderApp> | undefined;
const open = (path: string) => {
  app = renderApp(path);
  return app;
};
const gets = (api: FakeApiState, prefix: string) =>
  api.calls.filter((c) => c.method === 'GET' && c.path.startsWith(prefix)).map((c) => c.path);
const currentMonthTitle = () => monthTitle(monthOf(new Date()), 'en');
const day = (iso: string) => document.getElementById(`calendar-day-${iso}`) as HTMLElement;
const eventLinks = (iso: string) =>
  within(day(iso))
    .queryAllByTestId('calendar-event')
    .map((a) => a.textContent);

beforeAll(async () => {
  await Promise.all([
    import('./CalendarPage.tsx'),
    import('./EventsPage.tsx'),
    import('./manage/ManageEventsPage.tsx'),
  ]);
});
beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: tests start without a language cookie
  document.cookie = 'lang=; max-age=0; path=/';
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the events calendar', () => {
  it('shows the month in Arabic-Egypt: Saturday first, Arabic-Indic digits, each event on every day it runs', async () => {
    const busy = [1, 2, 3, 4, 5].map((n) => calEvent(10 + n, '2026-12-20', '2026-12-20'));
    const { api } = installViewsApi(
      {},
      {
        calendar: [
          calEvent(1, '2026-11-29', '2026-12-02'),
          calEvent(2, '2026-12-05', '2026-12-05'),
          calEvent(3, '2026-12-30', '2027-01-04'),
          ...busy,
        ],
      },
    );
    open('/ar/events/calendar?month=2026-12');
    expect((await screen.findByTestId('calendar-month')).textContent).toBe('ديسمبر ٢٠٢٦');
    expect(gets(api, '/api/opportunities/calendar')).toEqual([
      '/api/opportunities/calendar?from=2026-12-01&to=2026-12-31',
    ]);
    await waitFor(() => expect(eventLinks('2026-12-05')).toEqual(['فعالية 2']));
    const grid = screen.getByRole('grid', { name: 'ديسمبر ٢٠٢٦' });
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
    // The first row: three blank cells (Saturday to Monday), then Tuesday the 1st.
    const firstRow = within(grid).getAllByRole('row')[1]!;
    expect([...firstRow.querySelectorAll('td')].map((td) => td.id)).toEqual([
      '',
      '',
      '',
      'calendar-day-2026-12-01',
      'calendar-day-2026-12-02',
      'calendar-day-2026-12-03',
      'calendar-day-2026-12-04',
    ]);
    expect(day('2026-12-05').textContent).toContain('٥');
    expect(day('2026-12-05').textContent).toContain('السبت، ٥ ديسمبر ٢٠٢٦');
    // An event across the month's start is on the 1st and the 2nd; one across its end on the 30th and the 31st.
    expect(eventLinks('2026-12-01')).toEqual(['فعالية 1']);
    expect(eventLinks('2026-12-02')).toEqual(['فعالية 1']);
    expect(eventLinks('2026-12-03')).toEqual([]);
    expect(eventLinks('2026-12-30')).toEqual(['فعالية 3']);
    expect(eventLinks('2026-12-31')).toEqual(['فعالية 3']);
    expect(within(day('2026-12-05')).getByRole('link').getAttribute('href')).toBe(`/ar/events/${uuid(2)}`);
    // Three a day, then "+N more", which shows them all.
    expect(eventLinks('2026-12-20')).toEqual(['فعالية 11', 'فعالية 12', 'فعالية 13']);
    const more = within(day('2026-12-20')).getByTestId('calendar-more');
    expect(more.textContent).toBe('+٢ أخرى، الأحد، ٢٠ ديسمبر ٢٠٢٦');
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(eventLinks('2026-12-20')).toHaveLength(5);
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('moves between days with the arrow keys, mirrored right to left, and into the next month', async () => {
    // Today in another month (only Date is faked: the app's timers run as usual).
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-15T09:00:00Z') });
    const { api } = installViewsApi({}, { calendar: [calEvent(2, '2026-12-05', '2026-12-05')] });
    const { href } = open('/ar/events/calendar?month=2026-12');
    await screen.findByTestId('calendar-grid');
    // One day is in the tab order: the 1st when today is in another month.
    expect(day('2026-12-01').tabIndex).toBe(0);
    expect(day('2026-12-02').tabIndex).toBe(-1);
    day('2026-12-05').focus();
    fireEvent.keyDown(day('2026-12-05'), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(day('2026-12-06'));
    fireEvent.keyDown(day('2026-12-06'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(day('2026-12-13'));
    expect(day('2026-12-13').tabIndex).toBe(0);
    fireEvent.keyDown(day('2026-12-13'), { key: 'Home' });
    expect(document.activeElement).toBe(day('2026-12-12'));
    fireEvent.keyDown(day('2026-12-12'), { key: 'End' });
    expect(document.activeElement).toBe(day('2026-12-18'));
    fireEvent.keyDown(day('2026-12-18'), { key: 'PageDown' });
    await waitFor(() => expect(href()).toBe('/ar/events/calendar?month=2027-01'));
    await waitFor(() => expect(document.activeElement?.id).toBe('calendar-day-2027-01-18'));
    expect(gets(api, '/api/opportunities/calendar').at(-1)).toBe(
      '/api/opportunities/calendar?from=2027-01-01&to=2027-01-31',
    );
  });

  it('in English: month buttons, the empty month, left-to-right arrows', async () => {
    const { api } = installViewsApi({});
    const { href } = open('/en/events/calendar?month=2026-12');
    expect((await screen.findByTestId('calendar-month')).textContent).toBe('December 2026');
    expect((await screen.findByTestId('calendar-empty')).textContent).toBe('No events this month.');
    expect(screen.getAllByRole('columnheader')[0]!.textContent).toBe('Saturday');
    day('2026-12-05').focus();
    fireEvent.keyDown(day('2026-12-05'), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('2026-12-06'));
    fireEvent.click(screen.getByRole('link', { name: 'Next month' }));
    await waitFor(() => expect(href()).toBe('/en/events/calendar?month=2027-01'));
    expect((await screen.findByTestId('calendar-month')).textContent).toBe('January 2027');
    fireEvent.click(screen.getByRole('link', { name: 'Previous month' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Previous month' }));
    await waitFor(() => expect(href()).toBe('/en/events/calendar?month=2026-11'));
    expect(gets(api, '/api/opportunities/calendar')).toContain(
      '/api/opportunities/calendar?from=2026-11-01&to=2026-11-30',
    );
    fireEvent.click(screen.getByRole('link', { name: 'This month' }));
    await waitFor(() => expect(href()).toBe('/en/events/calendar'));
    await waitFor(() => expect(screen.getByTestId('calendar-month').textContent).toBe(currentMonthTitle()));
  });

  it('opens on the current month when the address has none or a wrong one, and says when loading fails', async () => {
    installViewsApi({}, { calendarFails: true });
    open('/en/events/calendar?month=2026-13');
    expect((await screen.findByTestId('calendar-month')).textContent).toBe(currentMonthTitle());
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('An error has occurred. Please contact the system administrator.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('is one of the list, map and calendar views of the events page', async () => {
    installViewsApi({}, { list: [listItem(1)] });
    const { path } = open('/en/events');
    await screen.findByRole('heading', { name: 'Event 1' });
    fireEvent.click(screen.getByLabelText('Calendar'));
    await waitFor(() => expect(path()).toBe('/en/events/calendar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Events calendar' })).toBeTruthy();
  });
});

describe('the ongoing and closed lists', () => {
  it('are the events list with the status fixed, their own title and a menu entry marked current', async () => {
    const { api } = installViewsApi({}, { list: [listItem(1, { status: 2 })] });
    open('/en/events/ongoing?status=3&page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ongoing events' })).toBeTruthy();
    await screen.findByRole('heading', { name: 'Event 1' });
    expect(gets(api, '/api/opportunities?')).toEqual(['/api/opportunities?page=2&status=2']);
    // No status filter and no map on a fixed-status page.
    expect(screen.queryByLabelText('Status')).toBeNull();
    expect(screen.queryByTestId('view-toggle')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'Event views' });
    expect(within(nav).getByRole('link', { name: 'Ongoing events' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(nav).getByRole('link', { name: 'Closed events' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Closed events' })).toBeTruthy();
    await waitFor(() => expect(gets(api, '/api/opportunities?').at(-1)).toBe('/api/opportunities?page=1&status=3'));
  });

  it('says "today\'s events" for the client that calls them so, in Arabic', async () => {
    const { api } = installViewsApi({ clientCode: 'NEOM' }, { list: [listItem(1, { status: 2 })] });
    open('/ar/events/ongoing');
    expect(await screen.findByRole('heading', { level: 1, name: 'فعاليات اليوم' })).toBeTruthy();
    expect(await screen.findByText('اليوم')).toBeTruthy();
    expect(gets(api, '/api/opportunities?')).toContain('/api/opportunities?page=1&status=2');
    app?.cleanup();
    cleanup();
    installViewsApi({}, { list: [listItem(1, { status: 3 })] });
    open('/ar/events/closed');
    expect(await screen.findByRole('heading', { level: 1, name: 'الفعاليات المغلقة' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'صفحات عرض الفعاليات' })).toBeTruthy();
  });
});

describe('events waiting for approval', () => {
  it('lists them for an approver, newest first as the server pages them, each opening its manage page', async () => {
    const { api } = installViewsApi(
      { user: admin, account: admin, csrfToken: 'csrf-user', permissions: adminPerms },
      {
        pending: [pendingItem(7), pendingItem(8, { approval: 'pendingDelete', nameEn: 'Deletion asked' })],
        pendingTotal: 12,
      },
    );
    open('/en/events/manage');
    const table = await screen.findByTestId('pending-events');
    expect(gets(api, '/api/opportunities/pending')).toEqual(['/api/opportunities/pending?page=1&pageSize=10']);
    const rows = await within(table).findAllByTestId('pending-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['Event 7', 'Deletion asked']);
    expect(within(rows[0]!).getByText('Pending approval')).toBeTruthy();
    expect(within(rows[1]!).getByText('Deletion pending approval')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Review: Event 7' }).getAttribute('href')).toBe(
      `/en/events/manage/${uuid(7)}`,
    );
    expect(screen.getByTestId('pending-total').textContent).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() =>
      expect(gets(api, '/api/opportunities/pending').at(-1)).toBe('/api/opportunities/pending?page=2&pageSize=10'),
    );
  });

  it('says when none are waiting, in Arabic', async () => {
    installViewsApi({ user: admin, account: admin, csrfToken: 'csrf-user', permissions: adminPerms });
    open('/ar/events/manage');
    expect((await screen.findByTestId('pending-empty')).textContent).toBe('لا توجد فعاليات بانتظار الاعتماد.');
  });

  it('is not asked for by staff who may not approve (the server would end their session)', async () => {
    const { api } = installViewsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      { list: [listItem(1)] },
    );
    open('/en/events/manage');
    expect(await screen.findByTestId('manage-events')).toBeTruthy();
    expect(screen.queryByTestId('pending-events')).toBeNull();
    expect(screen.queryByText('Events waiting for approval')).toBeNull();
    expect(gets(api, '/api/opportunities/pending')).toEqual([]);
  });

  it('lists every event through the staff list, with its approval and visibility, and filters it', async () => {
    const { api } = installViewsApi(
      { user: staff, account: staff, csrfToken: 'csrf-user', permissions: staffPerms },
      { list: [listItem(1)] },
    );
    open('/en/events/manage');
    const grid = await screen.findByTestId('manage-events');
    expect(await within(grid).findByText('Approved')).toBeTruthy();
    expect(within(grid).getByText('Open to all')).toBeTruthy();
    expect(gets(api, '/api/opportunities/manage')).toEqual(['/api/opportunities/manage?page=1&pageSize=10']);
    fireEvent.change(screen.getByLabelText('Approval'), { target: { value: 'rejected' } });
    await waitFor(() =>
      expect(gets(api, '/api/opportunities/manage').at(-1)).toBe(
        '/api/opportunities/manage?page=1&pageSize=10&approval=rejected',
      ),
    );
  });
});
