// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.setConfig({ testTimeout: 20_000 });

const admin: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000001', userName: 'admin', roleId: 3 };
const adminPermissions: Permissions = {
  roleId: 3,
  screens: { dashboard: ['View'], projections: ['View', 'Edit'] },
};

const parkedRow = {
  projection: 'participations',
  generation: 2,
  eventId: '7d3c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c',
  position: '812.4031',
  streamId: 'participation-a_b',
  eventType: 'HoursRecorded',
  error: '22007: invalid input syntax for type timestamp with time zone: "08:30"',
  parkedAt: '2026-11-21T10:30:00.000Z',
  lastAttemptAt: '2026-11-21T10:30:00.000Z',
  attempts: 1,
  retryRequested: false,
};

/** The parked list (one event until a retry resolves it) and the retry, behind the fake API. */
function installParkedApi(permissions: Permissions = adminPermissions) {
  const api = installFakeApi({ user: admin, account: admin, csrfToken: 'csrf-user', permissions });
  let rows = [parkedRow];
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const reply = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === '/api/admin/projections/parked') {
      api.calls.push({ method, path, body: undefined, csrf: undefined });
      return reply({ rows });
    }
    if (path === '/api/admin/projections/participations/parked/retry' && method === 'POST') {
      const csrf = (init?.headers as Record<string, string> | undefined)?.['x-csrf-token'];
      api.calls.push({ method, path, body: undefined, csrf });
      rows = [];
      return reply({ requested: 1, resolved: 1, parked: 0, pending: false });
    }
    return base(input, init);
  });
  return api;
}

let app: ReturnType<typeof renderApp> | undefined;

beforeAll(async () => {
  await import('./ParkedEventsPage.tsx');
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
});

describe('parked events (admins)', () => {
  it('lists each read model’s parked events and retries them after a confirmation', async () => {
    const api = installParkedApi();
    app = renderApp('/en/projections');
    const row = await screen.findByTestId('parked-row');
    expect(within(row).getByText('HoursRecorded')).toBeTruthy();
    expect(within(row).getByText(/^22007: invalid input syntax/)).toBeTruthy();
    expect(within(row).getByText('Position 812.4031')).toBeTruthy();
    const section = screen.getByRole('region', { name: 'participations' });
    expect(within(section).getByText('Parked events: 1')).toBeTruthy();

    fireEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The 1 parked events of participations are applied again/)).toBeTruthy();
    // Nothing is sent before the confirmation; Cancel holds the focus first.
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('participations: 1 applied, 0 still parked.')).toBeTruthy();
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post).toMatchObject({ path: '/api/admin/projections/participations/parked/retry', csrf: 'csrf-user' });
    expect(await screen.findByTestId('parked-none')).toBeTruthy();
  });

  it('is in Arabic by default', async () => {
    installParkedApi();
    app = renderApp('/ar/projections');
    await screen.findByTestId('parked-row');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('الأحداث المعلّقة في نماذج القراءة');
    expect(screen.getByRole('button', { name: 'إعادة المحاولة' })).toBeTruthy();
  });

  it('is closed to a role without the screen', async () => {
    installParkedApi({ roleId: 2, screens: { dashboard: ['View'] } });
    app = renderApp('/en/projections');
    await waitFor(() => expect(app!.path()).toBe('/en/forbidden'));
  });
});
