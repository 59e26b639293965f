import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { uniqueRegistrationForm } from '../../tests/support/command-fixtures.ts';
import { type Browser, signedIn, startTestPortal, type TestPortal, visitorOn } from '../../tests/support/portal.ts';

// Practitioners through the API: a registration carrying a CFHS number is checked with the licensing register (the
// local adapter's fixture licences), and the status 1–9, classification and expiry show on the registration detail
// and in the grid; the registration response carries the course link (Course_URL).

const COURSE = 'https://learn.example.org/practitioners';
let portal: TestPortal;
let admin: Browser;

beforeAll(async () => {
  portal = await startTestPortal({ courseUrl: COURSE });
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
});
afterAll(async () => {
  await portal?.close();
});

const withLicence = (cfhsNumber: string): RegistrationForm => {
  const form = uniqueRegistrationForm('prac');
  return { ...form, practitioner: { ...form.practitioner, cfhsNumber } };
};

async function register(form: RegistrationForm, submit = true) {
  const res = await (await visitorOn(portal.app)).post('/api/registrations', { form, submit });
  expect(res.statusCode).toBe(201);
  return res.json() as { volunteerId: string; courseUrl: string | null; position: string };
}

/** The registration detail once the licence check (a job after the save) has been recorded. */
async function checkedDetail(volunteerId: string) {
  for (let i = 0; i < 100; i++) {
    const d = (await admin.get(`/api/registrations/${volunteerId}`)).json();
    if (d.practitioner) return d;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the licence was never checked');
}

describe('a practitioner’s registration', () => {
  it('answers the course link when submitted with a CFHS number, and not for a draft or without one', async () => {
    expect((await register(withLicence('12RM0012345'))).courseUrl).toBe(COURSE);
    expect((await register(withLicence('12RM0012345'), false)).courseUrl).toBeNull();
    expect((await register(uniqueRegistrationForm('plain'))).courseUrl).toBeNull();
    expect((await admin.get('/api/config')).json().courseUrl).toBe(COURSE);
  });

  it('shows the status and classification the register answers on the detail and in the grid', async () => {
    const { volunteerId } = await register(withLicence('12RM0012345'));
    const detail = await checkedDetail(volunteerId);
    expect(detail.practitioner).toMatchObject({
      cfhsNumber: '12RM0012345',
      statusId: 8,
      classificationAr: 'ممرض',
      classificationEn: 'Nurse',
      licenceExpiryDate: '2028-06-30',
    });
    const grid = (await admin.get('/api/registrations?status=2&pageSize=1000')).json();
    const row = grid.rows.find((r: { volunteerId: string }) => r.volunteerId === volunteerId);
    expect(row.practitioner).toMatchObject({ statusId: 8, classificationEn: 'Nurse' });
  });

  it('reads a valid licence past its expiry day as expired (9)', async () => {
    const { volunteerId } = await register(withLicence('10RM0000001'));
    expect((await checkedDetail(volunteerId)).practitioner).toMatchObject({
      statusId: 9,
      licenceExpiryDate: '2024-01-31',
    });
  });

  it('records a number the register does not know as unknown (7)', async () => {
    const { volunteerId } = await register(withLicence('99XX0000000'));
    expect((await checkedDetail(volunteerId)).practitioner).toMatchObject({ statusId: 7, classificationEn: null });
  });

  it('has no practitioner for a registration without a CFHS number', async () => {
    const { volunteerId, position } = await register(uniqueRegistrationForm('none'));
    const d = (await admin.get(`/api/registrations/${volunteerId}?after=${position}`)).json();
    expect(d.practitioner).toBeNull();
  });
});
