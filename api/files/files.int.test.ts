import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../../tests/support/browser.ts';
import {
  type Browser,
  eventDetails,
  signedIn,
  startTestPortal,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';

// Who may read an uploaded file: registration staff read every attachment; an event's images are readable by anyone
// only while the event is approved, open to all and not deleted (and by the staff who manage events, for the form).

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

const PNG = tinyPng();
const details = (over: object = {}) =>
  eventDetails({
    nameAr: 'فعالية بالصور',
    nameEn: 'Event with pictures',
    leadName: 'Lead',
    volunteeringDays: [0, 1, 2],
    ...over,
  });

const as = (user: string, password: string) => signedIn(portal.app, user, password);
const visitor = () => visitorOn(portal.app);

async function upload(b: Browser, bytes: Buffer, name: string, kind: string) {
  const boundary = '----portalfiles';
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

async function eventImage(staff: Browser): Promise<string> {
  const res = await upload(staff, PNG, 'picture.png', 'eventImage');
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ mimeType: 'image/png', kind: 'eventImage' });
  return res.json().fileId;
}

/** Waits until the events read model holds a command (the file route reads it without ?after=). */
async function projected(b: Browser, opportunityId: string, position: string) {
  const res = await b.get(`/api/opportunities/${opportunityId}?after=${encodeURIComponent(position)}`);
  expect(res.statusCode).toBe(200);
}

describe('uploading event images', () => {
  it('takes an image checked by its content from staff who manage events', async () => {
    const staff = await as('staff', 'Staff@2026!');
    await eventImage(staff);
    const text = await upload(staff, Buffer.from('not a picture at all'), 'fake.png', 'eventImage');
    expect(text.statusCode).toBe(422);
    expect(text.json().error.code).toBe('InvalidFileType');
    const pdf = await upload(staff, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'a.pdf', 'eventImage');
    expect(pdf.json().error.code).toBe('InvalidFileType');
    const big = await upload(staff, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'eventImage');
    expect(big.statusCode).toBe(422);
    expect(big.json().error.code).toBe('FileTooLarge');
  });

  it('refuses event images from a visitor (401) and from a volunteer (403)', async () => {
    const anonymous = await upload(await visitor(), PNG, 'p.png', 'eventImage');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('Unauthorized');
    const volunteer = await upload(await as('volunteer2', 'Volunteer@2026!'), PNG, 'p.png', 'eventImage');
    expect(volunteer.statusCode).toBe(403);
    expect(volunteer.json().error.code).toBe('Forbidden');
  });
});

describe('reading event images', () => {
  it('serves the main image and the gallery of an approved public event to anyone, and refuses them once it is deleted', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const main = await eventImage(staff);
    const gallery = await eventImage(staff);
    const created = await staff.post(
      '/api/opportunities',
      details({ mainImageFileId: main, galleryFileIds: [gallery] }),
    );
    expect(created.statusCode).toBe(201);
    const { opportunityId } = created.json();
    await projected(staff, opportunityId, created.json().position);

    // Pending approval: not public yet, but the staff's form can show it.
    const anonymous = await visitor();
    const early = await anonymous.get(`/api/files/${main}`);
    expect(early.statusCode).toBe(404);
    expect(early.json().error.code).toBe('NotFound');
    expect((await staff.get(`/api/files/${main}`)).statusCode).toBe(200);

    const approved = await admin.post(`/api/opportunities/${opportunityId}/approve`);
    await projected(admin, opportunityId, approved.json().position);
    for (const id of [main, gallery]) {
      const res = await anonymous.get(`/api/files/${id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['content-disposition']).toMatch(/^inline;/);
      expect(res.rawPayload.equals(PNG)).toBe(true);
    }

    const deleted = await admin.post(`/api/opportunities/${opportunityId}/delete`, { reason: 'Cancelled by lead' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().pendingApproval).toBe(false);
    await projected(admin, opportunityId, deleted.json().position);
    expect((await anonymous.get(`/api/files/${main}`)).statusCode).toBe(404);
    expect((await anonymous.get(`/api/files/${gallery}`)).statusCode).toBe(404);
  });

  it('refuses the images of an approved event that is not open to all, without ending a volunteer session', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    const main = await eventImage(staff);
    const created = await staff.post(
      '/api/opportunities',
      details({ visibility: 1, regionIds: [1], mainImageFileId: main }),
    );
    const { opportunityId } = created.json();
    const approved = await admin.post(`/api/opportunities/${opportunityId}/approve`);
    await projected(admin, opportunityId, approved.json().position);

    expect((await (await visitor()).get(`/api/files/${main}`)).statusCode).toBe(404);
    const volunteer = await as('volunteer1', 'Volunteer@2026!');
    const refused = await volunteer.get(`/api/files/${main}`);
    expect(refused.statusCode).toBe(404);
    expect((await volunteer.get('/api/session')).json().user?.userName).toBe('volunteer1');
  });

  it('never makes another kind of file public by naming it as an event image', async () => {
    const staff = await as('staff', 'Staff@2026!');
    const admin = await as('admin', 'Admin@2026!');
    // A visitor's registration photo (any visitor may upload one), put in a public event's gallery.
    const photo = await upload(await visitor(), PNG, 'me.png', 'personalPhoto');
    expect(photo.statusCode).toBe(201);
    const photoId = photo.json().fileId;
    const unused = await eventImage(staff);
    const created = await staff.post('/api/opportunities', details({ galleryFileIds: [photoId] }));
    const { opportunityId } = created.json();
    const approved = await admin.post(`/api/opportunities/${opportunityId}/approve`);
    await projected(admin, opportunityId, approved.json().position);

    const anonymous = await visitor();
    const res = await anonymous.get(`/api/files/${photoId}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('Unauthorized');
    // An event image that no event shows stays private too.
    expect((await anonymous.get(`/api/files/${unused}`)).statusCode).toBe(404);
    // Registration staff still read every attachment, as a download.
    const staffRead = await staff.get(`/api/files/${photoId}`);
    expect(staffRead.statusCode).toBe(200);
    expect(staffRead.headers['content-disposition']).toMatch(/^attachment;/);
  });
});
