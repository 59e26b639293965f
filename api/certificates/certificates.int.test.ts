import { createPublicKey, verify } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignAreas } from '../../commands/account/handlers.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import {
  type Browser as B,
  Browser,
  eventDetails,
  inDays,
  signedIn,
  startTestPortal,
  type TestPortal,
} from '../../tests/support/portal.ts';

let portal: TestPortal;
let staff: B;
let admin: B;
let volunteer: B;
const volunteerId = '00000000-0000-4000-8000-000000000004'; // volunteer1, عبدالله الشمري (scripts/demo-data.ts)
let eventId = '';

beforeAll(async () => {
  portal = await startTestPortal();
  staff = await signedIn(portal.app, 'staff', 'Staff@2026!');
  admin = await signedIn(portal.app, 'admin', 'Admin@2026!');
  volunteer = await signedIn(portal.app, 'volunteer1', 'Volunteer@2026!');
  const created = await staff.post(
    '/api/opportunities',
    // Its type (the category) is 2, غير صحي / Non-health (domain/lookups/seed.ts).
    eventDetails({ nameAr: 'حملة التطعيم الموسمية', nameEn: 'Seasonal vaccination', categoryId: 2 }),
  );
  eventId = created.json().opportunityId;
  await admin.post(`/api/opportunities/${eventId}/approve`);
  expect((await volunteer.post(`/api/opportunities/${eventId}/join`)).statusCode).toBe(200);
  await staff.post(`/api/opportunities/${eventId}/participants/${volunteerId}/accept`, { confirmRaise: false });
}, 60_000);
afterAll(async () => {
  await portal?.close();
});

async function approvedHours(hours: number, day: number): Promise<{ hoursId: string; position: string }> {
  const h = await staff.post(`/api/opportunities/${eventId}/participants/${volunteerId}/hours`, {
    hours,
    casesHandled: 1,
    checkIn: `${inDays(day)}T08:00:00Z`,
    checkOut: `${inDays(day)}T${String(8 + hours).padStart(2, '0')}:00:00Z`,
    rating: 5,
    review: '',
  });
  expect(h.statusCode).toBe(200);
  const ok = await admin.post(
    `/api/opportunities/${eventId}/participants/${volunteerId}/hours/${h.json().hoursId}/approve`,
  );
  expect(ok.statusCode).toBe(200);
  return { hoursId: h.json().hoursId, position: ok.json().position };
}

async function certificateEvents(): Promise<string[]> {
  const types: string[] = [];
  for await (const e of portal.runtime.store.readStream(`certificates-${volunteerId}`)) types.push(e.type);
  return types;
}

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Waits for the reconcile job (after an hours event) to settle the certificate. */
async function stateOf(certificateId: string, want: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = (await new Browser(portal.app).get(`/api/certificates/${certificateId}`)).json();
    if (v.state === want || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('certificates', () => {
  let first = '';
  let firstHoursId = '';

  it('issues a participation certificate for the approved hours; the same record is the same certificate', async () => {
    const h = await approvedHours(5, 4);
    firstHoursId = h.hoursId;
    const mine = (await volunteer.get(`/api/me/certificates?after=${h.position}`)).json();
    expect(mine.specialisationComplete).toBe(true);
    expect(mine.events).toContainEqual(expect.objectContaining({ eventId, approvedHours: 5 }));
    expect(mine.defaultYear).toBe(2020);
    expect(mine.years[0]).toBe(2018);

    const issued = await volunteer.post(`/api/me/certificates/participation/${eventId}`);
    expect(issued.statusCode).toBe(200);
    first = issued.json().certificateId;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    const again = await volunteer.post(`/api/me/certificates/participation/${eventId}`);
    expect(again.json().certificateId).toBe(first);
    expect(await certificateEvents()).toEqual(['CertificateIssued']);
  });

  it('renders the PDF in Arabic with the name and hours, by a job, then serves the same file from the cache', async () => {
    const t0 = Date.now();
    const pdf = await volunteer.get(`/api/me/certificates/${first}/pdf?lang=ar`);
    const renderMs = Date.now() - t0;
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    for (const w of words('عبدالله الشمري')) expect(text).toContain(w);
    for (const w of words('حملة التطعيم الموسمية')) expect(text).toContain(w);
    expect(text).toMatch(/5 ساعة|ساعة 5/);
    expect(text).toContain(`/ar/verify/${first}`);

    const t1 = Date.now();
    const cached = await volunteer.get(`/api/me/certificates/${first}/pdf?lang=ar`);
    expect(Date.now() - t1).toBeLessThan(Math.max(renderMs, 50));
    expect(Buffer.compare(cached.rawPayload, bytes)).toBe(0);
    const files = readdirSync(join(portal.dataDir, 'certificates'), { recursive: true }).filter((f) =>
      String(f).endsWith('.pdf'),
    );
    expect(files).toHaveLength(1);

    const en = await volunteer.get(`/api/me/certificates/${first}/pdf?lang=en`);
    const enText = (await extractText(new Uint8Array(en.rawPayload), { mergePages: true })).text;
    expect(enText).toContain('Abdullah');
    expect(enText).toContain('Seasonal vaccination');
    expect(enText).toMatch(/5 hours/);
  }, 90_000);

  it('shows the signed record to anyone, and the signature checks with the published public key alone', async () => {
    const visitor = new Browser(portal.app);
    const v = (await visitor.get(`/api/certificates/${first}`)).json();
    expect(v.state).toBe('valid');
    expect(v.signatureValid).toBe(true);
    expect(v.record.volunteer.nameAr).toBe('عبدالله محمد علي الشمري');
    expect(v.record.event.nameAr).toBe('حملة التطعيم الموسمية');
    expect(v.record.hours).toBe(5);
    expect(v.record.issuer.nameEn).toBe('Ministry of Health');

    const key = (await visitor.get('/api/certificates/public-key')).json();
    expect(key.algorithm).toBe('Ed25519');
    const publicKey = createPublicKey(key.publicKeyPem);
    const statement = JSON.stringify({ certificateId: v.certificateId, issuedAt: v.issuedAt, record: v.record });
    // The statement is canonical JSON (sorted keys); rebuilding it from the shown record gives the same bytes.
    expect(v.statement).toBe(canonical(v));
    expect(verify(null, Buffer.from(v.statement), publicKey, Buffer.from(v.signature, 'base64'))).toBe(true);
    expect(
      verify(
        null,
        Buffer.from(v.statement.replace('"hours":5', '"hours":50')),
        publicKey,
        Buffer.from(v.signature, 'base64'),
      ),
    ).toBe(false);
    expect(statement.length).toBeGreaterThan(0);
    // Someone else's certificate file is not theirs to download.
    const other = await signedIn(portal.app, 'volunteer2', 'Volunteer@2026!');
    expect((await other.get(`/api/me/certificates/${first}/pdf`)).statusCode).toBe(404);
  });

  it('re-issues when more hours are approved: the earlier certificate is superseded', async () => {
    await approvedHours(3, 5);
    const old = await stateOf(first, 'superseded');
    expect(old.state).toBe('superseded');
    const mine = (await volunteer.get('/api/me/certificates')).json();
    const current = mine.certificates.find(
      (c: { subject: string; state: string }) => c.subject === `participation:${eventId}` && c.state === 'valid',
    );
    expect(current.record.hours).toBe(8);
    expect(await certificateEvents()).toEqual(['CertificateIssued', 'CertificateSuperseded', 'CertificateIssued']);
  }, 30_000);

  it('shows a certificate as revoked when hours it certifies are rejected later', async () => {
    const mine = (await volunteer.get('/api/me/certificates')).json();
    const current = mine.certificates.find(
      (c: { state: string; kind: string }) => c.kind === 'participation' && c.state === 'valid',
    );
    // Approved hours cannot be rejected through today's commands; the rule is the reaction's, whoever rejects them.
    const { store } = portal.runtime;
    let revision = -1n;
    for await (const e of store.readStream(`participation-${eventId}_${volunteerId}`)) revision = e.revision;
    const r = await store.append(
      `participation-${eventId}_${volunteerId}`,
      [
        {
          id: crypto.randomUUID(),
          type: 'HoursRejected',
          data: { hoursId: firstHoursId },
          metadata: {
            actorId: null,
            actorRole: 3,
            correlationId: 'test-reject',
            causationId: null,
            occurredAt: new Date().toISOString(),
            clientCode: 'MOH',
            commandId: 'test-reject',
          },
        },
      ],
      { expectedRevision: revision },
    );
    await waitForPosition(portal.runtime.db, ['participations'], r.position, 5000);
    const v = await stateOf(current.certificateId, 'revoked');
    expect(v.state).toBe('revoked');
    expect(v.signatureValid).toBe(true);
    const after = (await volunteer.get('/api/me/certificates')).json();
    const valid = after.certificates.find(
      (c: { state: string; kind: string }) => c.kind === 'participation' && c.state === 'valid',
    );
    expect(valid.record.hours).toBe(3);
    expect((await certificateEvents()).slice(-2)).toEqual(['CertificateRevoked', 'CertificateIssued']);
  }, 30_000);

  it('issues the hours certificate of a year, behind its screen', async () => {
    const year = Number(inDays(5).slice(0, 4));
    const hours = await volunteer.post(`/api/me/certificates/hours/${year}`);
    expect(hours.statusCode).toBe(200);
    const none = await volunteer.post('/api/me/certificates/hours/2019');
    expect(none.json().error.code).toBe('NoHoursFound');
    expect((await volunteer.post('/api/me/certificates/hours/2017')).statusCode).toBe(422);
    const v = (await new Browser(portal.app).get(`/api/certificates/${hours.json().certificateId}`)).json();
    expect(v.record.year).toBe(year);
    expect(v.record.hours).toBe(3);
    // A volunteer's own certificates: staff are refused.
    expect((await staff.post(`/api/me/certificates/hours/${year}`)).json().error.code).toBe('YouMustBeVolunteer');
  });

  it('issues the badge and the event card; a post card is made from a name (required)', async () => {
    const badge = await volunteer.post('/api/me/certificates/badge');
    expect(badge.statusCode).toBe(200);
    const card = await volunteer.post(`/api/me/certificates/card/${eventId}`);
    expect(card.statusCode).toBe(200);
    const pdf = await volunteer.get(`/api/me/certificates/${card.json().certificateId}/pdf?lang=ar`);
    expect(pdf.statusCode, pdf.body.slice(0, 300)).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    for (const w of words('عبدالله الشمري')) expect(text).toContain(w);

    const post = await volunteer.get(`/api/post-card?name=${encodeURIComponent('ليلى')}&lang=ar`);
    expect(post.statusCode).toBe(200);
    expect((await extractText(new Uint8Array(post.rawPayload), { mergePages: true })).text).toContain('ليلى');
    expect((await volunteer.get('/api/post-card?name=%20%20')).json().error.code).toBe('PostCardNameRequired');
  }, 60_000);

  it("lets staff print a volunteer's badge (PrintIDCard): issued with the staff actor, the PDF served", async () => {
    const staffId = '00000000-0000-4000-8000-000000000002';
    const res = await staff.get(`/api/registrations/${volunteerId}/id-card?lang=en`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    expect(text).toContain('Abdullah');
    // The same record again appends nothing (the same badge, its cached file).
    const before = await certificateEvents();
    expect((await staff.get(`/api/registrations/${volunteerId}/id-card?lang=en`)).statusCode).toBe(200);
    expect(await certificateEvents()).toEqual(before);
    // volunteer2 has no badge: staff issue one, with the staff member in the event's metadata.
    const reemId = '00000000-0000-4000-8000-000000000005';
    const reem = await staff.get(`/api/registrations/${reemId}/id-card`);
    expect(reem.statusCode, reem.body.slice(0, 300)).toBe(200);
    expect(reem.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const issued = [];
    for await (const e of portal.runtime.store.readStream(`certificates-${reemId}`)) issued.push(e);
    expect(issued.map((e) => e.type)).toEqual(['CertificateIssued']);
    expect(issued[0]!.metadata).toMatchObject({ actorId: staffId, actorRole: 2 });
    expect((issued[0]!.data as { record: { kind: string } }).record.kind).toBe('badge');

    // Volunteers and visitors are refused; an unknown volunteer is not found.
    expect((await volunteer.get(`/api/registrations/${volunteerId}/id-card`)).statusCode).toBe(403);
    expect((await new Browser(portal.app).get(`/api/registrations/${volunteerId}/id-card`)).statusCode).toBe(401);
    expect((await staff.get('/api/registrations/00000000-0000-4000-8000-0000000000ff/id-card')).json().error.code).toBe(
      'NotFound',
    );

    // Staff working in another region do not see the volunteer (as with her application): not found, nothing issued.
    const ctx = (commandId: string) => ({
      actorId: null,
      actorRole: null,
      correlationId: 'test',
      causationId: null,
      clientCode: 'MOH' as const,
      commandId,
      now: new Date(),
    });
    const moved = await assignAreas(portal.runtime.store, staffId, { regionIds: [2], cityIds: [] }, ctx('areas-2'));
    await waitForPosition(portal.runtime.db, ['users'], moved, 5000);
    try {
      const stream = async () => {
        const types: string[] = [];
        for await (const e of portal.runtime.store.readStream(`certificates-${reemId}`)) types.push(e.type);
        return types;
      };
      const held = await stream();
      const out = await staff.get(`/api/registrations/${reemId}/id-card`);
      expect(out.statusCode).toBe(404);
      expect(out.json().error.code).toBe('NotFound');
      expect((await staff.get(`/api/registrations/${reemId}`)).statusCode).toBe(404);
      expect(await stream()).toEqual(held);
    } finally {
      const back = await assignAreas(portal.runtime.store, staffId, { regionIds: [1], cityIds: [] }, ctx('areas-1'));
      await waitForPosition(portal.runtime.db, ['users'], back, 5000);
    }
  }, 60_000);

  it('lists past events with hours by year, and the contributions recorded', async () => {
    const year = Number(inDays(5).slice(0, 4));
    const past = (await volunteer.get(`/api/me/past-events?year=${year}`)).json();
    expect(past.items).toContainEqual(expect.objectContaining({ eventId, approvedHours: 3 }));
    expect(past.hoursByYear).toContainEqual({ year, hours: 3, events: 1 });
    const contributions = (await volunteer.get(`/api/me/contributions?eventId=${eventId}`)).json();
    expect(contributions.items).toEqual([]);
  });

  it("issues the event-type certificate: the type's name and the hours of its events summed, in its PDF", async () => {
    // A third entry (2 h) besides the 3 h still approved: the type's certificate sums them.
    const h = await approvedHours(2, 6);
    const mine = (await volunteer.get(`/api/me/certificates?after=${h.position}`)).json();
    expect(mine.eventTypes).toEqual([{ id: 2, nameAr: 'غير صحي', nameEn: 'Non-health', hours: 5 }]);

    const issued = await volunteer.post(`/api/me/certificates/event-type/${eventId}`);
    expect(issued.statusCode, issued.body.slice(0, 300)).toBe(200);
    const id = issued.json().certificateId;
    const v = (await new Browser(portal.app).get(`/api/certificates/${id}`)).json();
    expect(v.record.kind).toBe('eventType');
    expect(v.record.eventType).toEqual({ id: 2, nameAr: 'غير صحي', nameEn: 'Non-health' });
    expect(v.record.hours).toBe(5);
    expect(v.record.hoursIds).toHaveLength(2);
    expect(v.record.events).toEqual([expect.objectContaining({ id: eventId, hours: 5 })]);

    const en = await volunteer.get(`/api/me/certificates/${id}/pdf?lang=en`);
    expect(en.statusCode, en.body.slice(0, 300)).toBe(200);
    const enText = (await extractText(new Uint8Array(en.rawPayload), { mergePages: true })).text;
    expect(enText).toContain('Non-health');
    expect(enText).toContain('Seasonal vaccination');
    expect(enText).toMatch(/5 hours/);
    const ar = await volunteer.get(`/api/me/certificates/${id}/pdf?lang=ar`);
    const arText = (await extractText(new Uint8Array(ar.rawPayload), { mergePages: true })).text;
    for (const w of words('غير صحي')) expect(arText).toContain(w);
    expect(arText).toMatch(/5 ساعة|ساعة 5/);

    // A volunteer's own certificates: staff are refused.
    expect((await staff.post(`/api/me/certificates/event-type/${eventId}`)).json().error.code).toBe(
      'YouMustBeVolunteer',
    );
  }, 60_000);
});

function canonical(v: { certificateId: string; issuedAt: string; record: unknown }): string {
  const c = (x: unknown): string =>
    x === null || typeof x !== 'object'
      ? JSON.stringify(x)
      : Array.isArray(x)
        ? `[${x.map(c).join(',')}]`
        : `{${Object.keys(x as object)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${c((x as Record<string, unknown>)[k])}`)
            .join(',')}}`;
  return c({ certificateId: v.certificateId, issuedAt: v.issuedAt, record: v.record });
}
