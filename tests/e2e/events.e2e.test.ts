import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// One event from creation to approved hours, once in Arabic and once in English, each person in a browser context of
// their own: staff create the event, the admin approves it, a volunteer finds it in the list and on the map and
// joins, staff accept and record hours, the admin approves them, the volunteer sees them, and the invitation's
// history names each actor. axe-core checks every screen on the way.

const site = journey();

async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;

/** Opens `path` until `selector` shows: another person's change reaches the read models a moment later. */
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

function dayFromToday(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

interface Journey {
  lang: 'ar' | 'en';
  volunteer: { userName: string; name: string };
  staffName: string;
  adminName: string;
  text: {
    create: string;
    save: string;
    approve: string;
    join: string;
    joined: string;
    accept: string;
    addHours: string;
    approveHours: string;
    history: string;
    hours: string;
    actions: Record<string, string>;
  };
}

const JOURNEYS: Journey[] = [
  {
    lang: 'ar',
    volunteer: { userName: 'volunteer1', name: 'عبدالله الشمري' },
    staffName: 'خالد الحربي',
    adminName: 'سارة العتيبي',
    text: {
      create: 'إنشاء فعالية',
      save: 'حفظ',
      approve: 'اعتماد',
      join: 'انضم إلى الفعالية',
      joined: 'تم إرسال طلبك',
      accept: 'قبول',
      addHours: 'إضافة ساعات',
      approveHours: 'اعتماد الساعات',
      history: 'السجل',
      hours: 'الساعات المعتمدة: 4، قيد الاعتماد: 0',
      actions: {
        JoinRequested: 'طلب الانضمام',
        ParticipantAccepted: 'قبِل الفريق المتطوع',
        HoursRecorded: 'سُجّلت ساعات',
        HoursApproved: 'اعتُمدت الساعات',
      },
    },
  },
  {
    lang: 'en',
    volunteer: { userName: 'volunteer2', name: 'Reem Aldosari' },
    staffName: 'Khalid Alharbi',
    adminName: 'Sarah Alotaibi',
    text: {
      create: 'Create event',
      save: 'Save',
      approve: 'Approve',
      join: 'Join the event',
      joined: 'Your request was sent',
      accept: 'Accept',
      addHours: 'Add hours',
      approveHours: 'Approve hours',
      history: 'History',
      hours: 'Approved hours: 4, pending: 0',
      actions: {
        JoinRequested: 'Asked to join',
        ParticipantAccepted: 'Accepted by staff',
        HoursRecorded: 'Hours recorded',
        HoursApproved: 'Hours approved',
      },
    },
  },
];

for (const j of JOURNEYS) {
  describe(`an event from creation to approved hours (${j.lang})`, () => {
    const { lang } = j;
    const code = `E2E-${lang.toUpperCase()}-${String(Date.now()).slice(-6)}`;
    const name = lang === 'ar' ? `فعالية اختبار ${code}` : `Test event ${code}`;
    let staffPage: Page;
    let adminPage: Page;
    let volunteerPage: Page;
    let managePath: string;

    it('staff create the event and the admin approves it', async () => {
      staffPage = await site.page();
      const page = staffPage;
      await site.signIn(page, 'staff', 'Staff@2026!', lang);
      await page.goto(`${site.url}/${lang}/events/manage`, { waitUntil: 'networkidle2' });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      await page.waitForSelector('[data-testid="create-event"]');
      await expectAccessible(page);
      await press(page, '[data-testid="create-event"]');
      await page.waitForSelector('[data-testid="event-form"]');
      await page.type('#event-code', code);
      await page.type('#event-nameAr', lang === 'ar' ? name : `فعالية ${code}`);
      await page.type('#event-nameEn', lang === 'en' ? name : `Event ${code}`);
      await page.type('#event-maxInvitations', '10');
      await page.type('#event-maxContributions', '5');
      await page.type('#event-leadName', 'Lead');
      await page.type('#event-leadMobile', '0551234567');
      await page.type('#event-leadEmail', 'lead@example.org');
      await setValue(page, '#event-startDate', dayFromToday(4));
      await setValue(page, '#event-endDate', dayFromToday(6));
      // Riyadh for the Arabic journey, Jeddah for the English one: two markers apart on the map.
      await page.type('#event-latitude', lang === 'ar' ? '24.71' : '21.54');
      await page.type('#event-longitude', lang === 'ar' ? '46.67' : '39.17');
      await page.type('#event-conditionSkills', 'First aid\nTeamwork');
      await expectAccessible(page);
      await Promise.all([
        page.waitForFunction(() => /\/events\/manage\/[0-9a-f-]{36}$/.test(location.pathname), { timeout: 20_000 }),
        press(page, '[data-testid="event-save"]'),
      ]);
      managePath = await page.evaluate(() => location.pathname);
      await page.waitForSelector('[data-testid="event-approval"][data-approval="pending"]');
      await expectAccessible(page);

      adminPage = await site.page();
      await site.signIn(adminPage, 'admin', 'Admin@2026!', lang);
      await openUntil(adminPage, managePath, '[data-testid="approve-event"]');
      await press(adminPage, '[data-testid="approve-event"]');
      await adminPage.waitForSelector('[data-testid="event-approval"][data-approval="approved"]');
    });

    it('the volunteer finds it in the list and on the map, and joins', async () => {
      volunteerPage = await site.page();
      const page = volunteerPage;
      await site.signIn(page, j.volunteer.userName, 'Volunteer@2026!', lang);
      await openUntil(page, `/${lang}/events?code=${code}`, '[data-testid="event-card"]');
      expect(await page.$$eval('[data-testid="event-card"]', (c) => c.length)).toBe(1);
      await waitForText(page, name);
      await expectAccessible(page);

      // The map narrowed to this event's code: its one leaflet marker, reached and opened with the keyboard (Enter
      // opens the popup and moves the focus to its link; Enter again opens the event).
      await openUntil(
        page,
        `/${lang}/events?view=map&code=${code}`,
        `[data-testid="map-marker"][aria-label="${name}"]`,
      );
      await expectAccessible(page);
      const marker = await page.waitForSelector(`[data-testid="map-marker"][aria-label="${name}"]`);
      await marker!.focus();
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('map-marker');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => document.activeElement?.closest('[data-testid="map-popup"]') !== null);
      await Promise.all([page.waitForSelector('[data-testid="event-title"]'), page.keyboard.press('Enter')]);
      expect(await page.$eval('[data-testid="event-title"]', (e) => e.textContent)).toBe(name);
      await expectAccessible(page);
      await press(page, '[data-testid="join-event"]');
      await waitForText(page, j.text.joined);
      await expectAccessible(page);
    });

    it('staff accept the volunteer and record hours; the admin approves them', async () => {
      const page = staffPage;
      const row = `[data-testid="roster-row"]`;
      await openUntil(page, managePath, `${row} ::-p-text(${j.volunteer.name})`);
      await expectAccessible(page);
      await press(page, button(`${j.text.accept}: ${j.volunteer.name}`));
      await page.waitForSelector(`${row} [data-testid="roster-status"][data-status="4"]`);

      await press(page, button(`${j.text.addHours}: ${j.volunteer.name}`));
      await page.waitForSelector('[data-testid="hours-form"]');
      await page.type('#hours-hours', '4');
      await page.type('#hours-cases', '3');
      await setValue(page, '#hours-checkIn', `${dayFromToday(4)}T08:00`);
      await setValue(page, '#hours-checkOut', `${dayFromToday(4)}T12:00`);
      await page.select('#hours-rating', '5');
      await expectAccessible(page);
      await press(page, '[data-testid="hours-save"]');
      await page.waitForFunction(
        () => document.querySelector('[data-testid="roster-hours"]')?.textContent === '0 / 4',
        { timeout: 20_000 },
      );

      const admin = adminPage;
      await openUntil(admin, managePath, button(`${j.text.approveHours}: ${j.volunteer.name}`));
      await press(admin, button(`${j.text.approveHours}: ${j.volunteer.name}`));
      await admin.waitForFunction(
        () => document.querySelector('[data-testid="roster-hours"]')?.textContent === '4 / 0',
        { timeout: 20_000 },
      );
      await expectAccessible(admin);
    });

    it('the volunteer sees the approved hours among the current events', async () => {
      const page = volunteerPage;
      await page.goto(`${site.url}/${lang}/my-events`, { waitUntil: 'networkidle2' });
      await press(page, '[data-testid="my-tab-current"]');
      await page.waitForFunction(
        (want) =>
          [...document.querySelectorAll('[data-testid="my-list-current"] [data-testid="my-hours"]')].some(
            (e) => e.textContent === want,
          ),
        { timeout: 20_000 },
        j.text.hours,
      );
      await expectAccessible(page);
    });

    it('the history of the invitation shows each change with its actor', async () => {
      const page = adminPage;
      await press(page, button(`${j.text.history}: ${j.volunteer.name}`));
      // The history cached when the hours were approved shows first, then the fresh one with the approval.
      await page.waitForSelector('[data-testid="history-entry"][data-action="HoursApproved"]');
      const entries = await page.$$eval('[data-testid="history-entry"]', (items) =>
        items.map((li) => ({
          action: li.getAttribute('data-action'),
          title: li.querySelector('h3')?.textContent,
          actor: li.querySelector('[data-testid="history-actor"]')?.textContent,
        })),
      );
      const byAction = (a: string) => entries.find((e) => e.action === a);
      expect(byAction('JoinRequested')).toMatchObject({ title: j.text.actions.JoinRequested, actor: j.volunteer.name });
      expect(byAction('ParticipantAccepted')).toMatchObject({
        title: j.text.actions.ParticipantAccepted,
        actor: j.staffName,
      });
      expect(byAction('HoursRecorded')).toMatchObject({ title: j.text.actions.HoursRecorded, actor: j.staffName });
      expect(byAction('HoursApproved')).toMatchObject({ title: j.text.actions.HoursApproved, actor: j.adminName });
      await expectAccessible(page);
    });
  });
}
