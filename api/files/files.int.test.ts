import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignAreas, createAccount, userIdForName } from '../../commands/account/handlers.ts';
import { formatPosition } from '../../commands/event-store/port.ts';
import { ANONYMOUS_UPLOADS_PER_SOURCE, Uploads } from '../../commands/files/ownership.ts';
import { LocalFolderStorage } from '../../commands/files/storage.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { tinyPng } from '../../tests/support/browser.ts';
import {
  Browser,
  eventDetails,
  signedIn,
  startTestPortal,
  type TestPortal,
  visitorOn,
} from '../../tests/support/portal.ts';

// Who may read an uploaded file: its owner, and registration staff who may see its volunteer; an event's images are readable by anyone
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
    ...(b.remoteAddress ? { remoteAddress: b.remoteAddress } : {}),
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
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NotFound');
    // An event image that no event shows stays private too.
    expect((await anonymous.get(`/api/files/${unused}`)).statusCode).toBe(404);
    // Unscoped registration staff read every attachment, as a download; staff limited to regions only those of
    // volunteers there (this photo belongs to no registration yet).
    const adminRead = await admin.get(`/api/files/${photoId}`);
    expect(adminRead.statusCode).toBe(200);
    expect(adminRead.headers['content-disposition']).toMatch(/^attachment;/);
    expect((await staff.get(`/api/files/${photoId}`)).statusCode).toBe(404);
  });
});

describe('uploads and their owners', () => {
  const ctx = (commandId: string) => ({
    actorId: null,
    actorRole: null,
    correlationId: 'test',
    causationId: null,
    clientCode: 'MOH' as const,
    commandId,
    now: new Date(),
  });
  let n = 0;
  const form = () => {
    n++;
    const seq = String(n).padStart(4, '0');
    return completeForm({
      userName: `owner_${seq}_${Date.now() % 100000}`,
      email: `owner${seq}.${Date.now()}@example.org`,
      mobile: `05${String(Date.now() % 1e4).padStart(4, '0')}${seq}`,
      idNumber: `10${String(Date.now() % 1e4).padStart(4, '0')}${seq}`,
    });
  };

  it('lets the browser that uploaded a file read it back, and nobody else without the right', async () => {
    const me = await visitor();
    const id = (await upload(me, PNG, 'me.png', 'personalPhoto')).json().fileId;
    expect((await me.get(`/api/files/${id}`)).statusCode).toBe(200);
    expect((await (await visitor()).get(`/api/files/${id}`)).statusCode).toBe(404);
    const stranger = await as('volunteer2', 'Volunteer@2026!');
    expect((await stranger.get(`/api/files/${id}`)).statusCode).toBe(404);
    expect((await stranger.get('/api/session')).json().user?.userName).toBe('volunteer2');
  });

  it("lets a volunteer read her own upload and not another volunteer's", async () => {
    const abdullah = await as('volunteer1', 'Volunteer@2026!');
    const reem = await as('volunteer2', 'Volunteer@2026!');
    const id = (await upload(abdullah, PNG, 'cert.png', 'training')).json().fileId;
    expect((await abdullah.get(`/api/files/${id}`)).statusCode).toBe(200);
    expect((await reem.get(`/api/files/${id}`)).statusCode).toBe(404);
  });

  it("refuses a registration that names another browser's upload (UnknownFile), writing nothing", async () => {
    const victim = await visitor();
    const theirs = (await upload(victim, PNG, 'id.png', 'idPhoto')).json().fileId;
    const f = form();
    f.idFileId = theirs;
    const res = await (await visitor()).post('/api/registrations', { form: f, submit: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'UnknownFile', details: { fileIds: [theirs] } });
    let reserved = false;
    for await (const _ of portal.runtime.store.readStream(`username-${f.user!.userName!.toLowerCase()}`))
      reserved = true;
    expect(reserved).toBe(false);
  });

  it("attaches a visitor's uploads to her registration: staff of her region read them, staff of another do not", async () => {
    const me = await visitor();
    const photo = (await upload(me, PNG, 'me.png', 'personalPhoto')).json().fileId;
    const f = form();
    f.photoFileId = photo;
    const res = await me.post('/api/registrations', { form: f, submit: true });
    expect(res.statusCode).toBe(201);
    await createAccount(
      portal.runtime.store,
      {
        userName: 'staff-east',
        name: { ar: 'موظف', en: 'East staff' },
        email: 'east@portal.localhost',
        roleId: 2,
        password: 'East@2026!x',
        mustChangePassword: false,
      },
      ctx('create-staff-east'),
    );
    await assignAreas(
      portal.runtime.store,
      (await userIdForName(portal.runtime.store, 'staff-east'))!,
      { regionIds: [5], cityIds: [] },
      ctx('areas-staff-east'),
    );
    const riyadh = await as('staff', 'Staff@2026!');
    // The registrations read model gives the volunteer's region: wait for it.
    await riyadh.get(`/api/registrations?status=2&after=${encodeURIComponent(res.json().position)}`);
    expect((await riyadh.get(`/api/files/${photo}`)).statusCode).toBe(200);
    expect((await (await as('staff-east', 'East@2026!x')).get(`/api/files/${photo}`)).statusCode).toBe(404);
  });

  it("shows an unapproved event's images to staff of its region and to the uploader, not to staff elsewhere", async () => {
    const admin = await as('admin', 'Admin@2026!');
    const image = await eventImage(admin);
    const created = await admin.post(
      '/api/opportunities',
      details({ visibility: 1, regionIds: [1], mainImageFileId: image }),
    );
    await projected(admin, created.json().opportunityId, created.json().position);
    await createAccount(
      portal.runtime.store,
      {
        userName: 'staff-north',
        name: { ar: 'موظف', en: 'North staff' },
        email: 'north@portal.localhost',
        roleId: 2,
        password: 'North@2026!x',
        mustChangePassword: false,
      },
      ctx('create-staff-north'),
    );
    const north = (await userIdForName(portal.runtime.store, 'staff-north'))!;
    const areas = await assignAreas(portal.runtime.store, north, { regionIds: [4], cityIds: [] }, ctx('areas-north'));
    const northStaff = await as('staff-north', 'North@2026!x');
    await northStaff.get(`/api/session?after=${encodeURIComponent(formatPosition(areas))}`);
    expect((await (await as('staff', 'Staff@2026!')).get(`/api/files/${image}`)).statusCode).toBe(200);
    expect((await northStaff.get(`/api/files/${image}`)).statusCode).toBe(404);
    // Her own upload, not yet on any event, she sees.
    expect((await northStaff.get(`/api/files/${await eventImage(northStaff)}`)).statusCode).toBe(200);
  });

  it('takes only the closed list of kinds', async () => {
    for (const kind of ['constructor', 'toString', '__proto__', 'script']) {
      const res = await upload(await visitor(), PNG, 'p.png', kind);
      expect([kind, res.statusCode, res.json().error.code]).toEqual([kind, 422, 'ValidationFailed']);
    }
  });

  it(`holds a source to ${ANONYMOUS_UPLOADS_PER_SOURCE} unattached anonymous uploads`, async () => {
    const b = new Browser(portal.app, '10.200.0.1');
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    for (let i = 0; i < ANONYMOUS_UPLOADS_PER_SOURCE; i++)
      expect((await upload(b, PNG, `p${i}.png`, 'personalPhoto')).statusCode).toBe(201);
    const over = await upload(b, PNG, 'one-too-many.png', 'personalPhoto');
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('UploadQuotaExceeded');
    const elsewhere = new Browser(portal.app, '10.200.0.2');
    elsewhere.csrf = (await elsewhere.get('/api/session')).json().csrfToken;
    expect((await upload(elsewhere, PNG, 'p.png', 'personalPhoto')).statusCode).toBe(201);
  });

  it('deletes anonymous uploads that no registration named once they expire, and keeps attached ones', async () => {
    const me = await visitor();
    const stale = (await upload(me, PNG, 'old.png', 'personalPhoto')).json().fileId;
    const kept = (await upload(me, PNG, 'kept.png', 'personalPhoto')).json().fileId;
    const f = form();
    f.photoFileId = kept;
    expect((await me.post('/api/registrations', { form: f, submit: false })).statusCode).toBe(201);
    await sql`update files.uploads set created_at = now() - interval '25 hours'
               where file_id in (${stale}::uuid, ${kept}::uuid)`.execute(portal.runtime.db);
    const storage = new LocalFolderStorage(join(portal.dataDir, 'files'));
    expect(await new Uploads(portal.runtime.db).sweep(storage)).toBeGreaterThanOrEqual(1);
    expect(await storage.get(stale)).toBeNull();
    expect(await storage.get(kept)).not.toBeNull();
  });
});
