// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../app/stores/session.ts';
import { renderUi } from '../../test/renderUi.tsx';
import type { UserDetail, UserOptions } from './api.ts';
import { emptyStaff } from './StaffFields.tsx';
import { DepartmentSection } from './UserActions.tsx';

vi.setConfig({ testTimeout: 20_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ID = '00000000-0000-4000-8000-000000000042';
const user: UserDetail = {
  userId: ID,
  userName: 'staff_east',
  nameAr: 'موظف',
  nameEn: 'Staff',
  email: 'staff@example.org',
  mobile: '0551234567',
  roleId: 2,
  departmentId: 1,
  regionIds: [],
  cityIds: [],
  active: true,
  lastLoginAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  mustChangePassword: false,
  lockedUntil: null,
};
const options: UserOptions = {
  departments: [
    { id: 1, nameAr: 'إدارة التطوع', nameEn: 'Volunteering' },
    { id: 2, nameAr: 'الدعم الفني', nameEn: 'Support' },
  ],
  regions: [],
  cities: [],
};

describe('changing a department', () => {
  it('asks how many events move, names that number, and sends it with the change', async () => {
    useSessionStore.setState({ csrfToken: 'csrf', permissions: { roleId: 3, screens: { users: ['View', 'Edit'] } } });
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const method = init?.method ?? 'GET';
        calls.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
        const answer = url.includes('/department-impact') ? { events: 3 } : { position: '1.1' };
        return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderUi(
      <DepartmentSection user={user} v={{ ...emptyStaff(), departmentId: 2 }} set={() => {}} options={options} />,
    );
    fireEvent.click(screen.getByTestId('change-department'));
    await screen.findByText('Events this user created that will move to the new department: 3. Continue?');
    fireEvent.click(screen.getByTestId('confirm-department'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: `/api/users/${ID}/department`,
      body: { departmentId: 2, confirmedEvents: 3 },
    });
  });

  it('offers no change while the chosen department is the current one', () => {
    useSessionStore.setState({ permissions: { roleId: 3, screens: { users: ['View', 'Edit'] } } });
    renderUi(
      <DepartmentSection user={user} v={{ ...emptyStaff(), departmentId: 1 }} set={() => {}} options={options} />,
    );
    expect((screen.getByTestId('change-department') as HTMLButtonElement).disabled).toBe(true);
  });
});
