// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../../api/contracts/session.ts';
import { renderUi } from '../../test/renderUi.tsx';
import { NoDepartmentNotice } from './NoDepartmentNotice.tsx';
import { validateUsersSearch } from './search.ts';

afterEach(cleanup);

const staff: SessionUser = {
  id: '00000000-0000-4000-8000-000000000002',
  userName: 'staff',
  name: { ar: 'خالد', en: 'Khalid' },
  roleId: 2,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: null,
  departmentId: null,
};

describe('a staff user without a department', () => {
  it('is told to contact a super admin, in Arabic and in English', () => {
    renderUi(<NoDepartmentNotice user={staff} />, 'ar');
    expect(screen.getByTestId('no-department').textContent).toBe(
      'لم تُحدَّد لك إدارة بعد. يُرجى التواصل مع مدير النظام الرئيسي.',
    );
    cleanup();
    renderUi(<NoDepartmentNotice user={staff} />, 'en');
    expect(screen.getByTestId('no-department').textContent).toBe(
      'You have no department yet. Please contact a super admin.',
    );
  });

  it('is not shown with a department, nor to a volunteer', () => {
    renderUi(
      <>
        <NoDepartmentNotice user={{ ...staff, departmentId: 1 }} />
        <NoDepartmentNotice user={{ ...staff, roleId: 1 }} />
      </>,
    );
    expect(screen.queryByTestId('no-department')).toBeNull();
  });
});

describe("the users grid's address", () => {
  it('keeps what the server accepts and drops the rest', () => {
    expect(
      validateUsersSearch({
        page: '2',
        pageSize: '7',
        sort: 'userName',
        dir: 'sideways',
        search: ' sara ',
        roleId: '9',
        departmentId: '3',
        status: 'inactive',
      }),
    ).toEqual({ page: 2, sort: 'userName', search: 'sara', departmentId: 3, status: 'inactive' });
  });
});
