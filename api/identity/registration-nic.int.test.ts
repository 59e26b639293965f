import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { askIdentityService } from '../../commands/identity/ask.ts';
import { HttpIdentityService } from '../../commands/identity/nic-service.ts';
import { registerVolunteer, updateRegistration } from '../../commands/registration/handlers.ts';
import { accountStream } from '../../domain/account/events.ts';
import type { AskIdentity } from '../../domain/identity/check.ts';
import { nicRecord } from '../../domain/identity/fixtures.ts';
import { hijriOf } from '../../domain/identity/nic.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { testContext } from '../../tests/support/command-fixtures.ts';
import {
  Browser,
  eventDetails,
  mailedVerificationToken,
  signedIn,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';
import { CITIZENS, type Citizen } from '../../workers/identity/citizens.ts';
import { type LocalNicServer, startLocalNicServer } from '../../workers/identity/local-nic-server.ts';

// The identity check of a registration against the STRICT local identity service (fixture citizens only), plus one
// citizen of this file's own for the outage case.
const LATE: Citizen = {
  subject: 'citizen-late',
  password: 'Citizen#2026',
  record: nicRecord({ nationalId: '1100000005', birthDate: '1992-02-02', birthDateHijri: hijriOf('1992-02-02') }),
};
const EDITS: Citizen = {
  subject: 'citizen-edits',
  password: 'Citizen#2026',
  record: nicRecord({ nationalId: '1100000006', birthDate: '1993-03-03', birthDateHijri: hijriOf('1993-03-03') }),
};
let nic: LocalNicServer;
let portal: TestPortal;

beforeAll(async () => {
  nic = await startLocalNicServer({ citizens: [...CITIZENS, LATE, EDITS] });
  expect(nic.mode).toBe('strict');
  portal = await startTestPortal({ nicUrl: nic.url });
}, 120_000);
afterAll(async () => {
  await portal?.close();
  await nic?.close();
});

let seq = 0;
/** A complete MOH form for this national id and Gregorian birth date, with unique values of its own. */
function formFor(nationalId: string, birthDate: string): RegistrationForm {
  seq++;
  const n = `${String(Date.now() % 1e4).padStart(4, '0')}${seq}`;
  const form = completeForm({
    userName: `nic_${n}`,
    email: `nic${n}@example.org`,
    mobile: `05${n.padStart(8, '0')}`,
    idNumber: nationalId,
  });
  form.personal!.birthDate = { calendar: 'gregorian', value: birthDate };
  return form;
}
async function visitor() {
  const b = new Browser(portal.app);
  b.csrf = (await b.get('/api/session')).json().csrfToken;
  return b;
}
async function register(form: RegistrationForm): Promise<string> {
  const res = await (await visitor()).post('/api/registrations', { form, submit: true });
  expect(res.statusCode).toBe(201);
  return res.json().volunteerId;
}
async function accountEvents(userId: string) {
  const events: { type: string; data: Record<string, unknown> }[] = [];
  for await (const e of portal.runtime.store.readStream(accountStream(userId)))
    events.push({ type: e.type, data: e.data as Record<string, unknown> });
  return events;
}
/** rm.users' flag (the join rule and InvalidNIC read it) once the projection holds every event so far. */
async function nicValidOf(userId: string) {
  await waitForPosition(portal.runtime.db, ['users'], await portal.runtime.store.lastPosition(), 10_000);
  const { rows } = await sql<{ nic_valid: boolean }>`select nic_valid from rm.users where user_id = ${userId}`.execute(
    portal.runtime.db,
  );
  return rows[0]?.nic_valid;
}
async function confirmEmail(email: string) {
  const token = await mailedVerificationToken(portal, email);
  expect((await (await visitor()).post('/api/email-verification', { token })).json().result).toBe('100');
}
async function approve(volunteerId: string) {
  const reviewer = await signedIn(portal.app, 'reviewer', 'Review@2026!');
  const ia = await reviewer.post(`/api/registrations/${volunteerId}/initial-accept`, {
    appointmentAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    location: 'HQ',
    reviewerId: '00000000-0000-4000-8000-000000000003',
  });
  expect(ia.statusCode).toBe(200);
  const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  expect((await admin.post(`/api/registrations/${volunteerId}/approve`)).statusCode).toBe(200);
}
const admin0 = () => signedIn(portal.app, 'admin', 'Admin@2026!');
/** rm.registrations' names and birth date once the projection holds every event so far. */
async function registrationRow(userId: string) {
  await waitForPosition(portal.runtime.db, ['registrations'], await portal.runtime.store.lastPosition(), 10_000);
  const { rows } = await sql<{ name_ar: string; name_en: string; birth_date: string }>`
    select name_ar, name_en, to_char(birth_date, 'YYYY-MM-DD') as birth_date from rm.registrations
     where volunteer_id = ${userId}`.execute(portal.runtime.db);
  return rows[0];
}
async function recheckJobs(userId: string) {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from jobs.queue where name = 'identity.recheck' and payload->>'userId' = ${userId}`.execute(
    portal.runtime.db,
  );
  return rows[0]!.n;
}

describe('the national identity check at registration (strict identity service)', () => {
  it('verifies a known citizen registering with the right birth date: NIC-valid, the record on the account', async () => {
    const form = formFor('1100000002', '1995-05-20');
    const userId = await register(form);
    const events = await accountEvents(userId);
    expect(events.map((e) => e.type)).toEqual(['AccountCreated', 'EmailVerificationRequested', 'IdentityVerified']);
    expect(events[0]!.data.nicValid).toBe(true);
    expect(events[2]!.data.record).toMatchObject({ nationalId: '1100000002', name: { en: { first: 'Sara' } } });
    expect(await nicValidOf(userId)).toBe(true);
    await confirmEmail(form.user!.email!);
    const signIn = await new Browser(portal.app).login(form.user!.userName!, form.user!.password!);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: userId, isNicValid: true });
  });

  it('accepts a wrong birth date not NIC-valid: sign-in answers InvalidNIC, the user verification makes it valid, then joining works', async () => {
    const form = formFor('1100000003', '1990-01-16'); // Khalid was born on 1990-01-15
    const userId = await register(form);
    const events = await accountEvents(userId);
    expect(events.map((e) => e.type)).toEqual(['AccountCreated', 'EmailVerificationRequested', 'IdentityNotVerified']);
    expect(events[0]!.data.nicValid).toBe(false);
    expect(events[2]!.data).toMatchObject({ nationalId: '1100000003', birthDate: '1990-01-16', reason: 'Invalid' });
    expect(await nicValidOf(userId)).toBe(false);
    expect(await recheckJobs(userId)).toBe(0); // an answer is final: only an outage is asked again
    await confirmEmail(form.user!.email!);
    await approve(userId);

    const v = new Browser(portal.app);
    const refused = await v.login(form.user!.userName!, form.user!.password!);
    expect(refused.json().error).toMatchObject({ code: 'InvalidNIC', details: { loginStatus: 6 } });
    expect(v.cookies.has('sid')).toBe(false);
    if (!v.csrf) v.csrf = (await v.get('/api/session')).json().csrfToken;
    // The page verifies the id the volunteer registered with, not another citizen's.
    const other = await v.post('/api/identity/verify', {
      nationalId: '1100000005',
      birthDate: { calendar: 'gregorian', value: '1992-02-02' },
    });
    expect(other.json().error).toMatchObject({ code: 'InvalidIdNo', details: { reason: 'NotRegisteredId' } });
    const wrong = await v.post('/api/identity/verify', {
      nationalId: '1100000003',
      birthDate: { calendar: 'gregorian', value: '1990-01-16' },
    });
    expect(wrong.json().error).toMatchObject({ code: 'InvalidIdNo', details: { reason: 'Invalid' } });
    const ok = await v.post('/api/identity/verify', {
      nationalId: '1100000003',
      birthDate: { calendar: 'hijri', value: hijriOf('1990-01-15') },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ next: 'login', record: { nationalId: '1100000003' } });
    expect(await nicValidOf(userId)).toBe(true);
    // The registration now has the record's birth date and names: in its history, and in the grids' rows.
    const history = (await admin0().then((a) => a.get(`/api/registrations/${userId}/history`))).json() as {
      action: string;
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    const correction = history.find((h) => h.action === 'RegistrationCorrectedFromIdentity');
    expect(correction?.changes).toEqual(
      expect.arrayContaining([
        { field: 'personal.birthDate.value', from: '1990-01-16', to: '1990-01-15' },
        { field: 'personal.firstNameAr', from: 'أحمد', to: 'خالد' },
        { field: 'personal.lastNameEn', from: 'Alqahtani', to: 'Aldosari' },
      ]),
    );
    expect(await registrationRow(userId)).toEqual({
      name_ar: 'خالد سعد فهد الدوسري',
      name_en: 'Khalid Saad Fahd Aldosari',
      birth_date: '1990-01-15',
    });

    const signIn = await v.login(form.user!.userName!, form.user!.password!);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ id: userId, isNicValid: true });
    const staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
    const admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
    const { opportunityId } = (await staff.post('/api/opportunities', eventDetails())).json();
    expect((await admin.post(`/api/opportunities/${opportunityId}/approve`)).statusCode).toBe(200);
    const joined = await v.post(`/api/opportunities/${opportunityId}/join`);
    expect(joined.statusCode).toBe(200);
  }, 60_000);

  it('accepts an id the service does not know, not NIC-valid (NotFound), and asks no more', async () => {
    const userId = await register(formFor('1012340001', '1996-03-15'));
    const last = (await accountEvents(userId)).at(-1)!;
    expect(last).toMatchObject({ type: 'IdentityNotVerified', data: { reason: 'NotFound' } });
    expect(await nicValidOf(userId)).toBe(false);
    expect(await recheckJobs(userId)).toBe(0);
  });

  it('accepts a registration while the service is down, not NIC-valid, and verifies it when the retry gets through', async () => {
    nic.setAvailable(false);
    let userId: string;
    try {
      userId = await register(formFor('1100000005', '1992-02-02'));
      const events = await accountEvents(userId);
      expect(events.map((e) => e.type)).toEqual([
        'AccountCreated',
        'EmailVerificationRequested',
        'IdentityNotVerified',
      ]);
      expect(events[2]!.data).toMatchObject({ nationalId: '1100000005', reason: 'Unavailable' });
      expect(await nicValidOf(userId)).toBe(false);
      // The recheck job was enqueued (job id = the event's) and keeps failing while the service is down.
      await expect.poll(() => recheckJobs(userId), { timeout: 10_000 }).toBe(1);
    } finally {
      nic.setAvailable(true);
    }
    await expect
      .poll(async () => (await accountEvents(userId)).map((e) => e.type), { timeout: 20_000, interval: 200 })
      .toContain('IdentityVerified');
    const verified = (await accountEvents(userId)).find((e) => e.type === 'IdentityVerified')!;
    expect(verified.data.record).toMatchObject({ nationalId: '1100000005', birthDate: '1992-02-02' });
    expect(await nicValidOf(userId)).toBe(true);
  }, 60_000);

  it('asks nothing where no check applies: a resident’s id, a client without identity verification', async () => {
    let calls = 0;
    const spy: AskIdentity = async () => {
      calls++;
      return { found: false, reason: 'NotFound' };
    };
    const ctx = (id: string) => ({ ...testContext(), commandId: `nic-unchecked-${id}-${Date.now()}` });
    // MOH, a resident (nationality 12: idType 1).
    const resident = formFor('2100000099', '1990-05-05');
    resident.identity = { ...resident.identity, nationalityId: 12, idType: 1 };
    const r1 = await registerVolunteer(
      portal.runtime.store,
      CLIENTS.MOH,
      { form: resident, submit: false },
      ctx('resident'),
      undefined,
      undefined,
      spy,
    );
    // The giga-project client verifies no identities.
    const r2 = await registerVolunteer(
      portal.runtime.store,
      CLIENTS.NEOM,
      { form: formFor('1100000098', '1990-05-05'), submit: false },
      ctx('neom'),
      undefined,
      undefined,
      spy,
    );
    expect(calls).toBe(0);
    for (const { volunteerId } of [r1, r2]) {
      const events = await accountEvents(volunteerId);
      expect(events.map((e) => e.type)).toEqual(['AccountCreated', 'EmailVerificationRequested']);
      expect(events[0]!.data.nicValid).toBe(true);
    }
    // The same MOH national registration asks once.
    await registerVolunteer(
      portal.runtime.store,
      CLIENTS.MOH,
      { form: formFor('1100000097', '1990-05-05'), submit: false },
      ctx('national'),
      undefined,
      undefined,
      spy,
    );
    expect(calls).toBe(1);
  });

  it('asks again when the volunteer changes the birth date or id number, and the answer replaces the account’s', async () => {
    const ask = askIdentityService(new HttpIdentityService(nic.url));
    const store = portal.runtime.store;
    const ctx = (id: string) => ({ ...testContext(), commandId: `nic-edit-${id}-${Date.now()}` });
    const draft = formFor('1100000006', '1993-03-03');
    const { volunteerId } = await registerVolunteer(
      store,
      CLIENTS.MOH,
      { form: draft, submit: false },
      ctx('register'),
      undefined,
      undefined,
      ask,
    );
    expect((await accountEvents(volunteerId)).at(-1)!.type).toBe('IdentityVerified');
    const types = async () => (await accountEvents(volunteerId)).map((e) => e.type);

    // Another field only: nothing asked, still verified.
    const renamed = structuredClone(draft);
    renamed.address!.district = 'النخيل';
    await updateRegistration(
      store,
      CLIENTS.MOH,
      volunteerId,
      draft,
      { form: renamed, submit: false },
      ctx('a'),
      undefined,
      ask,
    );
    expect((await types()).filter((t) => t.startsWith('Identity'))).toEqual(['IdentityVerified']);

    // A birth date that is not the holder's: not NIC-valid any more.
    const wrong = structuredClone(renamed);
    wrong.personal!.birthDate = { calendar: 'gregorian', value: '1993-03-04' };
    await updateRegistration(
      store,
      CLIENTS.MOH,
      volunteerId,
      renamed,
      { form: wrong, submit: false },
      ctx('b'),
      undefined,
      ask,
    );
    expect((await accountEvents(volunteerId)).at(-1)).toMatchObject({
      type: 'IdentityNotVerified',
      data: { nationalId: '1100000006', birthDate: '1993-03-04', reason: 'Invalid' },
    });
    expect(await nicValidOf(volunteerId)).toBe(false);

    // The right one again: verified with the record.
    await updateRegistration(
      store,
      CLIENTS.MOH,
      volunteerId,
      wrong,
      { form: renamed, submit: false },
      ctx('c'),
      undefined,
      ask,
    );
    expect((await types()).filter((t) => t.startsWith('Identity'))).toEqual([
      'IdentityVerified',
      'IdentityNotVerified',
      'IdentityVerified',
    ]);
    expect(await nicValidOf(volunteerId)).toBe(true);
  });
});
