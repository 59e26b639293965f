import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForPosition } from '../../projections/runner/status.ts';
import { tinyPng } from '../../tests/support/browser.ts';
import { type Browser, inDays, signedIn, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';

// First responders through the API: the volunteer's request with its certificate file, the responder admin's lists
// and decisions, and who may do what.

const VOLUNTEER1 = '00000000-0000-4000-8000-000000000004';

let portal: TestPortal;
let volunteer: Browser;
let volunteer2: Browser;
let responder: Browser;
let staff: Browser;

beforeAll(async () => {
  // The demo data's responder admin (role 6).
  portal = await startTestPortal();
  const head = await portal.runtime.store.lastPosition();
  expect(await waitForPosition(portal.runtime.db, ['users', 'permissions'], head, 30_000)).toBe(true);
  volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
  volunteer2 = await signedIn(portal.app, 'volunteer2', 'Volunteer@2026!');
  responder = await signedIn(portal.app, 'responder', 'Responder@2026!');
  staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
});
afterAll(async () => {
  await portal?.close();
});

async function certificate(b: Browser, kind = 'firstResponderCertificate'): Promise<string> {
  const res = await b.upload(kind, 'bls.png', tinyPng());
  expect(res.statusCode).toBe(201);
  return res.json().fileId;
}
const streamTypes = async (stream: string) => {
  const types: string[] = [];
  for await (const e of portal.runtime.store.readStream(stream)) types.push(e.type);
  return types;
};
const listed = async (list: string, after: string) => {
  const res = await responder.get(`/api/first-responders?list=${list}&after=${after}&pageSize=50`);
  expect(res.statusCode).toBe(200);
  return res.json().rows as { volunteerId: string; volunteerNameEn: string | null; status: string }[];
};

describe('a volunteer’s first-responder request through the API', () => {
  it('starts in registration mode, without an employee code for this client', async () => {
    const res = await volunteer.get('/api/me/first-responder');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ request: null, employeeCodeRequired: false });
  });

  it('refuses an incomplete request with GenericFillFormError and writes nothing', async () => {
    const fileId = await certificate(volunteer);
    const res = await volunteer.post('/api/me/first-responder', {
      certificateExpiryDate: inDays(100),
      hasBls: false,
      fileId,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('GenericFillFormError');
    expect(await streamTypes(`firstresponder-${VOLUNTEER1}`)).toEqual([]);
  });

  it('refuses a certificate another volunteer uploaded, or a file of another kind (UnknownFile)', async () => {
    const others = await certificate(volunteer2);
    const photo = await certificate(volunteer, 'otherAttachment');
    for (const fileId of [others, photo]) {
      const res = await volunteer.post('/api/me/first-responder', {
        certificateExpiryDate: inDays(100),
        hasBls: true,
        fileId,
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error.code).toBe('UnknownFile');
    }
    expect(await streamTypes(`firstresponder-${VOLUNTEER1}`)).toEqual([]);
  });

  it('goes through request → reject → undo → approve, each list showing it in turn', async () => {
    const fileId = await certificate(volunteer);
    const sent = await volunteer.post('/api/me/first-responder', {
      certificateExpiryDate: inDays(100),
      hasBls: true,
      fileId,
    });
    expect(sent.statusCode).toBe(200);
    const mine = (await volunteer.get(`/api/me/first-responder?after=${sent.json().position}`)).json();
    expect(mine.request).toMatchObject({ status: 'pending', hasBls: true, fileId });

    // Update mode: a second request is refused, an update is taken.
    const again = await volunteer.post('/api/me/first-responder', {
      certificateExpiryDate: inDays(100),
      hasBls: true,
      fileId,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('InvalidStatusChange');
    const updated = await volunteer.post('/api/me/first-responder/update', {
      certificateExpiryDate: inDays(120),
      hasBls: true,
      fileId,
    });
    expect(updated.statusCode).toBe(200);

    const requests = await listed('requests', updated.json().position);
    expect(requests.find((r) => r.volunteerId === VOLUNTEER1)).toMatchObject({
      volunteerNameEn: 'Abdullah Alshammari',
    });
    // The responder admin reads the certificate; another volunteer does not.
    expect((await responder.get(`/api/files/${fileId}`)).statusCode).toBe(200);
    expect((await volunteer2.get(`/api/files/${fileId}`)).statusCode).toBe(404);

    const rejected = await responder.post(`/api/first-responders/${VOLUNTEER1}/reject`, { reason: 'Unreadable' });
    expect(rejected.statusCode).toBe(200);
    expect((await listed('rejected', rejected.json().position)).map((r) => r.volunteerId)).toContain(VOLUNTEER1);
    expect((await listed('requests', rejected.json().position)).map((r) => r.volunteerId)).not.toContain(VOLUNTEER1);

    const undone = await responder.post(`/api/first-responders/${VOLUNTEER1}/undo-rejection`);
    expect(undone.statusCode).toBe(200);
    expect((await listed('requests', undone.json().position)).map((r) => r.volunteerId)).toContain(VOLUNTEER1);

    const approved = await responder.post(`/api/first-responders/${VOLUNTEER1}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await listed('approved', approved.json().position)).map((r) => r.volunteerId)).toContain(VOLUNTEER1);
    const seen = (await volunteer.get(`/api/me/first-responder?after=${approved.json().position}`)).json();
    expect(seen.request.status).toBe('approved');

    expect(await streamTypes(`firstresponder-${VOLUNTEER1}`)).toEqual([
      'FirstResponderRequested',
      'FirstResponderRequestUpdated',
      'FirstResponderRejected',
      'FirstResponderRejectionUndone',
      'FirstResponderApproved',
    ]);
    // An approved request is no longer the volunteer's to change.
    const late = await volunteer.post('/api/me/first-responder/update', {
      certificateExpiryDate: inDays(150),
      hasBls: true,
      fileId,
    });
    expect(late.statusCode).toBe(409);
  });

  it('answers NotFound for a decision on a volunteer without a request', async () => {
    const res = await responder.post('/api/first-responders/00000000-0000-4000-8000-000000000006/approve');
    expect(res.statusCode).toBe(404);
  });

  it('keeps the lists and decisions to the responder admins, and the request to volunteers', async () => {
    expect((await staff.get('/api/first-responders')).statusCode).toBe(403);
    expect((await volunteer.get('/api/first-responders')).statusCode).toBe(403);
    expect((await staff.post(`/api/first-responders/${VOLUNTEER1}/approve`)).statusCode).toBe(403);
    // The own-request screen is the volunteer's (spec: YouMustBeVolunteer).
    expect((await responder.get('/api/me/first-responder')).json().error.code).toBe('YouMustBeVolunteer');
  });
});
