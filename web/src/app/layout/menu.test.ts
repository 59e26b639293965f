import { describe, expect, it } from 'vitest';
import type { Permissions, SessionUser } from '../../../../api/contracts/session.ts';
import { headerMenu, userMenu } from './menu.ts';

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
    const perms: Permissions = { roleId: 3, screens: { Users: ['View'] } };
    expect(headerMenu(user, perms).map((i) => i.screen)).toEqual(['users']);
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

  it('keeps placeholder entries distinct from the real dashboard link', () => {
    const perms: Permissions = { roleId: 1, screens: { dashboard: ['View'], statistics: ['View'] } };
    const [dashboard, statistics] = headerMenu(user, perms);
    expect(dashboard).toMatchObject({ to: '/$lang/dashboard', hash: undefined });
    expect(statistics).toMatchObject({ to: '/$lang/dashboard', hash: 'statistics' });
  });

  it('opens the volunteer’s tickets and the staff tickets grid by permission', () => {
    const volunteer: Permissions = { roleId: 1, screens: { tickets: ['View', 'Add'] } };
    expect(headerMenu(user, volunteer).map((i) => [i.screen, i.to, i.hash])).toEqual([
      ['tickets', '/$lang/tickets', undefined],
    ]);
    const staff: Permissions = { roleId: 2, screens: { ticketsadmin: ['View', 'Edit'] } };
    expect(headerMenu(user, staff).map((i) => [i.screen, i.to, i.hash])).toEqual([
      ['ticketsadmin', '/$lang/tickets/manage', undefined],
    ]);
  });

  it('opens the events pages by permission', () => {
    const staff: Permissions = { roleId: 2, screens: { events: ['View'], eventsadmin: ['View'], myevents: ['View'] } };
    expect(headerMenu(user, staff).map((i) => [i.screen, i.to, i.hash])).toEqual([
      ['events', '/$lang/events', undefined],
      ['eventsadmin', '/$lang/events/manage', undefined],
      ['myevents', '/$lang/my-events', undefined],
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
    expect(headerMenu({ ...user, roleId: 3 }, admin).map((i) => [i.screen, i.to, i.hash])).toEqual([
      ['auditlog', '/$lang/audit-log', undefined],
      ['registrationadmin', '/$lang/registrations', undefined],
    ]);
  });
});
