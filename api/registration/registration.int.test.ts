import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeForm } from '../../domain/registration/fixtures.ts';
import type { RegistrationForm } from '../../domain/registration/form.ts';
import {
  Browser,
  mailedVerificationToken,
  mailsTo,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

let seq = 0;
/** A complete form with unique values of its own. */
function uniqueForm(): RegistrationForm {
  seq++;
  const n = String(seq).padStart(4, '0');
  return completeForm({
    userName: `vol_${n}_${Date.now() % 100000}`,
    email: `vol${n}.${Date.now()}@example.org`,
    mobile: `05${String(Date.now() % 1e4).padStart(4, '0')}${n}`,
    idNumber: `10${String(Date.now() % 1e4).padStart(4, '0')}${n}`,
  });
}
async function visitor() {
  const b = new Browser(portal.app);
  b.csrf = (await b.get('/api/session')).json().csrfToken;
  return b;
}
/** Follow the mailed link, as the volunteer would, before signing in. */
async function verify(email: string) {
  const token = await mailedVerificationToken(portal, email);
  return (await visitor()).post('/api/email-verification', { token });
}
async function streamExists(stream: string) {
  for await (const _ of portal.runtime.store.readStream(stream)) return true;
  return false;
}

describe('registration by a visitor', () => {
  it('submits (status 2) with a reference number, after which the volunteer signs in and sees the status', async () => {
    const form = uniqueForm();
    const res = await (await visitor()).post('/api/registrations', { form, submit: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      status: 2,
      hasEmailVerification: true,
      referenceNumber: expect.stringMatching(/^R\d{8}-[0-9A-F]{6}$/),
    });
    const v = new Browser(portal.app);
    const early = await v.login(form.user!.userName!, form.user!.password!);
    expect(early.json().error).toMatchObject({ code: 'EmailVerification', details: { loginStatus: 7 } });
    expect((await verify(form.user!.email!)).json().result).toBe('100');
    expect((await verify(form.user!.email!)).json().result).toBe('200');
    const login = await v.login(form.user!.userName!, form.user!.password!);
    expect(login.statusCode).toBe(200);
    const session = await v.get(`/api/session?after=${res.json().position}`);
    expect(session.json().user.isRegistrationComplete).toBe(true);
    const me = await v.get('/api/registrations/me');
    expect(me.json()).toMatchObject({ status: 2, form: { personal: { firstNameAr: 'أحمد' } } });
    expect(JSON.stringify(me.json())).not.toContain(form.user!.password!);
  });

  it('saves a draft (status 1); the registration stays incomplete until submitted from the edit state', async () => {
    const form = uniqueForm();
    form.agreement = false;
    const res = await (await visitor()).post('/api/registrations', { form, submit: false });
    expect(res.json().status).toBe(1);
    await verify(form.user!.email!);
    const v = new Browser(portal.app);
    const login = await v.login(form.user!.userName!, form.user!.password!);
    expect(login.json().user.isRegistrationComplete).toBe(false);
    const edited = { ...form, agreement: true, address: { ...form.address, cityId: 2 } };
    delete edited.user!.password;
    delete edited.user!.confirmPassword;
    const put = await v.post('/api/registrations/me', undefined).then(() => v); // keep cookies fresh
    const upd = await portal.app.inject({
      method: 'PUT',
      url: '/api/registrations/me',
      headers: {
        cookie: [...put.cookies].map(([k, val]) => `${k}=${val}`).join('; '),
        'x-csrf-token': v.csrf,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ form: edited, submit: true }),
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().status).toBe(2);
    expect((await v.get('/api/registrations/me')).json().form.address.cityId).toBe(2);
  });

  it('answers a broken rule with its catalogue code and the issues, and writes nothing', async () => {
    const form = uniqueForm();
    form.personal!.birthDate = { calendar: 'gregorian', value: '2012-01-01' };
    form.agreement = false;
    const res = await (await visitor()).post('/api/registrations', { form, submit: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('InvalidAge');
    expect(res.json().error.details.issues).toEqual(
      expect.arrayContaining([
        { path: 'personal.birthDate', code: 'InvalidAge' },
        { path: 'agreement', code: 'AgreementRequired' },
      ]),
    );
    expect(await streamExists(`email-${form.user!.email}`)).toBe(false);
    expect(await streamExists(`username-${form.user!.userName!.toLowerCase()}`)).toBe(false);
  });

  it.each([
    ['email', 'EmailAlreadyExists', 'user.email'],
    ['mobile', 'MobileAlreadyExists', 'user.mobile'],
    ['idNumber', 'IdNumberAlreadyExists', 'identity.idNumber'],
    ['userName', 'UserNameAlreadyExists', 'user.userName'],
  ] as const)(
    'lets exactly one of 8 simultaneous registrations with the same %s succeed',
    async (which, code, field) => {
      const shared = uniqueForm();
      const forms = Array.from({ length: 8 }, () => {
        const f = uniqueForm();
        if (which === 'email') f.user!.email = shared.user!.email;
        if (which === 'mobile') f.user!.mobile = shared.user!.mobile;
        if (which === 'idNumber') f.identity!.idNumber = shared.identity!.idNumber;
        if (which === 'userName') f.user!.userName = shared.user!.userName;
        return f;
      });
      const browsers = await Promise.all(forms.map(() => visitor()));
      const results = await Promise.all(
        forms.map((form, i) => browsers[i]!.post('/api/registrations', { form, submit: true })),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(7);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json().error).toMatchObject({ code, details: { field } });
      // The losers' other values were released: one of them registers again with its own values, changed only in the shared one.
      const loser = forms[codes.indexOf(409)]!;
      const again = structuredClone(loser);
      const fresh = uniqueForm();
      if (which === 'email') again.user!.email = fresh.user!.email;
      if (which === 'mobile') again.user!.mobile = fresh.user!.mobile;
      if (which === 'idNumber') again.identity!.idNumber = fresh.identity!.idNumber;
      if (which === 'userName') again.user!.userName = fresh.user!.userName;
      expect((await (await visitor()).post('/api/registrations', { form: again, submit: true })).statusCode).toBe(201);
    },
  );
});

describe('review', () => {
  it('goes submitted → initially accepted → approved by reviewer and admin, with history and audit naming the actors', async () => {
    const form = uniqueForm();
    const created = (await (await visitor()).post('/api/registrations', { form, submit: true })).json();
    const id = created.volunteerId;

    const reviewer = new Browser(portal.app);
    await reviewer.login('reviewer', 'Review@2026!');
    const grid = await reviewer.get(
      `/api/registrations?status=2&pageSize=10&name=${encodeURIComponent('أحمد')}&after=${created.position}`,
    );
    expect(grid.statusCode).toBe(200);
    expect(grid.json().rows.map((r: { volunteerId: string }) => r.volunteerId)).toContain(id);

    const past = await reviewer.post(`/api/registrations/${id}/initial-accept`, {
      appointmentAt: '2020-01-01T10:00:00Z',
      location: 'HQ',
      reviewerId: '00000000-0000-4000-8000-000000000003',
    });
    expect(past.json().error.code).toBe('AppointmentInPast');
    const appointmentAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const ia = await reviewer.post(`/api/registrations/${id}/initial-accept`, {
      appointmentAt,
      location: 'المقر الرئيسي',
      reviewerId: '00000000-0000-4000-8000-000000000003',
    });
    expect(ia.statusCode).toBe(200);

    const note = await reviewer.post(`/api/registrations/${id}/notes`, { note: 'أحضر الهوية الأصلية' });
    expect(note.statusCode).toBe(200);

    const admin = new Browser(portal.app);
    await admin.login('admin', 'Admin@2026!');
    const ok = await admin.post(`/api/registrations/${id}/approve`);
    expect(ok.statusCode).toBe(200);

    await verify(form.user!.email!);
    const v = new Browser(portal.app);
    // The first sign-in after approval already knows the registration (no "complete your registration", the menu).
    const signIn = await v.login(form.user!.userName!, form.user!.password!);
    expect(signIn.json().user).toMatchObject({ isRegistrationComplete: true, registrationStatus: 5 });
    const me = (await v.get('/api/registrations/me')).json();
    expect(me).toMatchObject({
      status: 5,
      appointment: { location: 'المقر الرئيسي', reviewerName: 'نورة القحطاني' },
      notes: [{ note: 'أحضر الهوية الأصلية' }],
    });

    // The volunteer was mailed: the verification link, the appointment, the approval.
    const mails = await mailsTo(portal, form.user!.email!, 3);
    expect(mails).toHaveLength(3);
    expect(mails.some((m) => m.includes('المقر الرئيسي') && m.includes('Initial acceptance'))).toBe(true);
    expect(mails.some((m) => m.includes('Your registration is approved'))).toBe(true);

    const history = (await admin.get(`/api/registrations/${id}/history`)).json() as {
      action: string;
      actor: { nameEn: string | null; roleId: number | null };
      changes: { field: string; from: unknown; to: unknown }[];
    }[];
    expect(history.map((h) => h.action)).toEqual([
      'RegistrationSubmitted',
      'RegistrationInitiallyAccepted',
      'ApplicationNoteAdded',
      'RegistrationApproved',
    ]);
    expect(history[1]).toMatchObject({ actor: { nameEn: 'Noura Alqahtani', roleId: 4 } });
    expect(history[1]!.changes).toContainEqual({ field: 'status', from: 2, to: 3 });
    expect(history[3]).toMatchObject({
      actor: { nameEn: 'Sarah Alotaibi', roleId: 3 },
      changes: [{ field: 'status', from: 3, to: 5 }],
    });
    expect(history[0]!.changes).toContainEqual({ field: 'personal.firstNameAr', from: null, to: 'أحمد' });
    expect(JSON.stringify(history)).not.toContain('password');

    const audit = await admin.get(`/api/audit-log?recordType=registration&recordId=${id}&after=${ok.json().position}`);
    expect(audit.statusCode).toBe(200);
    expect(audit.json().rows.map((r: { action: string }) => r.action)).toEqual([
      'RegistrationApproved',
      'ApplicationNoteAdded',
      'RegistrationInitiallyAccepted',
      'RegistrationSubmitted',
    ]);
    const page1 = (await admin.get(`/api/audit-log?recordType=registration&recordId=${id}&limit=2`)).json();
    const page2 = (
      await admin.get(`/api/audit-log?recordType=registration&recordId=${id}&limit=2&before=${page1.next}`)
    ).json();
    expect([...page1.rows, ...page2.rows].map((r: { action: string }) => r.action)).toEqual([
      'RegistrationApproved',
      'ApplicationNoteAdded',
      'RegistrationInitiallyAccepted',
      'RegistrationSubmitted',
    ]);
  });

  it('refuses review actions to a volunteer with "not authorized to accept" and the grids with 403', async () => {
    const v = new Browser(portal.app);
    await v.login('volunteer2', 'Volunteer@2026!');
    const res = await v.post('/api/registrations/00000000-0000-4000-8000-000000000004/approve');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('NotAuthorizedToAccept');
    const v2 = new Browser(portal.app);
    await v2.login('volunteer1', 'Volunteer@2026!');
    expect((await v2.get('/api/registrations?status=2')).statusCode).toBe(403);
  });

  it('refuses approving an application that was not initially accepted, and rejects with a reason', async () => {
    const created = (await (await visitor()).post('/api/registrations', { form: uniqueForm(), submit: true })).json();
    const admin = new Browser(portal.app);
    await admin.login('admin', 'Admin@2026!');
    expect((await admin.post(`/api/registrations/${created.volunteerId}/approve`)).json().error.code).toBe(
      'InvalidRegistrationTransition',
    );
    expect(
      (await admin.post(`/api/registrations/${created.volunteerId}/reject`, { reason: '  ' })).json().error.code,
    ).toBe('RejectReasonRequired');
    const rejected = await admin.post(`/api/registrations/${created.volunteerId}/reject`, { reason: 'بيانات ناقصة' });
    expect(rejected.statusCode).toBe(200);
    const grid = (
      await admin.get(`/api/registrations?status=6&pageSize=1000&after=${rejected.json().position}`)
    ).json();
    expect(grid.rows.map((r: { volunteerId: string }) => r.volunteerId)).toContain(created.volunteerId);
    // The unfiltered total comes from the per-status counts the projection keeps; it must match the rows.
    for (const status of [1, 2, 3, 5, 6]) {
      const all = (
        await admin.get(`/api/registrations?status=${status}&pageSize=1000&after=${rejected.json().position}`)
      ).json();
      expect(all.total).toBe(all.rows.length);
    }
    expect((await admin.get('/api/registrations?status=6&pageSize=15')).statusCode).toBe(422);
  });
});

describe('region and city scoping of staff', () => {
  it('shows a staff member only the applications of their regions, and hides the others entirely', async () => {
    const riyadh = uniqueForm(); // region 1, city 3
    const makkah = uniqueForm();
    makkah.address = { ...makkah.address, regionId: 2, cityId: 4 };
    const inRiyadh = (await (await visitor()).post('/api/registrations', { form: riyadh, submit: true })).json();
    const inMakkah = (await (await visitor()).post('/api/registrations', { form: makkah, submit: true })).json();

    const staff = new Browser(portal.app);
    await staff.login('staff', 'Staff@2026!'); // demo staff: region 1 (Riyadh)
    const ids = async (after: string) =>
      (
        (await staff.get(`/api/registrations?status=2&pageSize=1000&after=${after}`)).json().rows as {
          volunteerId: string;
        }[]
      ).map((r) => r.volunteerId);
    const seen = await ids(inMakkah.position);
    expect(seen).toContain(inRiyadh.volunteerId);
    expect(seen).not.toContain(inMakkah.volunteerId);
    expect((await staff.get(`/api/registrations/${inMakkah.volunteerId}`)).statusCode).toBe(404);
    expect((await staff.get(`/api/registrations/${inMakkah.volunteerId}/history`)).statusCode).toBe(404);
    const act = await staff.post(`/api/registrations/${inMakkah.volunteerId}/reject`, { reason: 'x' });
    expect(act.statusCode).toBe(404);
    expect((await staff.get(`/api/registrations/${inRiyadh.volunteerId}`)).statusCode).toBe(200);

    // An admin gives the staff member the city of Makkah too: the application appears.
    const admin = new Browser(portal.app);
    await admin.login('admin', 'Admin@2026!');
    const assigned = await admin.post('/api/users/00000000-0000-4000-8000-000000000002/areas', {
      regionIds: [1],
      cityIds: [4],
    });
    expect(assigned.statusCode).toBe(200);
    expect(await ids(assigned.json().position)).toContain(inMakkah.volunteerId);
    const restored = await admin.post('/api/users/00000000-0000-4000-8000-000000000002/areas', {
      regionIds: [1],
      cityIds: [],
    });
    expect(restored.statusCode).toBe(200);
    expect(await ids(restored.json().position)).not.toContain(inMakkah.volunteerId);
  });

  it('lets only admins assign areas', async () => {
    const staff = new Browser(portal.app);
    await staff.login('staff', 'Staff@2026!');
    const res = await staff.post('/api/users/00000000-0000-4000-8000-000000000002/areas', {
      regionIds: [1, 2, 3],
      cityIds: [],
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('e-mail verification', () => {
  it('refuses a forged link', async () => {
    const res = await (await visitor()).post('/api/email-verification', {
      token: '00000000-0000-4000-8000-000000000004.forgedforgedforged',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('Error_WrongActivationLink');
  });
});

describe('uploads', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000100' +
      '05fe02fea7d6a4d20000000049454e44ae426082',
    'hex',
  );
  async function upload(bytes: Buffer, name: string, kind: string) {
    const b = await visitor();
    const boundary = '----portaltest';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return portal.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: {
        cookie: [...b.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        'x-csrf-token': b.csrf,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: body,
    });
  }

  it('stores an image checked by its content', async () => {
    const res = await upload(PNG, 'photo.png', 'personalPhoto');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ mimeType: 'image/png', size: PNG.length, name: 'photo.png' });
  });

  it('refuses text named .png as a photo (type by content, not extension)', async () => {
    const res = await upload(Buffer.from('just some text'), 'photo.png', 'personalPhoto');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('InvalidFileType');
  });

  it('refuses a file over 2 MB', async () => {
    const res = await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 65), 'big.txt', 'otherAttachment');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('FileTooLarge');
  });
});
