import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../domain/shared/roles.ts';
import {
  type Browser,
  signedIn,
  startApiReplica,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';
import { decideManyHours } from '../contracts/hours.ts';

let portal: TestPortal;
let replica: Awaited<ReturnType<typeof startApiReplica>>;
beforeAll(async () => {
  portal = await startTestPortal();
  replica = await startApiReplica(portal);
});
afterAll(async () => {
  await replica?.close();
  await portal?.close();
});

const STAFF = ['staff', 'Staff@2026!'] as const;
const GRID = '/api/registrations?status=2';
const view = { role: Role.Staff, screen: 'registrationadmin', actions: ['View'] };

describe('the screens × roles matrix, changed by the super admin', () => {
  let admin: Browser;
  beforeAll(async () => {
    admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  });

  it('refuses the very next request once a screen’s View is revoked, here and on another API process, and allows it again once granted back', async () => {
    const staff = await signedIn(portal.app, ...STAFF);
    const staffElsewhere = await signedIn(replica.app, ...STAFF);
    expect((await staff.get(GRID)).statusCode).toBe(200);
    expect((await staffElsewhere.get(GRID)).statusCode).toBe(200);

    expect((await admin.post('/api/admin/permissions/revoke', view)).statusCode).toBe(200);
    const refused = await staff.get(GRID);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('Forbidden');
    expect((await staffElsewhere.get(GRID)).statusCode).toBe(403);

    // The 403 ended those sessions; signed in again, the staff member's menu no longer holds the screen's View.
    const again = await signedIn(portal.app, ...STAFF);
    expect((await again.get('/api/session/permissions')).json().screens.registrationadmin).toEqual(['Approve']);

    expect((await admin.post('/api/admin/permissions/grant', view)).statusCode).toBe(200);
    expect((await again.get(GRID)).statusCode).toBe(200);
    expect((await again.get('/api/session/permissions')).json().screens.registrationadmin).toEqual(['View', 'Approve']);
  });

  it('admits a staff command the very next request once its contract’s action is granted, and refuses it once revoked', async () => {
    // The guard is the contract's own (the one the web's buttons read): grant and revoke exactly it. Staff do not
    // hold it by the seed.
    const { screen, action } = decideManyHours.permission;
    const change = { role: Role.Staff, screen, actions: [action] };
    const body = {
      decision: 'approve',
      items: [
        {
          opportunityId: '00000000-0000-4000-8000-00000000abcd',
          volunteerId: '00000000-0000-4000-8000-000000000004',
          hoursId: 'h-none',
        },
      ],
    };
    const staff = await signedIn(portal.app, ...STAFF);
    const before = await staff.post(decideManyHours.path, body);
    expect(before.statusCode).toBe(403);
    expect(before.json().error).toMatchObject({ code: 'Forbidden', details: { screen, action } });

    expect((await admin.post('/api/admin/permissions/grant', change)).statusCode).toBe(200);
    const staffAgain = await signedIn(portal.app, ...STAFF);
    const admitted = await staffAgain.post(decideManyHours.path, body);
    expect(admitted.statusCode).toBe(200);
    expect(admitted.json().results).toEqual([{ hoursId: 'h-none', result: 'NotFound' }]);

    expect((await admin.post('/api/admin/permissions/revoke', change)).statusCode).toBe(200);
    const refused = await staffAgain.post(decideManyHours.path, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({ code: 'Forbidden', details: { screen, action } });
  });

  it('answers a grant of what the role holds already without writing', async () => {
    const before = (await admin.get('/api/admin/permissions')).json();
    const res = await admin.post('/api/admin/permissions/grant', {
      role: Role.Staff,
      screen: 'Dashboard',
      actions: ['View'],
    });
    expect(res.statusCode).toBe(200);
    expect((await admin.get('/api/admin/permissions')).json()).toEqual(before);
  });

  it('never takes the super admin’s right to administer permissions', async () => {
    const res = await admin.post('/api/admin/permissions/revoke', {
      role: Role.Admin,
      screen: 'allowadminrole',
      actions: ['Edit'],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SuperAdminRightsProtected');
    expect((await admin.get('/api/admin/permissions')).statusCode).toBe(200);
  });

  it('refuses unknown roles, screens and actions with their codes', async () => {
    const change = (over: object) => admin.post('/api/admin/permissions/grant', { ...view, ...over });
    expect((await change({ role: 9 })).json().error.code).toBe('UnknownRole');
    expect((await change({ screen: 'nosuchscreen' })).json().error.code).toBe('UnknownScreen');
    const offered = await change({ screen: 'dashboard', actions: ['Delete'] });
    expect(offered.statusCode).toBe(422);
    expect(offered.json().error.code).toBe('ActionNotOnScreen');
    expect((await change({ actions: ['Publish'] })).json().error.code).toBe('ValidationFailed');
    expect((await change({ actions: [] })).json().error.code).toBe('ValidationFailed');
  });

  it('lets only the super admin change the matrix', async () => {
    const staff = await signedIn(portal.app, ...STAFF);
    const res = await staff.post('/api/admin/permissions/grant', { ...view, actions: ['Edit'] });
    expect(res.statusCode).toBe(403);
    const matrix = (await admin.get('/api/admin/permissions')).json();
    expect(matrix.roles.find((r: { roleId: number }) => r.roleId === Role.Staff).screens.registrationadmin).toEqual([
      'View',
      'Approve',
    ]);
    expect(matrix.screens).toContainEqual({ screen: 'surveymandatory', actions: ['View', 'Edit'] });
  });
});
