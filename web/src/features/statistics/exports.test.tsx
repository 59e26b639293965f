// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.setConfig({ testTimeout: 20_000 });

const staff: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000002', userName: 'staff', roleId: 2 };
const permissions: Permissions = { roleId: 2, screens: { dashboard: ['View'], statistics: ['View'] } };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const target = {
  id: '11111111-1111-4111-8111-111111111111',
  nameAr: 'فعالية',
  nameEn: 'Beach clean-up',
  events: 1,
  participants: 1,
  minTarget: 2,
  maxTarget: 5,
  standing: 'below',
};

function installStatisticsApi() {
  const started: { path: string; body: unknown }[] = [];
  installFakeApi({ user: staff, account: staff, csrfToken: 'csrf-user', permissions });
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0]!;
    if (path.startsWith('/api/exports/') && init?.method === 'POST') {
      started.push({ path, body: JSON.parse(String(init.body)) });
      return json({ id: '0b6c2d1e-0000-4000-8000-0000000000e4', position: '1.1' }, 201);
    }
    if (path === '/api/statistics/dashboard')
      return json({
        counters: [{ label: 'events', value: 1, percentage: 100 }],
        regions: [],
        eventTypes: [],
        cityGroups: [],
      });
    if (path === '/api/statistics/targets') return json([target]);
    return base(input, init);
  });
  return started;
}

let app: ReturnType<typeof renderApp> | undefined;
beforeAll(async () => {
  await import('./StatisticsPage.tsx');
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

describe('the statistics targets’ exports', () => {
  it.each([
    ['eventsTarget', 'events'],
    ['eventTypesTarget', 'eventTypes'],
  ] as const)('the %s tab exports its table with the page’s filters through the export dialog', async (tab, view) => {
    const started = installStatisticsApi();
    app = renderApp('/en/statistics');
    fireEvent.click(await screen.findByTestId(`statistics-tab-${tab}`, {}, { timeout: 5000 }));
    expect(await screen.findByTestId(`targets-${view}`, {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByTestId(`statistics-export-targets-${view}`));
    fireEvent.click(screen.getByLabelText('PDF'));
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      path: '/api/exports/statistics-targets',
      body: { format: 'pdf', formatted: true, language: 'en', filters: { view } },
    });
  });
});
