import type { BrowserContext, Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { badgeContrasts, press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// What a volunteer meets first, in Chromium: readable status badges, a join refused with its own reason, the event
// page telling her she already asked, and one live connection shared by all her tabs (a browser gives a plain-http
// host six connections: a stream per tab left the seventh tab's page unloaded).

const site = journey();

async function personContext(): Promise<{ context: BrowserContext; page: Page }> {
  const page = await site.page();
  return { context: page.browserContext(), page };
}

/** A command through the page's own session (its cookies and CSRF token), as the web app sends it. */
async function command(page: Page, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async (p, b) => {
      const session = await (await fetch('/api/session')).json();
      const res = await fetch(p, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': session.csrfToken },
        body: JSON.stringify(b ?? {}),
      });
      return { status: res.status, json: await res.json() };
    },
    path,
    body,
  );
}

let codes = 0;
function eventForm(start: number) {
  const code = `FS-${String(Date.now()).slice(-6)}-${++codes}`;
  return eventDetails({
    code,
    nameAr: `فعالية ${code}`,
    nameEn: `Event ${code}`,
    leadName: 'Lead',
    startDate: inDays(start),
    endDate: inDays(start + 2),
  });
}

/** Opens `path` until `selector` shows: a change reaches the read models a moment later. */
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

describe('a volunteer’s first steps (Chromium)', () => {
  const events: string[] = [];
  let volunteer: { context: BrowserContext; page: Page };

  it('staff create three events and the admin approves them', async () => {
    const staff = await personContext();
    const admin = await personContext();
    await site.signIn(staff.page, 'staff', 'Staff@2026!', 'en');
    await site.signIn(admin.page, 'admin', 'Admin@2026!', 'en');
    for (const start of [4, 10, 16]) {
      const created = await command(staff.page, '/api/opportunities', eventForm(start));
      expect(created.status).toBe(201);
      const id = (created.json as { opportunityId: string }).opportunityId;
      expect((await command(admin.page, `/api/opportunities/${id}/approve`)).status).toBe(200);
      events.push(id);
    }
    await staff.context.close();
    await admin.context.close();
  });

  it('joins one event, and its page then says she already asked, with no second join button', async () => {
    volunteer = await personContext();
    const { page } = volunteer;
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!', 'en');
    await openUntil(page, `/en/events/${events[0]}`, '[data-testid="join-event"]');
    await press(page, '[data-testid="join-event"]');
    await waitForText(page, 'Your request was sent');
    await press(page, '::-p-aria([name="Close"][role="button"])');
    await page.waitForSelector('[data-testid="my-participation"][data-status="7"]');
    await waitForText(page, 'You asked to join this event; your request is waiting for the event team.');
    expect(await page.$('[data-testid="join-event"]')).toBeNull();
    // The event header's status badge, readable.
    const badges = await badgeContrasts(page);
    expect(badges.length).toBeGreaterThanOrEqual(1);
    for (const b of badges) expect([b.text, b.ratio >= 4.5]).toEqual([b.text, true]);
  });

  it('a third join request is refused with its own reason, in Arabic, in the dialog', async () => {
    const { page } = volunteer;
    expect((await command(page, `/api/opportunities/${events[1]}/join`)).status).toBe(200);
    await openUntil(page, `/ar/events/${events[2]}`, '[data-testid="join-event"]');
    await press(page, '[data-testid="join-event"]');
    const result = await page.waitForSelector('[role="dialog"] [data-testid="join-result"]');
    expect(await result!.evaluate((e) => [e.getAttribute('data-reason'), e.textContent])).toEqual([
      'pendingRequests',
      'لديك طلبا انضمام قيد الانتظار، ولا يمكن إرسال طلب انضمام لأكثر من فعاليتين.',
    ]);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Keyboard: the dialog's close button has the focus, and Escape closes it.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('[role="dialog"]'));
  });

  it('shows readable status badges on the "my events" cards', async () => {
    const { page } = volunteer;
    await openUntil(page, '/en/my-events', '[data-testid="my-status"][data-status="7"]');
    const badges = await badgeContrasts(page);
    expect(badges.length).toBeGreaterThanOrEqual(2);
    for (const b of badges) expect([b.text, b.ratio >= 4.5]).toEqual([b.text, true]);
  });

  it('shares one live connection between eight tabs, so the last tab still loads its page', async () => {
    const { context, page: first } = volunteer;
    const streams: string[] = [];
    const watch = (p: Page) =>
      p.on('request', (r) => {
        if (r.url().includes('/api/me/invitations/stream')) streams.push(r.url());
      });
    watch(first);
    await first.goto(`${site.url}/en/my-events`, { waitUntil: 'domcontentloaded' });
    const tabs = [first];
    for (let i = 0; i < 7; i++) {
      const p = await context.newPage();
      p.setDefaultTimeout(20_000);
      watch(p);
      await p.goto(`${site.url}/en/my-events`, { waitUntil: 'domcontentloaded' });
      await p.waitForSelector('[data-testid="my-status"]');
      tabs.push(p);
    }
    // Every tab shows the pushed list; one of them holds the only stream.
    expect(streams).toHaveLength(1);
    // Quick reloads of every tab free their streams at once: none is left holding the host's connections.
    for (const p of tabs) await p.reload({ waitUntil: 'domcontentloaded' });
    const last = await context.newPage();
    await last.goto(`${site.url}/en/events/${events[0]}`, { waitUntil: 'domcontentloaded' });
    await last.waitForSelector('[data-testid="event-title"]', { timeout: 10_000 });
    // Half the tabs close (the leader among them, or not): the rest keep receiving changes live, without reload.
    await Promise.all(tabs.slice(0, 4).map((p) => p.close()));
    const watcher = tabs[7]!;
    // Polled by time: a background tab runs no animation frames, puppeteer's default polling.
    const cards = (n: number) =>
      watcher.waitForFunction(
        (k) => document.querySelectorAll('[data-testid="my-event"]').length === k,
        { polling: 200 },
        n,
      );
    await cards(2);
    expect((await command(last, `/api/volunteers/invitation/${events[1]}/cancel`)).status).toBe(200);
    await cards(1);
    await last.close();
  });
  it('a volunteer account without a registration is offered to start one, on the dashboard and in the menu', async () => {
    const { context, page } = await personContext();
    await site.signIn(page, 'volunteer3', 'Volunteer@2026!', 'en');
    // The demo account must change its password first.
    await page.waitForFunction(() => location.pathname === '/en/force-change-password');
    await page.waitForSelector('input[autocomplete="new-password"]'); // the lazy page, not the login form still shown
    await page.type('input[autocomplete="current-password"]', 'Volunteer@2026!');
    const fresh = await page.$$('input[autocomplete="new-password"]');
    for (const input of fresh) await input.type('Fresh@2026!q');
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/en/dashboard', { timeout: 20_000 }),
      press(page, 'button[type="submit"]'),
    ]);
    const start = await page.waitForSelector('[data-testid="start-registration"]');
    expect(await start!.evaluate((e) => e.textContent)).toContain('You have no registration yet.');
    const nav = await page.waitForSelector('::-p-aria([name="Main menu"][role="navigation"])');
    expect(await nav!.evaluate((e) => [...e.querySelectorAll('a')].map((a) => a.textContent))).toContain(
      'Start registration',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/en/registration/edit', { timeout: 20_000 }),
      press(page, '[data-testid="start-registration"] a'),
    ]);
    const userName = await page.waitForSelector('input[autocomplete="username"]');
    expect(await userName!.evaluate((e) => [(e as HTMLInputElement).value, (e as HTMLInputElement).readOnly])).toEqual([
      'volunteer3',
      true,
    ]);
    await context.close();
  });
});
