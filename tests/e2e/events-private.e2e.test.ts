import type { Page } from 'puppeteer-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// The private events list (issue 11; spec: private events info and its details), in Arabic and in English: a
// volunteer opens it from the events menu, changes the page size, filters by region and by work field group, and opens
// an event's details (joined counter, join button, share links, the map marker). axe-core checks the list and the
// details on a desktop and at a phone size (375×667). The demo volunteer's registration is in region 1 (city 3): the
// events restricted to region 1 are hers, one restricted to another region and a public one are not in her private list.

const site = journey();
const stamp = String(Date.now()).slice(-6);
const PASSWORD = 'Volunteer@2026!';
const TEXT = {
  ar: {
    menu: 'الفعاليات الخاصة',
    pageSize: 'عدد الفعاليات في الصفحة',
    region: 'المنطقة',
    group: 'مجموعة مجالات العمل',
    search: 'بحث',
    details: 'عرض التفاصيل',
    range: (n: number) => `عرض 1–${n} من 7`,
    page2: 'الصفحة 2',
  },
  en: {
    menu: 'Private events',
    pageSize: 'Events per page',
    region: 'Region',
    group: 'Work field group',
    search: 'Search',
    details: 'View details',
    range: (n: number) => `Showing 1–${n} of 7`,
    page2: 'Page 2',
  },
};
/** Her seven events: five placed in region 1, two placed in another region (all restricted to region 1). */
const mine = Array.from({ length: 7 }, (_, i) => ({
  id: '',
  elsewhere: i >= 5,
  ar: `فعالية خاصة ${i + 1} ${stamp}`,
  en: `Private event ${i + 1} ${stamp}`,
}));
const notMine = { ar: `فعالية منطقة أخرى ${stamp}`, en: `Other region event ${stamp}` };
let otherRegion = 0;
/** A work field group of this run's own: two of her events (one in each region) are of it. */
let group = 0;
const ofGroup = (i: number) => i === 0 || i === 5;

beforeAll(async () => {
  const admin = await apiClient(site.url, 'admin', 'Admin@2026!');
  const lookups = (await admin('GET', '/api/lookups')).json as { regions: { id: number }[] };
  otherRegion = lookups.regions.find((r) => r.id !== 1)!.id;
  const added = await admin('POST', '/api/admin/lookups/workFieldCategoryGroup', {
    nameAr: `مجموعة ${stamp}`,
    nameEn: `Group ${stamp}`,
  });
  expect(added.status).toBe(201);
  group = added.json.id;
  // The filter panel's lookups have it (read-your-writes through ?after=).
  const withGroup = await admin('GET', `/api/lookups?after=${added.json.position}`);
  expect((withGroup.json as { workFieldGroups: { id: number }[] }).workFieldGroups.map((g) => g.id)).toContain(group);
  let position = '';
  const create = async (over: object) => {
    const created = await admin('POST', '/api/opportunities', eventDetails(over));
    expect(created.status).toBe(201);
    const approved = await admin('POST', `/api/opportunities/${created.json.opportunityId}/approve`);
    expect(approved.status).toBe(200);
    position = approved.json.position;
    return created.json.opportunityId as string;
  };
  for (const [i, e] of mine.entries())
    e.id = await create({
      code: `PRV-${i + 1}-${stamp}`,
      nameAr: e.ar,
      nameEn: e.en,
      visibility: 1,
      regionIds: [1],
      regionId: e.elsewhere ? otherRegion : 1,
      ...(ofGroup(i) ? { workFieldGroupId: group } : {}),
      latitude: 24.7 + i / 100,
      longitude: 46.7,
    });
  await create({
    code: `PRV-X-${stamp}`,
    nameAr: notMine.ar,
    nameEn: notMine.en,
    visibility: 1,
    regionIds: [otherRegion],
  });
  await create({ code: `PRV-P-${stamp}`, nameAr: `عامة ${stamp}`, nameEn: `Public ${stamp}` });
  // Her private list has the seven once the read model has every approval (read-your-writes through ?after=).
  const volunteer = await apiClient(site.url, 'volunteer1', PASSWORD);
  const list = await volunteer('GET', `/api/opportunities?scope=private&pageSize=20&after=${position}`);
  expect(list.json.total).toBe(7);
}, 90_000);

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/** A labelled select, found as assistive technology finds it (its name is its label). */
const selectNamed = (label: string) => `::-p-aria([name="${label}"][role="combobox"])`;

/** The list shows these cards' titles (in any order) and no page is loading. */
async function waitForCards(page: Page, names: string[]) {
  await page.waitForFunction(
    (want: string[]) => {
      if (document.querySelector('[aria-busy="true"]')) return false;
      const titles = [...document.querySelectorAll('[data-testid="event-card"] h2')].map((h) => h.textContent);
      return titles.length === want.length && want.every((n) => titles.includes(n));
    },
    {},
    names,
  );
}

const cardNames = (page: Page) =>
  page.$$eval('[data-testid="event-card"] h2', (hs) => hs.map((h) => h.textContent ?? ''));

for (const lang of ['ar', 'en'] as const) {
  describe(`the private events list (${lang})`, () => {
    const t = TEXT[lang];

    it('a volunteer opens it from the events menu, changes the page size, filters by region and group and opens an event', async () => {
      const page = await site.page();
      await site.signIn(page, 'volunteer1', PASSWORD, lang);
      await page.goto(`${site.url}/${lang}/events`, { waitUntil: 'networkidle2' });
      await press(page, `nav ::-p-aria([name="${t.menu}"][role="link"])`);
      await page.waitForFunction((l) => location.pathname === `/${l}/events/private`, {}, lang);
      // A lazy route changes the address before its page replaces the previous one: wait for the page's own heading.
      await page.waitForFunction((title) => document.querySelector('main h1')?.textContent === title, {}, t.menu);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      // Ten a page by default: her seven, not the other region's nor the public one.
      await waitForCards(
        page,
        mine.map((e) => e[lang]),
      );
      expect(await page.$eval('[data-testid="events-range"]', (e) => e.textContent)).toBe(t.range(7));
      await expectAccessible(page);

      // Five a page: five cards and a second page.
      await page.select(selectNamed(t.pageSize), '5');
      await page.waitForFunction(() => location.search.includes('pageSize=5'));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="event-card"]').length === 5);
      expect(await page.$eval('[data-testid="events-range"]', (e) => e.textContent)).toBe(t.range(5));
      expect(await page.$(`button[aria-label="${t.page2}"]`)).not.toBeNull();

      // Filtered by the other region: the two events placed there, the page size kept.
      await page.select(selectNamed(t.region), String(otherRegion));
      await press(page, `::-p-aria([name="${t.search}"][role="button"])`);
      await page.waitForFunction((r) => location.search.includes(`regionId=${r}`), {}, otherRegion);
      expect(await page.evaluate(() => location.search)).toContain('pageSize=5');
      const there = mine.filter((e) => e.elsewhere);
      await waitForCards(
        page,
        there.map((e) => e[lang]),
      );
      expect(await cardNames(page)).not.toContain(notMine[lang]);
      await expectAccessible(page);

      // And by the work field group: the one event of the group there, the region and the page size kept.
      await page.select(selectNamed(t.group), String(group));
      await press(page, `::-p-aria([name="${t.search}"][role="button"])`);
      await page.waitForFunction((g) => location.search.includes(`workFieldGroupId=${g}`), {}, group);
      expect(await page.evaluate(() => location.search)).toContain(`regionId=${otherRegion}`);
      const grouped = mine.filter((e, i) => e.elsewhere && ofGroup(i));
      await waitForCards(
        page,
        grouped.map((e) => e[lang]),
      );

      // Its details, by id: the joined counter, join, copy link and share, and the marker.
      const chosen = grouped[0]!;
      await Promise.all([
        page.waitForSelector('[data-testid="event-title"]'),
        press(page, `::-p-aria([name="${t.details}: ${chosen[lang]}"][role="link"])`),
      ]);
      expect(await page.evaluate(() => location.pathname)).toBe(`/${lang}/events/private/${chosen.id}`);
      expect(await page.$eval('[data-testid="event-title"]', (e) => e.textContent)).toBe(chosen[lang]);
      expect(await page.$eval('[data-testid="joined-count"]', (e) => e.textContent)).toMatch(/0/);
      expect(await page.$('[data-testid="join-event"]')).not.toBeNull();
      await page.waitForSelector(`[data-testid="event-location-map"] img.leaflet-marker-icon[alt="${chosen[lang]}"]`);
      await expectAccessible(page);
      await page.browserContext().close();
    });

    it('the list and the details pass axe at a phone size and do not scroll sideways', async () => {
      const page = await site.page();
      await page.setViewport({ width: 375, height: 667 });
      await site.signIn(page, 'volunteer1', PASSWORD, lang);
      await page.goto(`${site.url}/${lang}/events/private?pageSize=5`, { waitUntil: 'networkidle2' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="event-card"]').length === 5);
      await expectAccessible(page);
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBe(0);
      await page.goto(`${site.url}/${lang}/events/private/${mine[0]!.id}`, { waitUntil: 'networkidle2' });
      await page.waitForSelector(`[data-testid="event-location-map"] img.leaflet-marker-icon[alt="${mine[0]![lang]}"]`);
      await expectAccessible(page);
      expect(await overflow()).toBe(0);
      await page.browserContext().close();
    });

    it('a visitor who is not signed in is sent to sign in, and comes back to the list', async () => {
      const page = await site.page();
      await page.goto(`${site.url}/${lang}/events/private?pageSize=15`, { waitUntil: 'networkidle2' });
      await page.waitForFunction((l) => location.pathname === `/${l}/login`, {}, lang);
      expect(decodeURIComponent(await page.evaluate(() => location.search))).toContain('/events/private?pageSize=15');
      await page.browserContext().close();
    });
  });
}
