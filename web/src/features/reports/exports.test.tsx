// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.setConfig({ testTimeout: 20_000 });

const staff: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000002', userName: 'staff', roleId: 2 };
const permissions: Permissions = { roleId: 2, screens: { dashboard: ['View'], statistics: ['View'] } };
const figures = {
  participants: 2,
  attended: 1,
  expected: 1,
  absent: 0,
  released: 0,
  approvedHours: 6,
  pendingHours: 0,
  rejectedHours: 0,
  casesHandled: 2,
  ratingCount: 1,
  averageRating: 4,
  incidents: 0,
};
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function installReportsApi() {
  const started: { path: string; body: unknown }[] = [];
  installFakeApi({ user: staff, account: staff, csrfToken: 'csrf-user', permissions });
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input).split('?')[0]!;
    if (path.startsWith('/api/exports/') && init?.method === 'POST') {
      started.push({ path, body: JSON.parse(String(init.body)) });
      return json({ id: '0b6c2d1e-0000-4000-8000-0000000000e3', position: '1.1' }, 201);
    }
    if (path === '/api/reports/events')
      return json({
        total: 1,
        rows: [
          {
            id: '11111111-1111-4111-8111-111111111111',
            code: 'EV-1',
            nameAr: 'فعالية',
            nameEn: 'Beach clean-up',
            startDate: '2026-12-01',
            endDate: '2026-12-02',
            status: 0,
            ...figures,
          },
        ],
      });
    if (path === '/api/reports/events-summary')
      return json({ events: 1, ...figures, byStatus: { '4': 2 }, ratingDistribution: [0, 0, 0, 1, 0] });
    return base(input, init);
  });
  return started;
}

let app: ReturnType<typeof renderApp> | undefined;
beforeAll(async () => {
  await import('./ReportsPage.tsx');
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

describe('the event reports’ exports', () => {
  it('export the list and the summary with the page’s filters through the export dialog', async () => {
    const started = installReportsApi();
    app = renderApp('/en/reports?search=EV');
    expect(await screen.findByTestId('report-row-EV-1', {}, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(screen.getByTestId('grid-export'));
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      path: '/api/exports/event-reports',
      body: { format: 'xlsx', formatted: true, language: 'en', filters: { search: 'EV' } },
    });
    cleanup();
    app?.cleanup();

    app = renderApp('/en/reports?search=EV');
    fireEvent.click(await screen.findByTestId('export-summary', {}, { timeout: 5000 }));
    fireEvent.click(screen.getByLabelText('PDF'));
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(started).toHaveLength(2));
    expect(started[1]).toEqual({
      path: '/api/exports/event-reports-summary',
      body: { format: 'pdf', formatted: true, language: 'en', filters: { search: 'EV' } },
    });
  });
});
