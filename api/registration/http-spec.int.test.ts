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
const VOLUNTEER1 = '00000000-0000-4000-8000-000000000004';
const UNKNOWN = '00000000-0000-4000-9000-000000000099';

describe('registration review (given / when / then)', () => {
  it('refuses a note on an approved application (409), and writes nothing', async () => {
    const outcome = await when(portal, admin, {
      method: 'POST',
      url: `/api/registrations/${VOLUNTEER1}/notes`,
      body: { note: 'Called, will bring the ID' },
    });
    thenExpect(outcome, {
      status: 409,
      body: { error: { code: 'RegistrationNotEditable', details: { status: 5 } } },
      events: [],
    });
  });

  it('answers 404 for an application that does not exist, and writes nothing', async () => {
    const outcome = await when(portal, admin, { method: 'POST', url: `/api/registrations/${UNKNOWN}/approve` });
    thenExpect(outcome, { status: 404, body: { error: { code: 'NotFound' } }, events: [] });
  });

  it('refuses a volunteer the review actions, and writes nothing', async () => {
    const outcome = await when(portal, volunteer, { method: 'POST', url: `/api/registrations/${VOLUNTEER1}/approve` });
    thenExpect(outcome, { status: 403, events: [] });
  });

  it('refuses a visitor form with a malformed field (422), and writes nothing', async () => {
    const outcome = await when(portal, 'visitor', {
      method: 'POST',
      url: '/api/registrations',
      body: { form: { personal: { title: 9 } }, submit: false },
    });
    thenExpect(outcome, { status: 422, events: [] });
  });
});
