// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeApiState, installFakeApi, sara } from '../../test/fakeApi.ts';
import { testLookups } from '../../test/lookups.ts';
import { renderApp } from '../../test/renderApp.tsx';
import type { EventListItem } from './api.ts';
import { validateEventsSearch, validatePrivateEventsSearch } from './search.ts';
import { listItem } from './testing.ts';

// The private events list (spec: private events info) and its details page, on the whole app with a fake API behind
// fetch: the signed-in volunteer's restricted events, the shared filter panel, 5/10/15/20 a page, and the details by id.

vi.setConfig({ testTimeout: 20_000 });
vi.mock('./map/lazy.tsx', () => import('./map/standIns.ts'));

const EVENT_ID = '11111111-1111-4111-8111-111111111111';

const item = (n: number) =>
  listItem(n, {
    ...(n === 1 ? { id: EVENT_ID } : {}),
    code: `PR-${n}`,
    nameAr: `فعالية خاصة ${n}`,
    nameEn: `Private event ${n}`,
  });

const detail = {
  ...item(1),
  leadName: 'Lead',
  leadMobile: '0551234567',
  leadEmail: 'lead@example.org',
  visibility: 1,
  regionIds: [1],
  cityIds: [],
  maxInvitations: 10,
  maxContributions: 5,
  gender: 3,
  timePeriod: 1,
  volunteeringDays: [0],
  maxHours: 8,
  approval: 'approved',
  rejectReason: null,
  joinedCount: 2,
  myStatus: null,
};

const l = (id: number, nameAr: string, nameEn: string) => ({ id, nameAr, nameEn });
/** The lookups with the event types and the work field groups the filter panel offers. */
const lookups = {
  ...testLookups,
  eventTypes: [l(4, 'حملة', 'Campaign')],
  workFieldGroups: [l(7, 'المجموعة الصحية', 'Health group'), l(8, 'المجموعة الإدارية', 'Admin group')],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake API with the events list and details in front of it; `list` answers the list (or fails with 500). */
function installPrivateApi(base: Partial<FakeApiState>, list: { rows: EventListItem[]; total: number } | 'fails') {
  const api = installFakeApi(base);
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const bare = path.split('?')[0]!;
    if (method === 'GET' && bare === '/api/lookups') return json(200, lookups);
    if (method === 'GET' && bare === '/api/opportunities') {
      api.calls.push({ method, path, body: undefined, csrf: undefined });
      if (list === 'fails') return json(500, { error: { code: 'GenericErrorMessage', message: 'x' } });
      return json(200, list);
    }
    if (method === 'GET' && bare === `/api/opportunities/${EVENT_ID}`) return json(200, detail);
    return fallback(input, init);
  });
  return api;
}

const listCalls = (api: FakeApiState) =>
  api.calls.filter((c) => c.method === 'GET' && c.path.startsWith('/api/opportunities?')).map((c) => c.path);

let app: ReturnType<typeof renderApp> | undefined;
const open = (path: string) => {
  app = renderApp(path);
  return app;
};

beforeAll(async () => {
  await Promise.all([import('./PrivateEventsPage.tsx'), import('./EventDetailPage.tsx'), import('./EventsPage.tsx')]);
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
});

const signedIn = { user: sara, csrfToken: 'csrf-user' };

describe('the private events list', () => {
  it('asks for the private scope, 10 a page, and changes the page size back to page 1', async () => {
    const api = installPrivateApi(signedIn, { rows: [item(1), item(2)], total: 23 });
    const { href } = open('/en/events/private?page=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Private events' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Private event 2' })).toBeTruthy();
    expect(listCalls(api)).toEqual(['/api/opportunities?page=2&scope=private&pageSize=10']);
    expect(screen.getByTestId('events-range').textContent).toBe('Showing 11–20 of 23');

    const size = screen.getByLabelText('Events per page') as HTMLSelectElement;
    expect([...size.options].map((o) => o.value)).toEqual(['5', '10', '15', '20']);
    expect(size.value).toBe('10');
    fireEvent.change(size, { target: { value: '5' } });
    await waitFor(() => expect(listCalls(api).at(-1)).toBe('/api/opportunities?page=1&scope=private&pageSize=5'));
    expect(href()).toBe('/en/events/private?pageSize=5');
    expect(await screen.findByText('Showing 1–5 of 23')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toBe('/api/opportunities?page=5&scope=private&pageSize=5'));
  });

  it('filters with the shared panel, keeping the page size', async () => {
    const api = installPrivateApi(signedIn, { rows: [item(1)], total: 1 });
    open('/ar/events/private?pageSize=15');
    const panel = await screen.findByRole('region', { name: 'البحث في الفعاليات' });
    // The regions come with the lookups.
    await within(panel).findByRole('option', { name: 'مكة المكرمة' });
    fireEvent.change(within(panel).getByLabelText('المنطقة'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('المدينة'), { target: { value: '5' } });
    fireEvent.change(within(panel).getByLabelText('الحالة'), { target: { value: '0' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'بحث' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toBe(
        '/api/opportunities?page=1&status=0&regionId=2&cityId=5&scope=private&pageSize=15',
      ),
    );
    // The panel starts again from the address's filters (a new panel).
    const next = screen.getByRole('region', { name: 'البحث في الفعاليات' });
    expect((within(next).getByLabelText('المنطقة') as HTMLSelectElement).value).toBe('2');
    fireEvent.click(within(next).getByRole('button', { name: 'مسح التصفية' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toBe('/api/opportunities?page=1&scope=private&pageSize=15'));
  });

  it('says so when no event matches, and shows the failure with a retry', async () => {
    installPrivateApi(signedIn, { rows: [], total: 0 });
    open('/en/events/private');
    expect((await screen.findByTestId('events-empty')).textContent).toBe('No events match.');
    app?.cleanup();
    cleanup();
    installPrivateApi(signedIn, 'fails');
    open('/en/events/private');
    expect(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('events-empty')).toBeNull();
  });

  it('opens an event by id on the private details page, with its joined counter, join, share and back link', async () => {
    installPrivateApi(signedIn, { rows: [item(1)], total: 1 });
    const { path } = open('/en/events/private');
    fireEvent.click(await screen.findByRole('link', { name: 'View details: Private event 1' }));
    await waitFor(() => expect(path()).toBe(`/en/events/private/${EVENT_ID}`));
    expect((await screen.findByTestId('event-title')).textContent).toBe('Private event 1');
    expect(screen.getByTestId('joined-count').textContent).toBe('Joined: 2');
    expect(screen.getByTestId('join-event')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.getByTestId('share-links')).toBeTruthy();
    expect(screen.getByTestId('event-location-map')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to private events' }).getAttribute('href')).toBe(
      '/en/events/private',
    );
  });

  it('is in the events menu for a signed-in volunteer only, and sends a visitor to sign in', async () => {
    installPrivateApi(signedIn, { rows: [], total: 0 });
    open('/en/events');
    const nav = await screen.findByRole('navigation', { name: 'Event views' });
    expect(within(nav).getByRole('link', { name: 'Private events' }).getAttribute('href')).toBe('/en/events/private');
    app?.cleanup();
    cleanup();
    installPrivateApi({}, { rows: [], total: 0 });
    const visitor = open('/en/events');
    const again = await screen.findByRole('navigation', { name: 'Event views' });
    expect(within(again).queryByRole('link', { name: 'Private events' })).toBeNull();
    app?.cleanup();
    cleanup();
    installPrivateApi({}, { rows: [], total: 0 });
    const direct = open('/en/events/private?pageSize=5');
    await waitFor(() => expect(direct.path()).toBe('/en/login'));
    expect(direct.href()).toContain(encodeURIComponent('/events/private?pageSize=5'));
    expect(visitor.path()).toBe('/en/events');
  });

  it('keeps only a page size of 5, 10, 15 or 20 and no map view', () => {
    expect(validatePrivateEventsSearch({ pageSize: '15', view: 'map', regionId: '2' })).toEqual({
      pageSize: 15,
      regionId: 2,
    });
    expect(validatePrivateEventsSearch({ pageSize: '12' })).toEqual({});
    expect(validatePrivateEventsSearch({ pageSize: 'x' })).toEqual({});
  });
});

describe('event details for a visitor of the MOH client (sign-in first)', () => {
  it.each([
    ['en', 'Event details', 'Sign in to see the details of this event.'],
    ['ar', 'تفاصيل الفعالية', 'يجب تسجيل الدخول لعرض تفاصيل هذه الفعالية.'],
  ] as const)('the sign-in prompt has the page heading (%s)', async (lang, heading, prompt) => {
    const api = installFakeApi({});
    const fallback = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation(async (input, init) =>
      String(input).startsWith(`/api/opportunities/${EVENT_ID}`)
        ? json(401, { error: { code: 'YouMustLogIn', message: 'x' } })
        : fallback(input, init),
    );
    open(`/${lang}/events/${EVENT_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(within(screen.getByRole('alert')).getByText(prompt)).toBeTruthy();
    expect(screen.getByTestId('event-login')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(api.user).toBeNull();
  });
});

// Every filter of the spec's event search in the lists' panel (the public and the private list share it): each chosen
// one is sent to the API and kept in the address; the cities follow the chosen region.
const one = { rows: [item(1)], total: 1 };
/** The list's last request was `path`. */
const sent = (api: FakeApiState, path: string) => waitFor(() => expect(listCalls(api).at(-1)).toBe(path));
/** Chooses `value` in the panel's select named `label`. */
const choose = (panel: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(panel).getByLabelText(label), { target: { value } });
const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.textContent);

describe('the events lists offer every filter of the spec', () => {
  it('the public list sends the time, day, category, group and work field, and keeps them in the address', async () => {
    const api = installPrivateApi({}, one);
    const { href } = open('/en/events');
    const panel = await screen.findByRole('region', { name: 'Search events' });
    await within(panel).findByRole('option', { name: 'Health group' });
    const labels = within(panel)
      .getAllByRole('combobox')
      .map((s) => s.getAttribute('id'))
      .map((id) => panel.querySelector(`label[for="${id}"]`)?.textContent);
    expect(labels).toEqual([
      'Status',
      'Region',
      'City',
      'Event type',
      'Attendance type',
      'Volunteering time',
      'Volunteering day',
      'Category',
      'Work field group',
      'Work field',
    ]);
    expect(options(within(panel).getByLabelText('Volunteering day'))).toEqual([
      'All',
      'Sunday',
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
    ]);
    choose(panel, 'Volunteering time', '2');
    choose(panel, 'Volunteering day', '0');
    choose(panel, 'Category', '1');
    choose(panel, 'Work field group', '7');
    choose(panel, 'Work field', '2');
    choose(panel, 'Event type', '4');
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await sent(
      api,
      '/api/opportunities?page=1&eventTypeId=4&timePeriod=2&day=0&categoryId=1&workFieldId=2&workFieldGroupId=7',
    );
    const address = new URLSearchParams(href().split('?')[1]);
    expect(Object.fromEntries(address)).toEqual({
      eventTypeId: '4',
      timePeriod: '2',
      day: '0',
      categoryId: '1',
      workFieldGroupId: '7',
      workFieldId: '2',
    });
    // The panel starts again from the address: the group is still chosen.
    const next = screen.getByRole('region', { name: 'Search events' });
    expect((within(next).getByLabelText('Work field group') as HTMLSelectElement).value).toBe('7');
  });

  it('the cities follow the chosen region, and choosing another region drops the city', async () => {
    const api = installPrivateApi({}, one);
    open('/en/events');
    const panel = await screen.findByRole('region', { name: 'Search events' });
    await within(panel).findByRole('option', { name: 'Jeddah' });
    choose(panel, 'Region', '1');
    expect(options(within(panel).getByLabelText('City'))).toEqual(['All', 'Riyadh', 'Diriyah']);
    choose(panel, 'City', '3');
    choose(panel, 'Region', '2');
    expect(options(within(panel).getByLabelText('City'))).toEqual(['All', 'Jeddah']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await sent(api, '/api/opportunities?page=1&regionId=2');
  });

  it('the private list sends the group with its scope and page size (Arabic)', async () => {
    const api = installPrivateApi(signedIn, one);
    const { href } = open('/ar/events/private?pageSize=5');
    const panel = await screen.findByRole('region', { name: 'البحث في الفعاليات' });
    await within(panel).findByRole('option', { name: 'المجموعة الإدارية' });
    choose(panel, 'مجموعة مجالات العمل', '8');
    choose(panel, 'فترة التطوع', '1');
    fireEvent.click(within(panel).getByRole('button', { name: 'بحث' }));
    await sent(api, '/api/opportunities?page=1&timePeriod=1&workFieldGroupId=8&scope=private&pageSize=5');
    expect(href()).toContain('workFieldGroupId=8');
    expect(href()).toContain('pageSize=5');
  });

  it('the address keeps the new filters when valid and drops them otherwise', () => {
    expect(
      validateEventsSearch({ timePeriod: '3', day: '6', categoryId: '2', workFieldId: '1', workFieldGroupId: '7' }),
    ).toEqual({ timePeriod: 3, day: 6, categoryId: 2, workFieldId: 1, workFieldGroupId: 7 });
    expect(validateEventsSearch({ timePeriod: '4', day: '7', categoryId: 'x', workFieldGroupId: '-1' })).toEqual({});
  });
});
