import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { press, setValue, tinyPng, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// The staff and volunteer actions on an event that events.e2e.test.ts does not walk through, on one portal, each
// person in a browser context of their own:
// - an event with a main image and a gallery (uploaded on the staff form, shown on the details page, readable by a
//   visitor once approved); staff invite an approved volunteer, who sees the invitation arrive live and accepts;
//   staff accept; cancelling is refused (the lead is named), release needs hours, then the volunteer asks for release
//   and staff release; an event without accepted volunteers is deleted at once (Arabic);
// - a volunteer cancels an accepted invitation, joins again and is accepted; staff stop invitations and a new
//   invitation is refused; the deletion waits for an approver while a volunteer holds a seat (English).
// axe-core checks every dialog on the way.

let files: string;

const site = journey();

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'e2e-images-'));
});
afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

async function personPage(): Promise<Page> {
  const page = await site.page();
  // Two shared cores: a page load waiting for an idle network may take longer than one step.
  page.setDefaultNavigationTimeout(60_000);
  return page;
}

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;
const inDialog = (selector: string) => `[role="dialog"] ${selector}`;

/**
 * Opens `path` until `selector` shows: another person's change reaches the read models a moment later. A volunteer's
 * pages hold the invitations' server-sent events connection open, so the network is never fully idle there.
 */
async function openUntil(page: Page, path: string, selector: string, tries = 8): Promise<void> {
  for (let i = 0; ; i++) {
    await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle2' });
    try {
      await page.waitForSelector(selector, { timeout: 3_000 });
      return;
    } catch (e) {
      if (i >= tries) throw e;
    }
  }
}

/** Days as the server counts them (UTC): release is allowed while the event is running. */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Whether every picture matching `selector` has loaded (the server let this reader have it). */
async function imagesLoaded(page: Page, selector: string, count: number): Promise<void> {
  await page.waitForFunction(
    (s, n) => {
      const images = [...document.querySelectorAll(s)] as HTMLImageElement[];
      return images.length === n && images.every((i) => i.complete && i.naturalWidth > 0);
    },
    { timeout: 20_000 },
    selector,
    count,
  );
}

async function pick(page: Page, selector: string, paths: string[]) {
  const input = (await page.waitForSelector(selector)) as ElementHandle<HTMLInputElement>;
  await input.uploadFile(...paths);
}

interface NewEvent {
  lang: 'ar' | 'en';
  code: string;
  name: string;
  start: string;
  end: string;
  images?: { main: string; gallery: string[] };
}

/** Staff fill the create form (with images if given) and land on the event's page, pending approval. */
async function createEvent(page: Page, e: NewEvent): Promise<string> {
  await page.goto(`${site.url}/${e.lang}/events/manage`, { waitUntil: 'networkidle2' });
  await press(page, '[data-testid="create-event"]');
  await page.waitForSelector('[data-testid="event-form"]');
  await page.type('#event-code', e.code);
  await page.type('#event-nameAr', e.lang === 'ar' ? e.name : `فعالية ${e.code}`);
  await page.type('#event-nameEn', e.lang === 'en' ? e.name : `Event ${e.code}`);
  await page.type('#event-maxInvitations', '10');
  await page.type('#event-maxContributions', '5');
  await page.type('#event-leadName', 'Lead');
  await page.type('#event-leadMobile', '0551234567');
  await page.type('#event-leadEmail', 'lead@example.org');
  await setValue(page, '#event-startDate', e.start);
  await setValue(page, '#event-endDate', e.end);
  if (e.images) {
    await pick(page, '[data-testid="event-mainImage-input"]', [e.images.main]);
    await imagesLoaded(page, '[data-testid="main-image-preview"]', 1);
    await pick(page, '[data-testid="event-gallery-input"]', e.images.gallery);
    await imagesLoaded(page, '[data-testid="gallery-preview"] img', e.images.gallery.length);
    await expectAccessible(page);
  }
  await Promise.all([
    page.waitForFunction(() => /\/events\/manage\/[0-9a-f-]{36}$/.test(location.pathname), { timeout: 20_000 }),
    press(page, '[data-testid="event-save"]'),
  ]);
  await page.waitForSelector('[data-testid="event-approval"][data-approval="pending"]');
  return page.evaluate(() => location.pathname);
}

async function approve(admin: Page, managePath: string) {
  await openUntil(admin, managePath, '[data-testid="approve-event"]');
  await press(admin, '[data-testid="approve-event"]');
  await admin.waitForSelector('[data-testid="event-approval"][data-approval="approved"]');
}

/** Staff open "Invite volunteers", find approved volunteers by name, tick one and send. */
async function invite(page: Page, text: { open: string; name: string; search: string }, who: string, term: string) {
  await press(page, button(text.open));
  await page.waitForSelector(inDialog(`::-p-aria([name="${text.name}"][role="textbox"])`));
  await page.type(inDialog(`::-p-aria([name="${text.name}"][role="textbox"])`), term);
  await press(page, inDialog(button(text.search)));
  await press(page, inDialog(`::-p-aria([name="${who}"][role="checkbox"])`));
  await expectAccessible(page);
  await press(page, '[data-testid="invite-send"]');
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
}

const rosterStatus = (status: number) =>
  `[data-testid="roster-row"] [data-testid="roster-status"][data-status="${status}"]`;
/** The volunteer's card of one event on "my events", and its status badge. */
const myCard = (eventId: string) => `[data-testid="my-event"][aria-labelledby="my-${eventId}"]`;
const myStatus = (eventId: string, status: number) =>
  `${myCard(eventId)} [data-testid="my-status"][data-status="${status}"]`;

describe('the volunteer invited, accepted, refused a cancellation, and released (ar)', () => {
  const code = `ACT-AR-${String(Date.now()).slice(-6)}`;
  const name = `فعالية إجراءات ${code}`;
  const volunteerName = 'عبدالله الشمري';
  // The registration's full name, as the invitation search lists it.
  const registeredName = 'عبدالله محمد علي الشمري';
  let staff: Page;
  let admin: Page;
  let volunteer: Page;
  let managePath: string;
  let eventId: string;

  it('staff create an event with a main image and a gallery; once approved anyone may load them', async () => {
    for (const f of ['cover.png', 'one.png', 'two.png']) writeFileSync(join(files, f), tinyPng());
    staff = await personPage();
    await site.signIn(staff, 'staff', 'Staff@2026!');
    managePath = await createEvent(staff, {
      lang: 'ar',
      code,
      name,
      start: dayFromToday(4),
      end: dayFromToday(6),
      images: { main: join(files, 'cover.png'), gallery: [join(files, 'one.png'), join(files, 'two.png')] },
    });
    eventId = managePath.split('/').pop()!;
    admin = await personPage();
    await site.signIn(admin, 'admin', 'Admin@2026!');
    await approve(admin, managePath);

    // Release is only possible while the event runs: staff move its start to today (an edit may, a creation not).
    await openUntil(staff, managePath, '[data-testid="edit-event"]');
    await press(staff, '[data-testid="edit-event"]');
    await imagesLoaded(staff, '[data-testid="main-image-preview"]', 1);
    await imagesLoaded(staff, '[data-testid="gallery-preview"] img', 2);
    await setValue(staff, '#event-startDate', dayFromToday(0));
    await press(staff, '[data-testid="event-save"]');
    await waitForText(staff, 'تم حفظ التعديلات.');

    volunteer = await personPage();
    await site.signIn(volunteer, 'volunteer1', 'Volunteer@2026!');
    await openUntil(volunteer, `/ar/events/${eventId}`, '[data-testid="event-main-image"]');
    await imagesLoaded(volunteer, '[data-testid="event-main-image"]', 1);
    await imagesLoaded(volunteer, '[data-testid="event-gallery"] img', 2);
    expect(await volunteer.$eval('[data-testid="event-main-image"]', (i) => i.getAttribute('alt'))).toBe(
      `صورة الفعالية «${name}»`,
    );
    await expectAccessible(volunteer);
    const sources = await volunteer.$$eval('[data-testid="event-gallery"] img', (all) =>
      all.map((i) => i.getAttribute('src')!),
    );
    // A visitor who never signed in: the pictures of an approved public event are readable by anyone.
    const visitor = await personPage();
    await visitor.goto(`${site.url}/ar`, { waitUntil: 'networkidle2' });
    const statuses = await visitor.evaluate(
      (urls) => Promise.all(urls.map(async (u) => (await fetch(u)).status)),
      sources,
    );
    expect(statuses).toEqual([200, 200]);
    await visitor.browserContext().close();
  });

  it('staff invite the approved volunteer, who sees the invitation arrive live and accepts it', async () => {
    await volunteer.goto(`${site.url}/ar/my-events`, { waitUntil: 'networkidle2' });
    await volunteer.waitForSelector('[data-testid="stream-state"][data-state="live"]');

    await openUntil(staff, managePath, button('دعوة متطوعين'));
    await invite(staff, { open: 'دعوة متطوعين', name: 'اسم المتطوع', search: 'بحث' }, registeredName, 'عبدالله');
    await staff.waitForFunction(
      (want) => document.querySelector('[data-testid="invite-results"]')?.textContent?.includes(want) ?? false,
      { timeout: 20_000 },
      `${registeredName}: تمت الدعوة`,
    );
    await closeDialog(staff);

    // No reload: the list comes over the server-sent events.
    const card = await volunteer.waitForSelector(myStatus(eventId, 1));
    expect(await card!.evaluate((e) => e.textContent)).toBe('بانتظار موافقة المتطوع');
    await waitForText(volunteer, name);
    await press(volunteer, `${myCard(eventId)} ${button('قبول')}`);
    await volunteer.waitForSelector(myStatus(eventId, 2));
    await waitForText(volunteer, 'قبِل المتطوع، بانتظار الفريق');
  });

  it('staff accept; the volunteer may not cancel (the lead is named) nor ask for release without hours', async () => {
    await openUntil(staff, managePath, rosterStatus(2));
    await press(staff, button(`قبول: ${volunteerName}`));
    await staff.waitForSelector(rosterStatus(4));
    expect(await staff.$eval(rosterStatus(4), (e) => e.textContent)).toBe('مقبول');

    await volunteer.waitForSelector(`[data-testid="my-tab-current"]`);
    await press(volunteer, '[data-testid="my-tab-current"]');
    await volunteer.waitForSelector(myStatus(eventId, 4));
    await press(volunteer, `${myCard(eventId)} ${button('إلغاء')}`);
    await volunteer.waitForSelector('[data-testid="confirm-yes"]');
    await waitForText(volunteer, `هل تريد إلغاء مشاركتك في «${name}»؟`);
    await expectAccessible(volunteer);
    await press(volunteer, '[data-testid="confirm-yes"]');
    await volunteer.waitForSelector(`${myCard(eventId)} [data-testid="my-error"]`);
    expect(await volunteer.$eval(`${myCard(eventId)} [data-testid="my-error"]`, (e) => e.textContent)).toBe(
      'لا يمكن إلغاء دعوة معتمدة. يرجى التواصل مع قائد الفعالية. قائد الفعالية: Lead (lead@example.org)',
    );

    await press(volunteer, `${myCard(eventId)} ${button('طلب الإخلاء')}`);
    await waitForText(volunteer, `هل تريد طلب الإخلاء من «${name}»؟`);
    await press(volunteer, '[data-testid="confirm-yes"]');
    await volunteer.waitForFunction(
      (card) =>
        document.querySelector(`${card} [data-testid="my-error"]`)?.textContent ===
        'لا يمكن طلب الإخلاء قبل تسجيل ساعات.',
      { timeout: 20_000 },
      myCard(eventId),
    );
    expect(await volunteer.$(myStatus(eventId, 4))).not.toBeNull();
  });

  it('after hours are recorded the volunteer asks for release, and staff release after confirming', async () => {
    await press(staff, button(`إضافة ساعات: ${volunteerName}`));
    await staff.waitForSelector('[data-testid="hours-form"]');
    await staff.type('#hours-hours', '4');
    await staff.type('#hours-cases', '2');
    await setValue(staff, '#hours-checkIn', `${dayFromToday(0)}T08:00`);
    await setValue(staff, '#hours-checkOut', `${dayFromToday(0)}T12:00`);
    await staff.select('#hours-rating', '4');
    await press(staff, '[data-testid="hours-save"]');
    await staff.waitForFunction(() => document.querySelector('[data-testid="roster-hours"]')?.textContent === '0 / 4', {
      timeout: 20_000,
    });

    await press(volunteer, `${myCard(eventId)} ${button('طلب الإخلاء')}`);
    await press(volunteer, '[data-testid="confirm-yes"]');
    await volunteer.waitForSelector(myStatus(eventId, 10));
    await waitForText(volunteer, 'طلب إخلاء');

    await openUntil(staff, managePath, rosterStatus(10));
    await press(staff, button(`إخلاء: ${volunteerName}`));
    await staff.waitForSelector('[data-testid="confirm-dialog"]');
    await waitForText(staff, `هل تريد إخلاء ${volunteerName} من الفعالية؟`);
    await expectAccessible(staff);
    await press(staff, '[data-testid="confirm-dialog"]');
    await staff.waitForSelector(rosterStatus(8));
    expect(await staff.$eval(rosterStatus(8), (e) => e.textContent)).toBe('تم الإخلاء');

    // The released participation moves to the volunteer's past events.
    await volunteer.waitForSelector('[data-testid="my-tab-past"]');
    await press(volunteer, '[data-testid="my-tab-past"]');
    await volunteer.waitForSelector(myStatus(eventId, 8));
  });

  it('with nobody holding a seat, an admin deletes the event at once after giving a reason', async () => {
    await openUntil(admin, managePath, '[data-testid="delete-event"]');
    await press(admin, '[data-testid="delete-event"]');
    await admin.waitForSelector(inDialog('textarea'));
    await press(admin, inDialog(button('تأكيد الحذف')));
    await waitForText(admin, 'يجب إدخال سبب الحذف.');
    await expectAccessible(admin);
    await admin.type(inDialog('textarea'), 'تغيّر موعد الحملة');
    await Promise.all([
      admin.waitForFunction(() => location.pathname === '/ar/events/manage', { timeout: 20_000 }),
      press(admin, inDialog(button('تأكيد الحذف'))),
    ]);
    await waitForText(admin, 'تم حذف الفعالية.');
  });
});

describe('a cancellation, stopped invitations and a deletion waiting for approval (en)', () => {
  const code = `ACT-EN-${String(Date.now()).slice(-6)}`;
  const name = `Actions event ${code}`;
  const volunteerName = 'Reem Aldosari';
  let staff: Page;
  let admin: Page;
  let volunteer: Page;
  let managePath: string;
  let eventId: string;

  it('the volunteer accepts an invitation, then cancels it after confirming', async () => {
    staff = await personPage();
    await site.signIn(staff, 'staff', 'Staff@2026!', 'en');
    managePath = await createEvent(staff, { lang: 'en', code, name, start: dayFromToday(4), end: dayFromToday(6) });
    eventId = managePath.split('/').pop()!;
    admin = await personPage();
    await site.signIn(admin, 'admin', 'Admin@2026!', 'en');
    await approve(admin, managePath);

    await openUntil(staff, managePath, button('Invite volunteers'));
    await invite(
      staff,
      { open: 'Invite volunteers', name: 'Volunteer name', search: 'Search' },
      'Reem Mohammed Ali Aldosari',
      'Reem',
    );
    await staff.waitForFunction(
      (want) => document.querySelector('[data-testid="invite-results"]')?.textContent?.includes(want) ?? false,
      { timeout: 20_000 },
      'Reem Mohammed Ali Aldosari: Invited',
    );
    await closeDialog(staff);

    volunteer = await personPage();
    await site.signIn(volunteer, 'volunteer2', 'Volunteer@2026!', 'en');
    await openUntil(volunteer, '/en/my-events', myStatus(eventId, 1));
    await waitForText(volunteer, 'Waiting for the volunteer');
    await press(volunteer, `${myCard(eventId)} ${button('Accept')}`);
    await volunteer.waitForSelector(myStatus(eventId, 2));
    await press(volunteer, `${myCard(eventId)} ${button('Cancel')}`);
    await waitForText(volunteer, `Cancel your participation in “${name}”?`);
    await expectAccessible(volunteer);
    await press(volunteer, '[data-testid="confirm-yes"]');
    // A cancelled participation leaves the volunteer's lists.
    await volunteer.waitForFunction((card) => !document.querySelector(card), { timeout: 20_000 }, myCard(eventId));

    await openUntil(staff, managePath, rosterStatus(6));
    expect(await staff.$eval(rosterStatus(6), (e) => e.textContent)).toBe('Cancelled');
  });

  it('the volunteer joins again and staff accept', async () => {
    await openUntil(volunteer, `/en/events/${eventId}`, '[data-testid="join-event"]');
    await press(volunteer, '[data-testid="join-event"]');
    await waitForText(volunteer, 'Your request was sent; the event team will confirm it.');

    await openUntil(staff, managePath, rosterStatus(7));
    await press(staff, button(`Accept: ${volunteerName}`));
    await staff.waitForSelector(rosterStatus(4));
    expect(await staff.$eval(rosterStatus(4), (e) => e.textContent)).toBe('Accepted');
  });

  it('staff stop invitations after confirming; a new invitation is then refused', async () => {
    await press(staff, '[data-testid="stop-invitations"]');
    await staff.waitForSelector('[data-testid="confirm-dialog"]');
    await waitForText(staff, 'no new invitations can be sent for this event');
    await expectAccessible(staff);
    await press(staff, '[data-testid="confirm-dialog"]');
    await waitForText(staff, 'Invitations were stopped.');

    await invite(
      staff,
      { open: 'Invite volunteers', name: 'Volunteer name', search: 'Search' },
      'Abdullah Mohammed Ali Alshammari',
      'Abdullah',
    );
    await staff.waitForFunction(
      () =>
        [...document.querySelectorAll('[role="dialog"] [role="alert"]')].some(
          (e) => e.textContent === 'This event is full.',
        ),
      { timeout: 20_000 },
    );
    expect(await staff.$('[data-testid="invite-results"]')).toBeNull();
    await closeDialog(staff);
  });

  it('with a volunteer holding a seat the deletion waits for an approver, who confirms it', async () => {
    await openUntil(admin, managePath, '[data-testid="delete-event"]');
    await press(admin, '[data-testid="delete-event"]');
    await admin.waitForSelector(inDialog('textarea'));
    await admin.type(inDialog('textarea'), 'The venue is no longer available');
    await expectAccessible(admin);
    await Promise.all([
      admin.waitForFunction(() => location.pathname === '/en/events/manage', { timeout: 20_000 }),
      press(admin, inDialog(button('Confirm deletion'))),
    ]);
    await waitForText(admin, 'Deletion requested; it awaits approval.');

    await openUntil(admin, managePath, '[data-testid="event-approval"][data-approval="pendingDelete"]');
    expect(await admin.$eval('[data-testid="event-approval"]', (e) => e.textContent)).toBe('Deletion pending approval');
    await press(admin, '[data-testid="confirm-delete"]');
    await admin.waitForSelector('[data-testid="confirm-dialog"]');
    await waitForText(admin, 'Approving the request deletes the event for good. Continue?');
    await expectAccessible(admin);
    await press(admin, '[data-testid="confirm-dialog"]');
    await waitForText(admin, 'The event was deleted.');
    await admin.waitForFunction(
      () => [...document.querySelectorAll('.mantine-Badge-root')].some((b) => b.textContent === 'Deleted'),
      { timeout: 20_000 },
    );
    expect(await admin.$('[data-testid="delete-event"]')).toBeNull();
  });
});
