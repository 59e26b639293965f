import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { Role } from '../shared/roles.ts';
import { specFor } from '../shared/testing.ts';
import { allows, permissionsDecider, SUPER_ADMIN } from './decide.ts';
import type { PermissionEvent } from './events.ts';
import { SCREENS, Screens } from './screens.ts';
import { SEED_PERMISSIONS } from './seed.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const given = specFor(permissionsDecider, () => NOW);

const granted = (role: number, screen: string, actions: string[], previous: string[] = []) =>
  ({ type: 'RoleScreenActionsGranted', data: { role, screen, actions, previous } }) as PermissionEvent;
const revoked = (role: number, screen: string, actions: string[], previous: string[]) =>
  ({ type: 'RoleScreenActionsRevoked', data: { role, screen, actions, previous } }) as PermissionEvent;
const grant = (role: number, screen: string, actions: string[]) =>
  ({ type: 'GrantScreenActions', role, screen, actions }) as const;
const revoke = (role: number, screen: string, actions: string[]) =>
  ({ type: 'RevokeScreenActions', role, screen, actions }) as const;

describe('the screen list', () => {
  it('holds the spec’s authorised screen names', () => {
    for (const name of [
      'allowadminrole',
      'allowregionrestriction',
      'allowvolunteerrole',
      'allowreviewrole',
      'allowfirstresponderrole',
      'allowvolunteeradminrole',
      'approvevolunteerhours',
      'certificateshours',
      'certificateseventtype',
      'surveymandatory',
    ])
      expect(Screens).toContain(name);
  });
});

describe('granting', () => {
  it('records the actions added and what the role held before', () => {
    given(granted(Role.Staff, 'eventsadmin', ['View']))
      .when(grant(Role.Staff, 'EventsAdmin', ['Add', 'View']))
      .thenEmits([granted(Role.Staff, 'eventsadmin', ['Add'], ['View'])]);
  });

  it('writes nothing when the role holds every action already', () => {
    given(granted(Role.Staff, 'eventsadmin', ['View', 'Add']))
      .when(grant(Role.Staff, 'eventsadmin', ['Add']))
      .thenEmits([]);
  });

  it('refuses an unknown role', () => {
    given()
      .when(grant(7, 'dashboard', ['View']))
      .thenFails('UnknownRole');
  });

  it('refuses an unknown screen', () => {
    given()
      .when(grant(Role.Staff, 'nosuchscreen', ['View']))
      .thenFails('UnknownScreen');
  });

  it('refuses an action the screen does not offer', () => {
    given()
      .when(grant(Role.Staff, 'dashboard', ['View', 'Delete']))
      .thenFails('ActionNotOnScreen');
  });

  it('refuses an action that does not exist', () => {
    given()
      .when(grant(Role.Staff, 'eventsadmin', ['Publish']))
      .thenFails('ActionNotOnScreen');
  });

  it('refuses an empty list of actions', () => {
    given()
      .when(grant(Role.Staff, 'eventsadmin', []))
      .thenFails('ValidationFailed');
  });
});

describe('revoking', () => {
  it('records the actions removed and what the role held before', () => {
    given(granted(Role.Staff, 'registrationadmin', ['View', 'Approve']))
      .when(revoke(Role.Staff, 'registrationadmin', ['View', 'Edit']))
      .thenEmits([revoked(Role.Staff, 'registrationadmin', ['View'], ['View', 'Approve'])]);
  });

  it('writes nothing when the role holds none of the actions', () => {
    given(granted(Role.Staff, 'registrationadmin', ['Approve']))
      .when(revoke(Role.Staff, 'registrationadmin', ['View']))
      .thenEmits([]);
  });

  it('never takes the super admin’s rights to administer permissions', () => {
    given(granted(Role.Admin, 'allowadminrole', ['View', 'Edit']))
      .when(revoke(Role.Admin, 'allowadminrole', ['Edit']))
      .thenFails('SuperAdminRightsProtected');
  });

  it('takes the same screen’s rights from any other role', () => {
    given(granted(Role.VolunteerAdmin, 'allowadminrole', ['View', 'Edit']))
      .when(revoke(Role.VolunteerAdmin, 'allowadminrole', ['Edit']))
      .thenEmits([revoked(Role.VolunteerAdmin, 'allowadminrole', ['Edit'], ['View', 'Edit'])]);
  });

  it('refuses an unknown screen', () => {
    given()
      .when(revoke(Role.Staff, 'nosuchscreen', ['View']))
      .thenFails('UnknownScreen');
  });
});

describe('the seed', () => {
  it('grants the seed table to an empty stream', () => {
    given()
      .when({ type: 'SeedPermissions', table: { 2: { dashboard: ['View'], tickets: ['Edit', 'View'] } } })
      .thenEmits([granted(2, 'dashboard', ['View']), granted(2, 'tickets', ['View', 'Edit'])]);
  });

  it('writes nothing once the stream has events', () => {
    given(granted(Role.Staff, 'dashboard', ['View']))
      .when({ type: 'SeedPermissions', table: SEED_PERMISSIONS })
      .thenEmits([]);
  });

  it('folds into exactly the seed table, the super admin’s rights included', () => {
    const events = permissionsDecider.decide(
      { type: 'SeedPermissions', table: SEED_PERMISSIONS },
      permissionsDecider.initialState(),
      NOW,
    );
    const { table } = fold(permissionsDecider, events);
    for (const role of [1, 2, 3, 4, 5, 6] as const)
      for (const screen of Screens)
        for (const action of SCREENS[screen])
          expect(allows(table, role, screen, action), `${role} ${screen} ${action}`).toBe(
            SEED_PERMISSIONS[role][screen]?.includes(action) ?? false,
          );
    for (const [screen, actions] of Object.entries(SUPER_ADMIN.screens))
      for (const action of actions ?? []) expect(allows(table, SUPER_ADMIN.role, screen, action)).toBe(true);
  });
});

describe('the matrix', () => {
  it('matches screen names case-insensitively and forgets a screen whose last action is revoked', () => {
    const { table } = fold(permissionsDecider, [
      granted(Role.Staff, 'statistics', ['View']),
      revoked(Role.Staff, 'statistics', ['View'], ['View']),
      granted(Role.Staff, 'eventsadmin', ['View']),
    ]);
    expect(allows(table, Role.Staff, 'EventsAdmin', 'View')).toBe(true);
    expect(allows(table, Role.Staff, 'statistics', 'View')).toBe(false);
    expect(table[Role.Staff]).toEqual({ eventsadmin: ['View'] });
  });
});
