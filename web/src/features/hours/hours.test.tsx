// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { HoursGridRow } from '../../../../api/contracts/hours.ts';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.setConfig({ testTimeout: 20_000 });

const staff: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000002', userName: 'staff', roleId: 2 };

const row: HoursGridRow = {
  opportunityId: '11111111-1111-4111-8111-111111111111',
  volunteerId: '22222222-2222-4222-8222-222222222222',
  hoursId: 'h-1',
  eventCode: 'EV-1',
  eventAr: 'فعالية',
  eventEn: 'Beach clean-up',
  nameAr: 'ريم',
  nameEn: 'Reem',
  hours: 4,
  casesHandled: 2,
  checkIn: '2026-12-01T08:00:00.000Z',
  checkOut: '2026-12-01T12:00:00.000Z',
  rating: 5,
  state: 'pending',
};

const exportsStarted: unknown[] = [];

/** The hours grid behind the fake API: one pending entry. */
function installHoursApi(permissions: Permissions) {
  installFakeApi({ user: staff, account: staff, csrfToken: 'csrf-user', permissions });
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    if (String(input) === '/api/exports/hours' && init?.method === 'POST') {
      exportsStarted.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ id: '0b6c2d1e-0000-4000-8000-0000000000e2', position: '1.1' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (String(input).split('?')[0] === '/api/hours' && (init?.method ?? 'GET') === 'GET') {
      return new Response(JSON.stringify({ rows: [row], total: 1 }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }
    return base(input, init);
  });
}

let app: ReturnType<typeof renderApp> | undefined;
beforeAll(async () => {
  await import('./HoursPage.tsx');
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

describe('the hours grid’s actions follow the approve endpoint’s guard', () => {
  it('offers the row selection and the batch approve and reject with Approve on volunteer hours', async () => {
    installHoursApi({ roleId: 2, screens: { dashboard: ['View'], volunteerhours: ['View', 'Approve'] } });
    app = renderApp('/en/hours');
    expect(await screen.findByRole('checkbox', { name: 'Select the hours of Reem in Beach clean-up' })).toBeTruthy();
    expect(screen.getByTestId('hours-approve')).toBeTruthy();
    expect(screen.getByTestId('hours-reject')).toBeTruthy();
  });

  it('shows the entries without any selection or decision button to a role that may only view them', async () => {
    installHoursApi({ roleId: 2, screens: { dashboard: ['View'], volunteerhours: ['View', 'Add', 'Edit'] } });
    app = renderApp('/en/hours');
    expect(await screen.findByText('Reem')).toBeTruthy();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByTestId('hours-actions')).toBeNull();
  });

  it('exports the grid with its state and sort (the export dialog), shown with View on volunteer hours', async () => {
    exportsStarted.length = 0;
    installHoursApi({ roleId: 2, screens: { dashboard: ['View'], volunteerhours: ['View'] } });
    app = renderApp('/en/hours');
    expect(await screen.findByText('Reem')).toBeTruthy();
    fireEvent.click(screen.getByTestId('grid-export'));
    fireEvent.click(await screen.findByTestId('export-start'));
    await waitFor(() => expect(exportsStarted).toHaveLength(1));
    expect(exportsStarted[0]).toEqual({
      format: 'xlsx',
      formatted: true,
      language: 'en',
      filters: { state: 'pending', sort: 'checkIn', dir: 'desc' },
    });
  });
});
