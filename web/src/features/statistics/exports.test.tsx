// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permissions } from '../../../../api/contracts/session.ts';
import { appPerTest } from '../../test/appPerTest.ts';
import { installExportsApi } from '../../test/fakeApi.ts';

vi.setConfig({ testTimeout: 20_000 });

const permissions: Permissions = { roleId: 2, screens: { dashboard: ['View'], statistics: ['View'] } };
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
const installStatisticsApi = () =>
  installExportsApi(permissions, {
    '/api/statistics/dashboard': {
      counters: [{ label: 'events', value: 1, percentage: 100 }],
      regions: [],
      eventTypes: [],
      cityGroups: [],
    },
    '/api/statistics/targets': [target],
  });

const page = appPerTest();
beforeAll(async () => {
  await import('./StatisticsPage.tsx');
});

describe('the statistics targets’ exports', () => {
  it.each([
    ['eventsTarget', 'events'],
    ['eventTypesTarget', 'eventTypes'],
  ] as const)('the %s tab exports its table with the page’s filters through the export dialog', async (tab, view) => {
    const started = installStatisticsApi();
    page.open('/en/statistics');
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
