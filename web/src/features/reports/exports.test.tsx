// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../api/contracts/session.ts';
import { appPerTest } from '../../test/appPerTest.ts';
import { installExportsApi } from '../../test/fakeApi.ts';

vi.setConfig({ testTimeout: 20_000 });

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
const installReportsApi = () =>
  installExportsApi(permissions, {
    '/api/reports/events': {
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
    },
    '/api/reports/events-summary': { events: 1, ...figures, byStatus: { '4': 2 }, ratingDistribution: [0, 0, 0, 1, 0] },
  });

const page = appPerTest();
beforeAll(async () => {
  await import('./ReportsPage.tsx');
});

describe('the event reports’ exports', () => {
  it('export the list and the summary with the page’s filters through the export dialog', async () => {
    const started = installReportsApi();
    page.open('/en/reports?search=EV');
    expect(await screen.findByTestId('report-row-EV-1', {}, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(screen.getByTestId('grid-export'));
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(started).toHaveLength(1));
    expect(started[0]).toEqual({
      path: '/api/exports/event-reports',
      body: { format: 'xlsx', formatted: true, language: 'en', filters: { search: 'EV' } },
    });

    page.open('/en/reports?search=EV');
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
