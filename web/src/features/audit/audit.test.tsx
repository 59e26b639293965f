// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { type FakeApiState, installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';

vi.setConfig({ testTimeout: 20_000 });

const admin: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000001', userName: 'admin', roleId: 3 };
const adminPermissions: Permissions = {
  roleId: 3,
  screens: { dashboard: ['View'], auditlog: ['View'], registrationadmin: ['View', 'Approve', 'Edit'] },
};
const REG = '3f1c2a4e-8b7d-4c1e-9a2b-5d6e7f8a9b0c';
const STAFF = '00000000-0000-4000-8000-000000000002';

function auditRow(n: number) {
  return {
    position: `${100 - n}.${100 - n}`,
    at: '2026-11-21T10:30:00.000Z',
    actor: { id: admin.id, nameAr: 'سارة العتيبي', nameEn: 'Sarah Alotaibi', roleId: 3 },
    recordType: 'registration',
    recordId: REG,
    action: n % 2 ? 'RegistrationApproved' : 'ApplicationNoteAdded',
    changes: n % 2 ? [{ field: 'status', from: 3, to: 5 }] : [{ field: 'note', from: null, to: `Note ${n}` }],
    correlationId: null,
    link: { screen: 'registration', id: REG },
  };
}

function installAuditApi(permissions: Permissions = adminPermissions) {
  const api = installFakeApi({ user: admin, account: admin, csrfToken: 'csrf-user', permissions });
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    if (path === '/api/history/lookup/workField') {
      api.calls.push({ method: 'GET', path, body: undefined, csrf: undefined });
      const renamed = {
        at: '2026-11-21T10:30:00.000Z',
        actor: { id: admin.id, nameAr: 'سارة العتيبي', nameEn: 'Sarah Alotaibi', roleId: 3 },
        action: 'LookupItemRenamed',
        changes: [
          { field: 'kind', from: null, to: 'workField' },
          { field: 'nameEn', from: 'Health awareness', to: 'Community health education' },
        ],
        correlationId: null,
      };
      return new Response(JSON.stringify([renamed]), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    if (path === `/api/history/user/${STAFF}`) {
      const areas = {
        at: '2026-11-21T10:30:00.000Z',
        actor: { id: admin.id, nameAr: 'سارة العتيبي', nameEn: 'Sarah Alotaibi', roleId: 3 },
        action: 'UserAreasAssigned',
        changes: [
          { field: 'regionIds', from: [], to: [1, 2] },
          { field: 'cityIds', from: [], to: [3] },
        ],
        correlationId: null,
      };
      return new Response(JSON.stringify([areas]), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    if (path.startsWith('/api/audit-log')) {
      api.calls.push({ method: 'GET', path, body: undefined, csrf: undefined });
      const before = new URL(path, 'http://x').searchParams.get('before');
      const body = before ? { rows: [auditRow(3)], next: null } : { rows: [auditRow(1), auditRow(2)], next: '98.98' };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }
    return base(input, init);
  });
  return api;
}

const auditCalls = (api: FakeApiState) =>
  api.calls.filter((c) => c.path.startsWith('/api/audit-log')).map((c) => c.path);

let app: ReturnType<typeof renderApp> | undefined;
function open(path: string) {
  app = renderApp(path);
  return app;
}

beforeAll(async () => {
  await import('./AuditLogPage.tsx');
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

describe('audit log', () => {
  it('shows who did what, and loads the next page with before=<next>', async () => {
    const api = installAuditApi();
    open('/en/audit-log');
    const rows = await screen.findAllByTestId('audit-row', {}, { timeout: 5000 });
    expect(rows).toHaveLength(2);
    expect(auditCalls(api)).toEqual(['/api/audit-log?limit=50']);
    const [approved] = rows as [HTMLElement];
    expect(within(approved).getByText('Sarah Alotaibi')).toBeTruthy();
    expect(within(approved).getByText('Administrator')).toBeTruthy();
    expect(within(approved).getByText('Application approved')).toBeTruthy();
    expect(within(approved).getByTestId('change-to').textContent).toBe('Approved');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(auditCalls(api)[1]).toBe('/api/audit-log?limit=50&before=98.98');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('No older entries.')).toBeTruthy();
  });

  it('sends the filters', async () => {
    const api = installAuditApi();
    open('/en/audit-log');
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByLabelText('Record type'), { target: { value: 'registration' } });
    fireEvent.change(screen.getByLabelText('Record id'), { target: { value: REG } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(auditCalls(api)).toHaveLength(2));
    expect(auditCalls(api)[1]).toBe(`/api/audit-log?limit=50&recordType=registration&recordId=${REG}&from=2026-11-01`);
  });

  it('is closed to a role without the audit log screen', async () => {
    installAuditApi({ roleId: 4, screens: { dashboard: ['View'], registrationadmin: ['View'] } });
    const { path } = open('/en/audit-log');
    await waitFor(() => expect(path()).toBe('/en/forbidden'));
  });
});

describe("a record's history page", () => {
  it('names a master-data list by its screen, not by its key, and translates the action', async () => {
    installAuditApi({ ...adminPermissions, screens: { ...adminPermissions.screens, masterdata: ['View'] } });
    open('/en/history/lookup/workField');
    const entry = await screen.findByTestId('history-entry', {}, { timeout: 5000 });
    expect(screen.getByTestId('history-record').textContent).toBe('Master data: Work fields');
    expect(within(entry).getByText('Master data item renamed')).toBeTruthy();
    expect(within(entry).getByText('Sarah Alotaibi')).toBeTruthy();
    // The event's list, too, is named by its screen.
    expect(within(entry).getAllByText('Work fields')).not.toHaveLength(0);
    expect(document.body.textContent).not.toContain('workField');
    expect(document.body.textContent).not.toContain('LookupItemRenamed');
  });

  it("names a staff member's authorised regions and cities, not their ids", async () => {
    installAuditApi({ ...adminPermissions, screens: { ...adminPermissions.screens, users: ['View'] } });
    open(`/en/history/user/${STAFF}`);
    const entry = await screen.findByTestId('history-entry', {}, { timeout: 5000 });
    await waitFor(() => expect(within(entry).getAllByTestId('change-to')[0]!.textContent).toBe('Riyadh, Makkah'));
    expect(within(entry).getAllByTestId('change-to')[1]!.textContent).toBe('Diriyah');
  });
});
