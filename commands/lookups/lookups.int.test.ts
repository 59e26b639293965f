import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupStream } from '../../domain/lookups/kinds.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { DomainError, type ErrorCode } from '../../domain/shared/errors.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import { Browser, startTestPortal, type TestPortal } from '../../tests/support/portal.ts';
import { formatPosition } from '../event-store/port.ts';
import type { CommandContext } from '../handle.ts';
import {
  addLookupItem,
  changeLookupItemFlags,
  deactivateLookupItem,
  reactivateLookupItem,
  renameLookupItem,
} from './handlers.ts';
import { seedLookups } from './seed.ts';

let portal: TestPortal;
beforeAll(async () => {
  portal = await startTestPortal();
});
afterAll(async () => {
  await portal?.close();
});

let n = 0;
const ctx = (): CommandContext => ({
  actorId: null,
  actorRole: 3,
  correlationId: 'lookups-test',
  clientCode: 'MOH',
  commandId: `lookups-test-${++n}`,
  now: new Date(),
});
const store = () => portal.runtime.store;
async function lookups(after?: string) {
  const res = await new Browser(portal.app).get(`/api/lookups${after ? `?after=${after}` : ''}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}
async function refusal(run: () => Promise<unknown>): Promise<ErrorCode | null> {
  try {
    await run();
    return null;
  } catch (e) {
    if (e instanceof DomainError) return e.code;
    throw e;
  }
}
async function streamLength(stream: string) {
  let count = 0;
  for await (const _ of store().readStream(stream)) count++;
  return count;
}

describe('seeded master data', () => {
  it('answers GET /api/lookups from the read model, in the shape the forms know', async () => {
    const body = await lookups();
    expect(body.regions.map((r: { id: number }) => r.id)).not.toContain(16);
    expect(body.regions[0]).toEqual({ id: 1, nameAr: 'الرياض', nameEn: 'Riyadh' });
    expect(body.cities).toContainEqual({ id: 5, nameAr: 'جدة', nameEn: 'Jeddah', regionId: 2 });
    expect(body.nationalities[0]).toEqual({ id: 44, nameAr: 'سعودي', nameEn: 'Saudi', flags: { national: true } });
    expect(body.subCategoriesLevel2).toContainEqual({
      id: 4,
      nameAr: 'إسعاف ميداني',
      nameEn: 'Field emergency care',
      level1Id: 4,
    });
    expect(body.covidContactStatuses.map((s: { id: number }) => s.id)).toEqual([0, 1, 2]);
  });

  it('seeds once: a second start adds nothing', async () => {
    const before = await streamLength(lookupStream('city'));
    expect((await seedLookups(store(), 'MOH')).added).toBe(0);
    expect(await streamLength(lookupStream('city'))).toBe(before);
  });
});

describe('lookups are data', () => {
  it('a city renamed through the command shows under its new name (read-your-writes)', async () => {
    const r = await renameLookupItem(
      store(),
      'city',
      3,
      { nameAr: 'الدرعية التاريخية', nameEn: 'Historic Diriyah' },
      ctx(),
    );
    const body = await lookups(formatPosition(r.position));
    expect(body.cities).toContainEqual({ id: 3, nameAr: 'الدرعية التاريخية', nameEn: 'Historic Diriyah', regionId: 1 });
  });

  it('a nationality flagged national makes the registration rule follow: its holders get id type 0', async () => {
    const r = await changeLookupItemFlags(store(), 'nationality', 12, { national: true }, ctx());
    expect((await lookups(formatPosition(r.position))).nationalities).toContainEqual({
      id: 12,
      nameAr: 'مصري',
      nameEn: 'Egyptian',
      flags: { national: true },
    });
    const form = completeForm({
      userName: 'lookup_vol_1',
      email: 'lookup.vol1@example.org',
      mobile: '0551230001',
      idNumber: '1051230001',
    });
    form.identity = { ...form.identity, nationalityId: 12, idType: 0 };
    const b = new Browser(portal.app);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    const saved = await b.post('/api/registrations', { form, submit: false });
    expect(saved.statusCode).toBe(201);
    const stored: unknown[] = [];
    for await (const e of store().readStream(`registration-${saved.json().volunteerId}`)) stored.push(e.data);
    expect(stored[0]).toMatchObject({ form: { identity: { nationalityId: 12, idType: 0 } } });
  });

  it('a region flagged as left out of registration leaves the list and refuses registrations', async () => {
    const r = await changeLookupItemFlags(store(), 'region', 13, { excludedFromRegistration: true }, ctx());
    const body = await lookups(formatPosition(r.position));
    expect(body.regions.map((x: { id: number }) => x.id)).not.toContain(13);
    const form = completeForm({
      userName: 'lookup_vol_2',
      email: 'lookup.vol2@example.org',
      mobile: '0551230002',
      idNumber: '1051230002',
    });
    form.address = { ...form.address, regionId: 13, cityId: 23 };
    const b = new Browser(portal.app);
    b.csrf = (await b.get('/api/session')).json().csrfToken;
    const res = await b.post('/api/registrations', { form, submit: false });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.issues).toContainEqual({ path: 'address.regionId', code: 'RegionNotAllowed' });
  });
});

describe('the read model and the cache', () => {
  it('keeps names, parent, flags and display order in rm.lookups', async () => {
    const { rows } = await sql<{
      id: number;
      parent_id: number | null;
      flags: object;
      active: boolean;
      position: number;
    }>`
      select id, parent_id, flags, active, position from rm.lookups where kind = 'nationality' order by position`.execute(
      portal.runtime.db,
    );
    expect(rows.slice(0, 2)).toEqual([
      { id: 44, parent_id: null, flags: { national: true }, active: true, position: 0 },
      { id: 12, parent_id: null, flags: expect.any(Object), active: true, position: 1 },
    ]);
  });

  it('reloads only after a lookup change: the same snapshot until then', async () => {
    const cache = portal.runtime.lookups;
    const first = await cache.current();
    expect(await cache.current()).toBe(first);
    const r = await renameLookupItem(
      store(),
      'workField',
      6,
      { nameAr: 'التطوع عن بعد', nameEn: 'Remote volunteering' },
      ctx(),
    );
    await waitForPosition(portal.runtime.db, ['lookups'], r.position);
    const next = await cache.current();
    expect(next).not.toBe(first);
    expect(next.get('workField', 6)?.nameEn).toBe('Remote volunteering');
    expect(cache.snapshot).toBe(next);
  });
});

describe('master data rules through the commands', () => {
  it('adds an item with the next id; refuses duplicates and blank names, writing nothing', async () => {
    const added = await addLookupItem(store(), 'skill', { nameAr: 'إسعافات أولية', nameEn: 'First aid' }, ctx());
    expect(added.id).toBe(1);
    const length = await streamLength(lookupStream('skill'));
    expect(await refusal(() => addLookupItem(store(), 'skill', { nameAr: 'أخرى', nameEn: 'FIRST AID' }, ctx()))).toBe(
      'LookupAlreadyExists',
    );
    expect(await refusal(() => addLookupItem(store(), 'skill', { nameAr: ' ', nameEn: 'Driving' }, ctx()))).toBe(
      'AllFieldsRequired',
    );
    expect(await streamLength(lookupStream('skill'))).toBe(length);
  });

  it('keeps a region with active cities; a city needs an active region', async () => {
    const region = await addLookupItem(store(), 'region', { nameAr: 'منطقة تجريبية', nameEn: 'Test region' }, ctx());
    const city = await addLookupItem(
      store(),
      'city',
      { nameAr: 'مدينة تجريبية', nameEn: 'Test city', parentId: region.id },
      ctx(),
    );
    expect(await refusal(() => deactivateLookupItem(store(), 'region', region.id, ctx()))).toBe('ChildAreasActive');
    await deactivateLookupItem(store(), 'city', city.id, ctx());
    const off = await deactivateLookupItem(store(), 'region', region.id, ctx());
    expect(
      await refusal(() =>
        addLookupItem(store(), 'city', { nameAr: 'أخرى', nameEn: 'Another', parentId: region.id }, ctx()),
      ),
    ).toBe('LookupParentInvalid');
    expect(await refusal(() => reactivateLookupItem(store(), 'city', city.id, ctx()))).toBe('LookupParentInvalid');
    // Deactivated items leave the forms' lists, but keep their ids (events and read models refer to them).
    const body = await lookups(formatPosition(off.position));
    expect(body.regions.map((x: { id: number }) => x.id)).not.toContain(region.id);
    expect(body.cities.map((x: { id: number }) => x.id)).not.toContain(city.id);
    expect((await portal.runtime.lookups.current()).get('city', city.id)?.active).toBe(false);
  });
});
