import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { createQueryClient } from '../App.tsx';
import { createAppRouter } from '../router.tsx';
import { headerMenu, menuRoutes, userMenu } from './menu.ts';

const user: SessionUser = {
  id: 'u1',
  userName: 'sara',
  name: { ar: 'سارة', en: 'Sara' },
  roleId: 1,
  isRegistrationComplete: true,
  isNicValid: true,
  mustChangePassword: false,
  registrationStatus: 5,
};

const volunteer: Permissions = {
  roleId: 1,
  screens: {
    dashboard: ['View'],
    changepassword: ['View', 'Edit'],
    myevents: ['View', 'Add'],
    tickets: ['Add'],
  },
};

describe('header menu', () => {
  it('shows only the screens the role may view', () => {
    expect(headerMenu(user, volunteer).map((i) => i.screen)).toEqual(['dashboard', 'myevents']);
  });

  it('matches screen names case-insensitively', () => {
    const perms: Permissions = { roleId: 3, screens: { AuditLog: ['View'] } };
    expect(headerMenu(user, perms).map((i) => i.screen)).toEqual(['auditlog']);
  });

  it('turns "my registration" into starting one for a volunteer who has none, and only for her', () => {
    const perms: Permissions = { roleId: 1, screens: { dashboard: ['View'], myregistration: ['View', 'Edit'] } };
    expect(headerMenu({ ...user, registrationStatus: null }, perms).at(-1)).toMatchObject({
      screen: 'myregistration',
      labelKey: 'menu.startRegistration',
      to: '/$lang/registration/edit',
    });
    expect(headerMenu(user, perms).at(-1)).toMatchObject({
      labelKey: 'menu.myregistration',
      to: '/$lang/registration',
    });
    const staff = { ...user, roleId: 2, registrationStatus: null };
    expect(headerMenu(staff, { ...perms, roleId: 2 }).at(-1)).toMatchObject({ labelKey: 'menu.myregistration' });
  });

  it('is empty until registration is complete', () => {
    expect(headerMenu({ ...user, isRegistrationComplete: false }, volunteer)).toEqual([]);
  });

  it('is empty while the national id is not valid', () => {
    expect(headerMenu({ ...user, isNicValid: false }, volunteer)).toEqual([]);
  });

  it('is empty while a password change is pending', () => {
    expect(headerMenu({ ...user, mustChangePassword: true }, volunteer)).toEqual([]);
  });

  it('is empty for a visitor or before permissions arrive', () => {
    expect(headerMenu(null, volunteer)).toEqual([]);
    expect(headerMenu(user, null)).toEqual([]);
  });

  it('shows no entry for a screen without a page of its own, whatever the role holds', () => {
    const perms: Permissions = {
      roleId: 3,
      screens: { dashboard: ['View'], statistics: ['View'], approvevolunteerhours: ['View'] },
    };
    // approvevolunteerhours has no page of its own; statistics opens the statistics (which link to the event reports).
    expect(headerMenu(user, perms).map((i) => [i.screen, i.to])).toEqual([
      ['dashboard', '/$lang/dashboard'],
      ['statistics', '/$lang/statistics'],
    ]);
  });

  it('opens the permissions matrix only to a role that may also read it (the page’s own endpoint guard)', () => {
    const both: Permissions = { roleId: 3, screens: { permissions: ['View'], allowadminrole: ['View'] } };
    expect(headerMenu(user, both).map((i) => [i.screen, i.to])).toEqual([['permissions', '/$lang/permissions']]);
    const menuOnly: Permissions = { roleId: 2, screens: { permissions: ['View'] } };
    expect(headerMenu(user, menuOnly)).toEqual([]);
  });

  it('opens only routes of the router', () => {
    const router = createAppRouter(createQueryClient(), createMemoryHistory({ initialEntries: ['/ar'] }));
    const paths = new Set(Object.keys(router.routesByPath));
    expect(menuRoutes.length).toBeGreaterThan(10);
    expect(menuRoutes.filter((to) => !paths.has(to))).toEqual([]);
  });

  it('opens the volunteer’s tickets and the staff tickets grid by permission', () => {
    const volunteer: Permissions = { roleId: 1, screens: { tickets: ['View', 'Add'] } };
    expect(headerMenu(user, volunteer).map((i) => [i.screen, i.to])).toEqual([['tickets', '/$lang/tickets']]);
    const staff: Permissions = { roleId: 2, screens: { ticketsadmin: ['View', 'Edit'] } };
    expect(headerMenu(user, staff).map((i) => [i.screen, i.to])).toEqual([['ticketsadmin', '/$lang/tickets/manage']]);
  });

  it('opens the events pages by permission', () => {
    const staff: Permissions = { roleId: 2, screens: { events: ['View'], eventsadmin: ['View'], myevents: ['View'] } };
    expect(headerMenu(user, staff).map((i) => [i.screen, i.to])).toEqual([
      ['events', '/$lang/events'],
      ['eventsadmin', '/$lang/events/manage'],
      ['myevents', '/$lang/my-events'],
    ]);
  });
});

describe('user menu', () => {
  it('offers change password when permitted', () => {
    expect(userMenu(user, volunteer).map((i) => i.to)).toEqual(['/$lang/change-password']);
  });

  it('hides change password without View on it', () => {
    expect(userMenu(user, { roleId: 1, screens: { dashboard: ['View'] } })).toEqual([]);
  });
});

describe('review menus', () => {
  it('opens the registrations grid and the audit log', () => {
    const admin: Permissions = { roleId: 3, screens: { auditlog: ['View'], registrationadmin: ['View', 'Approve'] } };
    expect(headerMenu({ ...user, roleId: 3 }, admin).map((i) => [i.screen, i.to])).toEqual([
      ['auditlog', '/$lang/audit-log'],
      ['registrationadmin', '/$lang/registrations'],
    ]);
  });
});
