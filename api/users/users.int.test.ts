import { afterAll, beforeAll, describe, it } from 'vitest';
import { thenExpect, when } from '../../tests/support/http-spec.ts';
import { startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
}, 120_000);
afterAll(async () => {
  await portal?.close();
});

const admin = { user: 'admin', password: 'Admin@2026!' };
const volunteer = { user: 'volunteer1', password: 'Volunteer@2026!' };
const STAFF = '00000000-0000-4000-8000-000000000003';

describe('users (given / when / then)', () => {
  it('assigns a staff member her regions and cities: one UserAreasAssigned on her account', async () => {
    const outcome = await when(portal, admin, {
      method: 'POST',
      url: `/api/users/${STAFF}/areas`,
      body: { regionIds: [1], cityIds: [3] },
    });
    thenExpect(outcome, {
      status: 200,
      events: [{ stream: `user-${STAFF}`, type: 'UserAreasAssigned', data: { regionIds: [1], cityIds: [3] } }],
    });
  });

  it('refuses a volunteer, and writes nothing', async () => {
    const outcome = await when(portal, volunteer, {
      method: 'POST',
      url: `/api/users/${STAFF}/areas`,
      body: { regionIds: [1], cityIds: [] },
    });
    thenExpect(outcome, { status: 403, events: [] });
  });

  it('reads the login log without writing anything', async () => {
    const outcome = await when(portal, admin, { method: 'GET', url: '/api/users/login-log?pageSize=10' });
    thenExpect(outcome, { status: 200, events: [] });
  });
});
