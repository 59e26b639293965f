// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.setConfig({ testTimeout: 20_000 });

const admin: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000001', userName: 'admin', roleId: 3 };
const permissions: Permissions = { roleId: 3, screens: { dashboard: ['View'], users: ['View'], auditlog: ['View'] } };
const EXPORT_ID = '0b6c2d1e-0000-4000-8000-0000000000e1';
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function installApi() {
  const api = installFakeApi({ user: admin, account: admin, csrfToken: 'csrf-user', permissions });
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    if (path.startsWith('/api/users/login-log')) {
      api.calls.push({ method: 'GET', path, body: undefined, csrf: undefined });
      return json({
        total: 1,
        rows: [
          {
            at: '2026-11-21T10:30:00.000Z',
            userId: admin.id,
            userName: 'staff',
            nameAr: 'خالد الحربي',
            nameEn: 'Khalid Alharbi',
            loginStatus: 3,
            ip: '10.0.0.7',
            userAgent: 'Firefox/140',
          },
        ],
      });
    }
    if (path === '/api/exports/users-log' && init?.method === 'POST') {
      api.calls.push({ method: 'POST', path, body: JSON.parse(String(init.body)), csrf: undefined });
      return new Response(JSON.stringify({ id: EXPORT_ID, position: '1.1' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    }
    if (path === `/api/exports/${EXPORT_ID}`)
      return json({
        id: EXPORT_ID,
        source: 'users-log',
        format: 'xlsx',
        formatted: true,
        status: 'completed',
        done: 1,
        total: 1,
        requestedAt: '2026-11-24T10:00:00.000Z',
        finishedAt: '2026-11-24T10:00:01.000Z',
        rows: 1,
        truncated: false,
        reason: null,
      });
    if (path.startsWith('/api/history/lookup/city')) {
      api.calls.push({ method: 'GET', path, body: undefined, csrf: undefined });
      return json([
        {
          at: '2026-11-21T10:30:00.000Z',
          actor: { id: admin.id, nameAr: 'سارة العتيبي', nameEn: 'Sarah Alotaibi', roleId: 3 },
          action: 'LookupItemRenamed',
          changes: [{ field: 'nameAr', from: 'جدة', to: 'جدة التاريخية' }],
          correlationId: 'req-42',
        },
      ]);
    }
    return base(input, init);
  });
  return api;
}

let app: ReturnType<typeof renderApp> | undefined;
beforeAll(async () => {
  await import('./UsersLogPage.tsx');
  await import('./HistoryPage.tsx');
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

describe('users log', () => {
  it('shows the sign-ins with their translated result, filters them and exports what the filters select', async () => {
    const api = installApi();
    app = renderApp('/en/users-log');
    const [row] = await screen.findAllByTestId('users-log-row', {}, { timeout: 5000 });
    expect(within(row!).getByText('Wrong user name or password')).toBeTruthy();
    expect(within(row!).getByText('Khalid Alharbi')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Locked'));
    fireEvent.click(screen.getByLabelText('Wrong user name or password'));
    fireEvent.change(screen.getByTestId('users-log-ip'), { target: { value: '10.0.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path.startsWith('/api/users/login-log'))).toHaveLength(2));
    const sent = new URL(api.calls.filter((c) => c.path.startsWith('/api/users/login-log'))[1]!.path, 'http://x');
    expect(sent.searchParams.get('loginStatuses')).toBe('3,5');
    expect(sent.searchParams.get('ip')).toBe('10.0.');

    // The export button opens the export dialog; the export is started with the grid's current filters.
    await waitFor(() => expect(screen.getByTestId('grid-export').textContent).toBe('Export'));
    fireEvent.click(screen.getByTestId('grid-export'));
    fireEvent.click(await screen.findByTestId('export-start'));
    const link = await screen.findByTestId('export-download', {}, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe(`/api/exports/${EXPORT_ID}/file`);
    const posted = api.calls.filter((c) => c.method === 'POST' && c.path === '/api/exports/users-log');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({
      format: 'xlsx',
      formatted: true,
      language: 'en',
      filters: { loginStatuses: '3,5', ip: '10.0.' },
    });
  });
});

describe('history page', () => {
  it("shows any record's changes with translated action and fields, actor, role and request", async () => {
    installApi();
    app = renderApp('/ar/history/lookup/city');
    const [entry] = await screen.findAllByTestId('history-entry', {}, { timeout: 5000 });
    expect(within(entry!).getByText('تعديل اسم عنصر بيانات مرجعية')).toBeTruthy();
    expect(within(entry!).getByText('الاسم بالعربية')).toBeTruthy();
    expect(within(entry!).getByTestId('history-actor').textContent).toBe('سارة العتيبي');
    expect(within(entry!).getByTestId('history-request').textContent).toBe('req-42');
    expect(within(entry!).getByTestId('change-from').textContent).toBe('جدة');
    expect(entry!.textContent).not.toContain('LookupItemRenamed');
  });
});
