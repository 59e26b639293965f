import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { press, setValue } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// The events map with leaflet (issue 11), in Arabic and in English: a visitor filters the events by region and finds
// them on the map (two close events as one cluster, opened with Enter into two markers; a marker's popup links to
// the event), the event's marker on its details page, and staff pick an event's place on the map in the event form.
// axe-core checks the map and details pages in both languages, on a desktop and at a phone size (375×667).

const site = journey();

/** A signed-in API client (cookies and the CSRF header, as the web app sends them). */
async function apiAs(userName: string, password: string) {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      const i = pair.indexOf('=');
      cookies.set(pair.slice(0, i), pair.slice(i + 1));
    }
    return res;
  };
  const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  let csrf: string = (await keep(await fetch(`${site.url}/api/session`)).json()).csrfToken;
  const send = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const res = keep(
      await fetch(`${site.url}${path}`, {
        method,
        headers: {
          cookie: cookie(),
          'x-csrf-token': csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  csrf = (await send('POST', '/api/session/login', { userName, password, language: 1 })).csrfToken;
  return { post: (path: string, body?: unknown) => send('POST', path, body), get: (path: string) => send('GET', path) };
}

const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const stamp = String(Date.now()).slice(-6);
const names = {
  near1: { ar: `فعالية الخريطة أ ${stamp}`, en: `Map event A ${stamp}` },
  near2: { ar: `فعالية الخريطة ب ${stamp}`, en: `Map event B ${stamp}` },
  elsewhere: { ar: `فعالية الخريطة ج ${stamp}`, en: `Map event C ${stamp}` },
  remote: { ar: `فعالية الخريطة عن بعد ${stamp}`, en: `Map remote event ${stamp}` },
};
const TEXT = {
  ar: { region: 'المنطقة', search: 'بحث', details: 'عرض التفاصيل' },
  en: { region: 'Region', search: 'Search', details: 'View details' },
};
const ids: Record<keyof typeof names, string> = { near1: '', near2: '', elsewhere: '', remote: '' };
let regionA = 0;

beforeAll(async () => {
  const staff = await apiAs('staff', 'Staff@2026!');
  const admin = await apiAs('admin', 'Admin@2026!');
  const lookups = await staff.get('/api/lookups');
  const [a, b] = lookups.regions as { id: number }[];
  regionA = a!.id;
  const create = async (
    key: keyof typeof names,
    over: { regionId: number; latitude: number; longitude: number; attendanceType?: number },
  ) => {
    const { opportunityId } = await staff.post('/api/opportunities', {
      code: `MAP-${key.slice(0, 4).toUpperCase()}-${stamp}`,
      nameAr: names[key].ar,
      nameEn: names[key].en,
      leadName: 'خالد الحربي',
      leadMobile: '0551234567',
      leadEmail: 'lead@example.org',
      visibility: 0,
      regionIds: [],
      cityIds: [],
      maxInvitations: 10,
      maxContributions: 5,
      startDate: utcDay(5),
      endDate: utcDay(6),
      gender: 3,
      timePeriod: 1,
      volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
      attendanceType: 1,
      maxHours: 6,
      ...over,
    });
    ids[key] = opportunityId;
    return admin.post(`/api/opportunities/${opportunityId}/approve`);
  };
  // Two events about a kilometre apart in Riyadh (one cluster at a city zoom), one in Jeddah in another region, and a
  // remote one with coordinates in the first region (never on the map).
  await create('near1', { regionId: regionA, latitude: 24.711, longitude: 46.674 });
  await create('near2', { regionId: regionA, latitude: 24.718, longitude: 46.681 });
  await create('elsewhere', { regionId: b!.id, latitude: 21.543, longitude: 39.172 });
  const last = await create('remote', { regionId: regionA, latitude: 24.72, longitude: 46.69, attendanceType: 3 });
  // The read model has every approval before the browser looks (read-your-writes through ?after=).
  const markers = (await fetch(`${site.url}/api/opportunities/map?regionId=${regionA}&after=${last.position}`).then(
    (r) => r.json(),
  )) as { id: string }[];
  const onMap = markers.map((m) => m.id);
  expect(onMap).toEqual(expect.arrayContaining([ids.near1, ids.near2]));
  expect(onMap).not.toContain(ids.elsewhere);
  expect(onMap).not.toContain(ids.remote);
}, 60_000);

/** The label's control (Mantine ties each label to its field with for/id). */
async function controlOf(page: Page, label: string): Promise<string> {
  const id = await page.$$eval(
    'label',
    (labels, text) => labels.find((l) => l.textContent?.trim() === text)?.getAttribute('for') ?? '',
    label,
  );
  if (!id) throw new Error(`no field labelled ${label}`);
  return `[id="${id}"]`;
}

const markerOf = (name: string) => `[data-testid="map-marker"][aria-label="${name}"]`;

for (const lang of ['ar', 'en'] as const) {
  describe(`the events map (${lang})`, () => {
    const t = TEXT[lang];
    const mapPath = `/${lang}/events?view=map`;

    it('a volunteer filters by region, opens the cluster and a marker with the keyboard, and reaches the event', async () => {
      const page = await site.page();
      // The map is public; the event's details ask for a sign-in, so the journey signs in first.
      await site.signIn(page, 'volunteer1', 'Volunteer@2026!', lang);
      await page.goto(`${site.url}${mapPath}`, { waitUntil: 'networkidle2' });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.waitForSelector('[data-testid="event-map"] .leaflet-container');
      const region = await controlOf(page, t.region);
      await page.select(region, String(regionA));
      const filtered = page.waitForResponse(
        (r) => r.url().includes('/api/opportunities/map?') && r.url().includes(`regionId=${regionA}`),
      );
      await press(page, `::-p-aria([name="${t.search}"][role="button"])`);
      await page.waitForFunction((r) => location.search.includes(`regionId=${r}`), {}, regionA);
      await filtered;
      await page.waitForSelector('[data-testid="map-list"]:not([aria-busy="true"])');
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"] [data-testid="map-list"]'));
      // The list under the map: the region's two events, not the other region's nor the remote one.
      await page.waitForFunction(
        (a, b) => {
          const text = document.querySelector('[data-testid="map-list"]')?.textContent ?? '';
          return text.includes(a) && text.includes(b);
        },
        {},
        names.near1[lang],
        names.near2[lang],
      );
      const listed = await page.$eval('[data-testid="map-list"]', (l) => l.textContent ?? '');
      expect(listed).not.toContain(names.elsewhere[lang]);
      expect(listed).not.toContain(names.remote[lang]);
      // The countries are drawn (offline base layer), Saudi Arabia among them.
      await page.waitForSelector('[data-testid="event-map"] path');

      const cluster = await page.waitForSelector('[data-testid="map-cluster"]');
      const clusterName = await cluster!.evaluate((e) => [e.getAttribute('aria-label'), e.getAttribute('tabindex')]);
      expect(clusterName[0]).toMatch(lang === 'ar' ? /^2 فعاليات/ : /^2 events/);
      expect(clusterName[1]).toBe('0');
      await expectAccessible(page);

      await cluster!.focus();
      await page.keyboard.press('Enter');
      await page.waitForSelector(markerOf(names.near1[lang]));
      await page.waitForSelector(markerOf(names.near2[lang]));
      // The focus moved from the gone cluster to a marker that replaced it.
      await page.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'map-marker');
      // Leaflet's stylesheet and marker images come with the lazy chunk, from the portal itself.
      const images = await page.$$eval('[data-testid="event-map"] img.leaflet-marker-icon', (imgs) =>
        imgs.map((i) => (i as HTMLImageElement).src),
      );
      expect(images.length).toBeGreaterThan(0);
      for (const src of images) expect(src.startsWith('data:image/png') || new URL(src).origin === site.url).toBe(true);

      await expectAccessible(page);

      const marker = await page.$(markerOf(names.near1[lang]));
      await marker!.focus();
      await page.keyboard.press('Enter');
      const link = await page.waitForSelector('[data-testid="map-popup"] a');
      expect(await link!.evaluate((a) => a.textContent)).toBe(t.details);
      await page.waitForFunction(() => document.activeElement?.closest('[data-testid="map-popup"]') !== null);
      await Promise.all([page.waitForSelector('[data-testid="event-title"]'), page.keyboard.press('Enter')]);
      expect(await page.evaluate(() => location.pathname)).toBe(`/${lang}/events/${ids.near1}`);
      expect(await page.$eval('[data-testid="event-title"]', (e) => e.textContent)).toBe(names.near1[lang]);

      // The event's marker on its details page.
      await page.waitForSelector(
        `[data-testid="event-location-map"] img.leaflet-marker-icon[alt="${names.near1[lang]}"]`,
      );
      await expectAccessible(page);
    });

    it('the map (to a visitor) and details pages pass axe at a phone size', async () => {
      const page = await site.page();
      await page.setViewport({ width: 375, height: 667 });
      await page.goto(`${site.url}${mapPath}&regionId=${regionA}`, { waitUntil: 'networkidle2' });
      await page.waitForSelector('[data-testid="map-cluster"], [data-testid="map-marker"]');
      await expectAccessible(page);
      await site.signIn(page, 'volunteer1', 'Volunteer@2026!', lang);
      await page.goto(`${site.url}/${lang}/events/${ids.near2}`, { waitUntil: 'networkidle2' });
      await page.waitForSelector(
        `[data-testid="event-location-map"] img.leaflet-marker-icon[alt="${names.near2[lang]}"]`,
      );
      await expectAccessible(page);
    });

    it('staff pick the place on the map in the event form; the saved event has those coordinates', async () => {
      const page = await site.page();
      await site.signIn(page, 'staff', 'Staff@2026!', lang);
      await page.goto(`${site.url}/${lang}/events/manage`, { waitUntil: 'networkidle2' });
      await press(page, '[data-testid="create-event"]');
      await page.waitForSelector('[data-testid="event-form"]');
      const code = `PICK-${lang.toUpperCase()}-${stamp}`;
      await page.type('#event-code', code);
      await page.type('#event-nameAr', `فعالية الموقع ${code}`);
      await page.type('#event-nameEn', `Picked place ${code}`);
      await page.type('#event-maxInvitations', '10');
      await page.type('#event-maxContributions', '5');
      await page.type('#event-leadName', 'Lead');
      await page.type('#event-leadMobile', '0551234567');
      await page.type('#event-leadEmail', 'lead@example.org');
      await setValue(page, '#event-startDate', utcDay(4));
      await setValue(page, '#event-endDate', utcDay(6));

      // No place yet: a click on the map puts the marker there and writes both fields.
      const map = await page.waitForSelector('[data-testid="location-picker"] .leaflet-container');
      await map!.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await page.waitForSelector('[data-testid="location-picker"] path');
      const box = (await map!.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2 + 30, box.y + box.height / 2 + 20);
      await page.waitForFunction(() => (document.querySelector('#event-latitude') as HTMLInputElement).value !== '');
      const picked = await page.evaluate(() => [
        (document.querySelector('#event-latitude') as HTMLInputElement).value,
        (document.querySelector('#event-longitude') as HTMLInputElement).value,
      ]);
      const [lat, lng] = picked.map(Number) as [number, number];
      // Near the default centre (24, 45), a little south and east of it.
      expect(lat).toBeGreaterThan(15);
      expect(lat).toBeLessThan(24);
      expect(lng).toBeGreaterThan(45);
      expect(lng).toBeLessThan(52);
      await page.waitForSelector('[data-testid="location-picker"] img.leaflet-marker-icon');

      // Typing the coordinates (the keyboard way) moves the marker: it stays one marker, at the typed place.
      await setValue(page, '#event-latitude', '24.5');
      await setValue(page, '#event-longitude', '46.25');
      await page.waitForFunction(
        () => document.querySelectorAll('[data-testid="location-picker"] img.leaflet-marker-icon').length === 1,
      );
      await expectAccessible(page);

      // Back to the picked place, saved.
      await setValue(page, '#event-latitude', picked[0]!);
      await setValue(page, '#event-longitude', picked[1]!);
      await Promise.all([
        page.waitForFunction(() => /\/events\/manage\/[0-9a-f-]{36}$/.test(location.pathname), { timeout: 20_000 }),
        press(page, '[data-testid="event-save"]'),
      ]);
      const id = (await page.evaluate(() => location.pathname)).split('/').at(-1)!;
      const staff = await apiAs('staff', 'Staff@2026!');
      let saved: { latitude?: number; longitude?: number } = {};
      for (let i = 0; i < 20 && saved.latitude === undefined; i++) {
        saved = await staff.get(`/api/opportunities/${id}`).catch(() => ({}));
        if (saved.latitude === undefined) await new Promise((r) => setTimeout(r, 250));
      }
      expect([saved.latitude, saved.longitude]).toEqual([lat, lng]);
    });
  });
}
