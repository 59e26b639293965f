import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../lookups/testing.ts';
import { specFor } from '../shared/testing.ts';
import { type AccountCommand, accountDecider, loginOutcome } from './decide.ts';
import type { AccountEvent } from './events.ts';
import { staffFormIssues } from './staff.ts';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(accountDecider, () => NOW);
const lookups = seedSnapshot();
const ADMIN = 'a0000000-0000-4000-8000-000000000001';

const create = (over: Partial<Extract<AccountCommand, { type: 'CreateStaffAccount' }>> = {}): AccountCommand => ({
  type: 'CreateStaffAccount',
  userId: 'u2',
  userName: 'staff_east',
  password: 'Staff@2026!',
  credentialId: 'c2',
  name: { ar: ' موظف الشرقية ', en: 'Eastern staff' },
  email: 'Staff.East@Example.org ',
  mobile: '0551234567',
  roleId: 2,
  departmentId: 1,
  regionIds: [],
  cityIds: [],
  lookups,
  ...over,
});
const staffCreated: AccountEvent = {
  type: 'AccountCreated',
  data: {
    userId: 'u2',
    userName: 'staff_east',
    name: { ar: 'موظف الشرقية', en: 'Eastern staff' },
    email: 'staff.east@example.org',
    roleId: 2,
    credentialId: 'c2',
    mustChangePassword: true,
    emailVerified: true,
    nicValid: true,
    registrationComplete: true,
    mobile: '0551234567',
    departmentId: 1,
  },
};
const volunteerCreated: AccountEvent = {
  type: 'AccountCreated',
  data: { ...staffCreated.data, roleId: 1, mustChangePassword: false } as Extract<
    AccountEvent,
    { type: 'AccountCreated' }
  >['data'],
};
const edit = (over: Partial<Extract<AccountCommand, { type: 'EditUser' }>> = {}): AccountCommand => ({
  type: 'EditUser',
  name: { ar: 'موظف الشرقية', en: 'Eastern staff' },
  email: 'staff.east@example.org',
  mobile: '0551234567',
  roleId: 2,
  ...over,
});

describe('creating a staff account', () => {
  it('creates it trimmed, with its department, a forced password change at the first sign-in', () => {
    given().when(create()).thenEmits([staffCreated]);
  });

  it('records the authorised regions and cities with it', () => {
    given()
      .when(create({ regionIds: [5, 1], cityIds: [11] }))
      .thenEmits([
        staffCreated,
        {
          type: 'UserAreasAssigned',
          data: { at: AT, regionIds: [1, 5], cityIds: [11], previous: { regionIds: [], cityIds: [] } },
        },
      ]);
  });

  it.each([2, 3, 4, 5, 6])('gives role %i', (roleId) => {
    given()
      .when(create({ roleId }))
      .thenEmits((events) => expect(events[0]).toMatchObject({ data: { roleId } }));
  });

  it.each([1, 0, 7])('refuses role %i (InvalidRole)', (roleId) => {
    given().when(create({ roleId })).thenFails('InvalidRole');
  });

  it('refuses a password the policy refuses (WeakPassword)', () => {
    given()
      .when(create({ password: 'staff2026' }))
      .thenFails('WeakPassword');
  });

  it('refuses a user name with spaces (InvalidUserName)', () => {
    given()
      .when(create({ userName: 'staff east' }))
      .thenFails('InvalidUserName');
  });

  it('refuses a blank name (AllFieldsRequired)', () => {
    given()
      .when(create({ name: { ar: ' ', en: 'x' } }))
      .thenFails('AllFieldsRequired');
  });

  it('refuses a malformed e-mail (InvalidEmail)', () => {
    given()
      .when(create({ email: 'staff@nowhere' }))
      .thenFails('InvalidEmail');
  });

  it('refuses a mobile number that is not 10 digits (InvalidMobile)', () => {
    given()
      .when(create({ mobile: '055123' }))
      .thenFails('InvalidMobile');
  });

  it('refuses a department that is not in the master data (InvalidDepartment)', () => {
    given()
      .when(create({ departmentId: 99 }))
      .thenFails('InvalidDepartment');
  });

  it('accepts no department (the staff member is then told to contact a super admin)', () => {
    given()
      .when(create({ departmentId: null }))
      .thenEmits((events) => expect(events[0]).toMatchObject({ data: { departmentId: null } }));
  });

  it('accepts a single city of a region not chosen (the scope is the regions and the cities together)', () => {
    // City 11 (Dammam) lies in region 5, not 1.
    given()
      .when(create({ regionIds: [1], cityIds: [11] }))
      .thenEmits((events) => expect(events).toContainEqual(expect.objectContaining({ type: 'UserAreasAssigned' })));
  });

  it('refuses an unknown city (InvalidArea)', () => {
    given()
      .when(create({ regionIds: [1], cityIds: [9999] }))
      .thenFails('InvalidArea');
  });

  it('refuses an unknown region (InvalidArea)', () => {
    given()
      .when(create({ regionIds: [999] }))
      .thenFails('InvalidArea');
  });

  it('refuses a user id that already has an account', () => {
    given(staffCreated).when(create()).thenFails('UserNameAlreadyExists');
  });

  it('lets the new staff member sign in (LoginStatus 1), with her role', () => {
    given(staffCreated)
      .when({ type: 'RecordLogin', passwordMatches: true, identityVerification: true, ip: null, userAgent: null })
      .thenEmits((events) => expect(loginOutcome(events)).toBe(1));
  });
});

describe('editing a staff account', () => {
  it('records the new profile and what changed, from → to', () => {
    given(staffCreated)
      .when(edit({ roleId: 4, mobile: '0559999999' }))
      .thenEmits([
        {
          type: 'UserEdited',
          data: {
            at: AT,
            name: { ar: 'موظف الشرقية', en: 'Eastern staff' },
            email: 'staff.east@example.org',
            mobile: '0559999999',
            roleId: 4,
            changes: [
              { field: 'mobile', from: '0551234567', to: '0559999999' },
              { field: 'roleId', from: 2, to: 4 },
            ],
          },
        },
      ]);
  });

  it('writes nothing when nothing changes (the e-mail compared in lower case)', () => {
    given(staffCreated)
      .when(edit({ email: 'STAFF.east@example.org' }))
      .thenEmits([]);
  });

  it('refuses to make a staff account a volunteer (InvalidRole)', () => {
    given(staffCreated)
      .when(edit({ roleId: 1 }))
      .thenFails('InvalidRole');
  });

  it("refuses a volunteer's account: her profile is her registration (InvalidRole)", () => {
    given(volunteerCreated).when(edit()).thenFails('InvalidRole');
  });

  it('refuses an account that does not exist (NotFound)', () => {
    given().when(edit()).thenFails('NotFound');
  });
});

describe('changing the department', () => {
  const change = (departmentId: number, opportunityIds: string[] = []): AccountCommand => ({
    type: 'ChangeDepartment',
    departmentId,
    opportunityIds,
    lookups,
  });

  it('records the new department, the previous one and the events that move with her', () => {
    given(staffCreated)
      .when(change(2, ['o2', 'o1', 'o2']))
      .thenEmits([
        { type: 'UserDepartmentChanged', data: { at: AT, departmentId: 2, previous: 1, opportunityIds: ['o1', 'o2'] } },
      ]);
  });

  it('writes nothing when the department is hers already', () => {
    given(staffCreated)
      .when(change(1, ['o1']))
      .thenEmits([]);
  });

  it('refuses a department that is not in the master data (InvalidDepartment)', () => {
    given(staffCreated).when(change(42)).thenFails('InvalidDepartment');
  });

  it("refuses a volunteer's account (InvalidRole)", () => {
    given(volunteerCreated).when(change(2)).thenFails('InvalidRole');
  });
});

describe('deactivating and reactivating', () => {
  it('deactivates, and the deactivated user is refused at sign-in (DeactivatedUser, LoginStatus 4)', () => {
    given(staffCreated)
      .when({ type: 'DeactivateAccount', reason: 'left', by: ADMIN })
      .thenEmits([{ type: 'AccountDeactivated', data: { at: AT, reason: 'left' } }]);
    given(staffCreated, { type: 'AccountDeactivated', data: { at: AT, reason: 'left' } })
      .when({ type: 'RecordLogin', passwordMatches: true, identityVerification: true, ip: null, userAgent: null })
      .thenEmits((events) => expect(loginOutcome(events)).toBe(4));
  });

  it('refuses an administrator deactivating her own account (CannotDeactivateSelf)', () => {
    given(staffCreated).when({ type: 'DeactivateAccount', reason: '', by: 'u2' }).thenFails('CannotDeactivateSelf');
  });

  it('reactivates, and the user signs in again', () => {
    const deactivated: AccountEvent = { type: 'AccountDeactivated', data: { at: AT, reason: '' } };
    given(staffCreated, deactivated)
      .when({ type: 'ReactivateAccount' })
      .thenEmits([{ type: 'AccountReactivated', data: { at: AT } }]);
    given(staffCreated, deactivated, { type: 'AccountReactivated', data: { at: AT } })
      .when({ type: 'RecordLogin', passwordMatches: true, identityVerification: true, ip: null, userAgent: null })
      .thenEmits((events) => expect(loginOutcome(events)).toBe(1));
  });
});

describe('authorised areas', () => {
  it('refuses an unknown city (InvalidArea)', () => {
    given(staffCreated)
      .when({ type: 'AssignAreas', regionIds: [2], cityIds: [9999], lookups })
      .thenFails('InvalidArea');
  });
});

describe('the staff form (the same rules, every broken one)', () => {
  it('lists each broken rule on its field', () => {
    const issues = staffFormIssues(
      {
        userName: 'a b',
        password: 'short',
        name: { ar: '', en: 'x' },
        email: 'no-at',
        mobile: '12',
        roleId: 1,
        departmentId: 99,
        regionIds: [1],
        cityIds: [9999],
      },
      lookups,
      true,
    );
    expect(issues.map((i) => `${i.path}:${i.code}`)).toEqual([
      'userName:InvalidUserName',
      'password:WeakPassword',
      'name.ar:AllFieldsRequired',
      'roleId:InvalidRole',
      'email:InvalidEmail',
      'mobile:InvalidMobile',
      'departmentId:InvalidDepartment',
      'cityIds:InvalidArea',
    ]);
  });

  it('checks neither user name nor password when editing', () => {
    const v = { name: { ar: 'م', en: 'M' }, email: 'm@example.org', mobile: '0551234567', roleId: 2 };
    expect(staffFormIssues({ ...v, departmentId: null, regionIds: [], cityIds: [] }, lookups, false)).toEqual([]);
  });
});
