// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeApiState, installFakeApi, sara } from '../../test/fakeApi.ts';
import { testLookups } from '../../test/lookups.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { validateEventsSearch } from './search.ts';
import { listItem } from './testing.ts';

// Every filter of the spec's event search (status, region, city, event type, presence, time, day, category, work
// field group, work field, code) in the public and private lists' panel: each chosen one is sent to the API and kept
// in the address; the cities follow the chosen region.

vi.setConfig({ testTimeout: 20_000 });
vi.mock('./map/lazy.tsx', () => import('./map/standIns.ts'));

const l = (id: number, nameAr: string, nameEn: string) => ({ id, nameAr, nameEn });
const lookups = {
  ...testLookups,
  eventTypes: [l(4, 'حملة', 'Campaign')],
  workFieldGroups: [l(7, 'المجموعة الصحية', 'Health group'), l(8, 'المجموعة الإدارية', 'Admin group')],
};

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake API answering the events list (one event) and the lookups with the event types and the groups. */
function installListApi(base: Parameters<typeof installFakeApi>[0]) {
  const api = installFakeApi(base);
  const fallback = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const bare = path.split('?')[0]!;
    if (method === 'GET' && bare === '/api/lookups') return json(200, lookups);
    if (method === 'GET' && bare === '/api/opportunities') {
      api.calls.push({ method, path, body: undefined, csrf: undefined });
      return json(200, { rows: [listItem(1)], total: 1 });
    }
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
  await Promise.all([import('./EventsPage.tsx'), import('./PrivateEventsPage.tsx')]);
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
});

const options = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((o) => o.textContent);

describe('the events lists offer every filter of the spec', () => {
  it('the public list sends the time, day, category, group and work field, and keeps them in the address', async () => {
    const api = installListApi({});
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
    fireEvent.change(within(panel).getByLabelText('Volunteering time'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('Volunteering day'), { target: { value: '0' } });
    fireEvent.change(within(panel).getByLabelText('Category'), { target: { value: '1' } });
    fireEvent.change(within(panel).getByLabelText('Work field group'), { target: { value: '7' } });
    fireEvent.change(within(panel).getByLabelText('Work field'), { target: { value: '2' } });
    fireEvent.change(within(panel).getByLabelText('Event type'), { target: { value: '4' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toBe(
        '/api/opportunities?page=1&eventTypeId=4&timePeriod=2&day=0&categoryId=1&workFieldId=2&workFieldGroupId=7',
      ),
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
    const api = installListApi({});
    open('/en/events');
    const panel = await screen.findByRole('region', { name: 'Search events' });
    await within(panel).findByRole('option', { name: 'Jeddah' });
    fireEvent.change(within(panel).getByLabelText('Region'), { target: { value: '1' } });
    expect(options(within(panel).getByLabelText('City'))).toEqual(['All', 'Riyadh', 'Diriyah']);
    fireEvent.change(within(panel).getByLabelText('City'), { target: { value: '3' } });
    fireEvent.change(within(panel).getByLabelText('Region'), { target: { value: '2' } });
    expect(options(within(panel).getByLabelText('City'))).toEqual(['All', 'Jeddah']);
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(listCalls(api).at(-1)).toBe('/api/opportunities?page=1&regionId=2'));
  });

  it('the private list sends the group with its scope and page size (Arabic)', async () => {
    const api = installListApi({ user: sara, csrfToken: 'csrf-user' });
    const { href } = open('/ar/events/private?pageSize=5');
    const panel = await screen.findByRole('region', { name: 'البحث في الفعاليات' });
    await within(panel).findByRole('option', { name: 'المجموعة الإدارية' });
    fireEvent.change(within(panel).getByLabelText('مجموعة مجالات العمل'), { target: { value: '8' } });
    fireEvent.change(within(panel).getByLabelText('فترة التطوع'), { target: { value: '1' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'بحث' }));
    await waitFor(() =>
      expect(listCalls(api).at(-1)).toBe(
        '/api/opportunities?page=1&timePeriod=1&workFieldGroupId=8&scope=private&pageSize=5',
      ),
    );
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
