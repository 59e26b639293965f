// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PermissionMatrix } from '../../../../api/contracts/permissions.ts';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { changeCount, changesOf, draftOf, holds, isProtected, toggled } from './matrix.ts';

vi.setConfig({ testTimeout: 20_000 });

const admin: SessionUser = { ...sara, id: '00000000-0000-4000-8000-000000000001', userName: 'admin', roleId: 3 };

const matrix: PermissionMatrix = {
  screens: [
    { screen: 'dashboard', actions: ['View'] },
    { screen: 'allowadminrole', actions: ['View', 'Edit'] },
    { screen: 'ticketsadmin', actions: ['View', 'Edit'] },
  ],
  roles: [
    { roleId: 2, screens: { dashboard: ['View'], ticketsadmin: ['View'] } },
    { roleId: 3, screens: { dashboard: ['View'], allowadminrole: ['View', 'Edit'], ticketsadmin: ['View', 'Edit'] } },
  ],
};

describe('the matrix’s difference', () => {
  it('is nothing for an untouched matrix, and for a box switched on and off again', () => {
    const draft = draftOf(matrix);
    expect(changesOf(matrix, draft)).toEqual({ grants: [], revokes: [] });
    const back = toggled(toggled(draft, 2, 'ticketsadmin', 'Edit', true), 2, 'ticketsadmin', 'Edit', false);
    expect(changesOf(matrix, back)).toEqual({ grants: [], revokes: [] });
  });

  it('grants what was added and revokes what was removed, one change per role and screen', () => {
    let draft = draftOf(matrix);
    draft = toggled(draft, 2, 'ticketsadmin', 'Edit', true);
    draft = toggled(draft, 2, 'allowadminrole', 'View', true);
    draft = toggled(draft, 2, 'dashboard', 'View', false);
    draft = toggled(draft, 3, 'ticketsadmin', 'Edit', false);
    const changes = changesOf(matrix, draft);
    expect(changes).toEqual({
      grants: [
        { role: 2, screen: 'allowadminrole', actions: ['View'] },
        { role: 2, screen: 'ticketsadmin', actions: ['Edit'] },
      ],
      revokes: [
        { role: 2, screen: 'dashboard', actions: ['View'] },
        { role: 3, screen: 'ticketsadmin', actions: ['Edit'] },
      ],
    });
    expect(changeCount(changes)).toBe(4);
    expect(holds(draft, 2, 'ticketsadmin', 'Edit')).toBe(true);
  });

  it('locks only the super admin’s rights over permissions', () => {
    expect(isProtected(3, 'allowadminrole', 'Edit')).toBe(true);
    expect(isProtected(3, 'permissions', 'View')).toBe(true);
    expect(isProtected(2, 'allowadminrole', 'Edit')).toBe(false);
    expect(isProtected(3, 'ticketsadmin', 'Edit')).toBe(false);
  });
});

/** The matrix endpoints behind the fake API: the grants and revokes change what the next read answers. */
function installMatrixApi(permissions: Permissions) {
  const api = installFakeApi({ user: admin, account: admin, csrfToken: 'csrf-user', permissions });
  let current = structuredClone(matrix);
  const base = vi.mocked(fetch).getMockImplementation()!;
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const reply = (b: unknown) =>
      new Response(JSON.stringify(b), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path === '/api/admin/permissions') return reply(current);
    const change = /^\/api\/admin\/permissions\/(grant|revoke)$/.exec(path);
    if (change && method === 'POST') {
      api.calls.push({ method, path, body, csrf: undefined });
      current = structuredClone(current);
      const role = current.roles.find((r) => r.roleId === body.role)!;
      const held = new Set(role.screens[body.screen] ?? []);
      for (const a of body.actions) {
        if (change[1] === 'grant') held.add(a);
        else held.delete(a);
      }
      role.screens[body.screen] = [...held];
      return reply({ position: '9.9' });
    }
    return base(input, init);
  });
  return api;
}

let app: ReturnType<typeof renderApp> | undefined;
beforeAll(async () => {
  await import('./PermissionsPage.tsx');
});
afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('the permissions screen', () => {
  it('lets the super admin tick boxes and save the difference after confirming', async () => {
    const api = installMatrixApi({
      roleId: 3,
      screens: { dashboard: ['View'], permissions: ['View', 'Edit'], allowadminrole: ['View', 'Edit'] },
    });
    app = renderApp('/en/permissions');
    await screen.findByRole('checkbox', { name: 'Edit: Manage tickets, Staff' });
    const staffEdit = box('Edit: Manage tickets, Staff');
    expect(staffEdit.checked).toBe(false);
    expect(box('View: Manage tickets, Staff').checked).toBe(true);
    // The super admin's own rights over permissions cannot be revoked: not offered.
    expect(box('Edit: Admin role rights, Administrator').disabled).toBe(true);
    expect((screen.getByTestId('permissions-save') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(staffEdit);
    fireEvent.click(box('View: Dashboard, Staff'));
    expect(screen.getByTestId('permissions-changes').textContent).toBe('Unsaved changes: 2');
    fireEvent.click(screen.getByTestId('permissions-save'));
    const dialog = await screen.findByRole('dialog', { name: 'Save permissions' });
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/permissions/'))).toEqual([]);
    fireEvent.click(within(dialog).getByTestId('permissions-confirm'));
    await waitFor(() => expect(screen.getByTestId('permissions-changes').textContent).toBe('No changes.'));
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/permissions/')).map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/permissions/grant', { role: 2, screen: 'ticketsadmin', actions: ['Edit'] }],
      ['/api/admin/permissions/revoke', { role: 2, screen: 'dashboard', actions: ['View'] }],
    ]);
    expect(box('Edit: Manage tickets, Staff').checked).toBe(true);
  });

  it('is read only without Edit on the admin role rights: every box disabled, no save', async () => {
    installMatrixApi({ roleId: 3, screens: { dashboard: ['View'], permissions: ['View'], allowadminrole: ['View'] } });
    app = renderApp('/en/permissions');
    await screen.findByRole('checkbox', { name: 'Edit: Manage tickets, Staff' });
    expect(screen.getByTestId('permissions-read-only')).toBeTruthy();
    expect(screen.queryByTestId('permissions-save')).toBeNull();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.length).toBe(10);
    expect(boxes.every((b) => b.disabled)).toBe(true);
  });

  it('names every screen and action in Arabic too, right to left', async () => {
    installMatrixApi({ roleId: 3, screens: { dashboard: ['View'], permissions: ['View'], allowadminrole: ['View'] } });
    app = renderApp('/ar/permissions');
    await screen.findByRole('checkbox', { name: 'عرض: إدارة التذاكر، موظف' });
    expect(document.documentElement.dir).toBe('rtl');
    expect(box('عرض: إدارة التذاكر، موظف').checked).toBe(true);
  });
});
