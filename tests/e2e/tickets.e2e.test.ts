import { describe, expect, it } from 'vitest';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic: a volunteer opens a suggestion, the administration replies, the volunteer sees the reply under the bell
// (type 20) and on the ticket, and marks it not resolved with reason 4 ("other") and its text. axe-core checks the
// new screens. The reply is written by the admin: the demo staff member's scope (region 1) holds no registration of
// the demo volunteers, and a scoped staff member sees only tickets of volunteers registered in their regions.

const site = journey();

describe('tickets, in Arabic', () => {
  const title = `اقتراح مواقف إضافية ${Date.now() % 100000}`;
  let code = '';

  it('lets a volunteer send a suggestion from the Tickets menu and shows its code', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await press(page, 'nav a[href="/ar/tickets"]');
    await page.waitForSelector('[data-testid="tickets-grid"]');
    await waitForText(page, 'تذاكري');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await press(page, '[data-testid="new-ticket"]');
    await page.waitForSelector('#ticket-title');
    // The rules of the domain run in the browser first: an empty form names the spec's codes.
    await press(page, '[data-testid="submit-ticket"]');
    await waitForText(page, 'عنوان التذكرة مطلوب.');
    await waitForText(page, 'نوع الطلب مطلوب.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.select('#ticket-requestType', '2');
    await setValue(page, '#ticket-title', title);
    await setValue(page, '#ticket-description', 'نحتاج إلى مواقف إضافية قرب مدخل الفعاليات.');
    await new Promise((r) => setTimeout(r, 5200)); // spec: the submit button is enabled again after 5 s
    await press(page, '[data-testid="submit-ticket"]');
    await waitForText(page, 'تم إرسال طلبك بنجاح');
    code = (await page.$eval('body', (b) => /TK-\d{4}-[0-9A-F]{8}/.exec(b.textContent ?? '')?.[0] ?? ''))!;
    expect(code).toMatch(/^TK-/);
    await page.waitForSelector(`[data-testid="ticket-row-${code}"]`);
  });

  it('lets the administration reply from the tickets grid', async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    await press(page, 'nav a[href="/ar/tickets/manage"]');
    await page.waitForSelector(`[data-testid="ticket-row-${code}"]`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, `[data-testid="ticket-row-${code}"] a`);
    await page.waitForSelector('#reply-response');
    await waitForText(page, title);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The reply text is required.
    await press(page, '[data-testid="send-reply"]');
    await waitForText(page, 'نص الرد مطلوب.');
    await setValue(page, '#reply-response', 'شكراً لاقتراحك، سنضيف مواقف قريباً.');
    await press(page, '[data-testid="send-reply"]');
    await waitForText(page, 'تم إرسال الرد بنجاح.');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="ticket-status"]')?.textContent === 'تم الرد',
    );
  });

  it('shows the volunteer the reply and its notification, and takes a not-resolved verdict with a reason', async () => {
    const page = await site.page();
    await site.signIn(page, 'volunteer1', 'Volunteer@2026!');
    for (let i = 0; ; i++) {
      const label = await page
        .$eval('[data-testid="notifications-bell"]', (b) => b.getAttribute('aria-label') ?? '')
        .catch(() => '');
      if (/[1-9]/.test(label)) break;
      if (i > 10) throw new Error(`no unread notification: "${label}"`);
      await page.reload({ waitUntil: 'networkidle2' });
    }
    await press(page, '[data-testid="notifications-bell"]');
    const item = '[data-testid="notifications-panel"] [data-type="20"]';
    await page.waitForSelector(item);
    await waitForText(page, 'تم الرد على تذكرتك.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, `${item} [data-testid="notification-name"]`);
    await page.waitForSelector('[data-testid="ticket-summary"]');
    await waitForText(page, 'شكراً لاقتراحك، سنضيف مواقف قريباً.');

    await press(page, '[data-testid="mark-not-resolved"]');
    await page.waitForSelector('#verdict-reasonId');
    await page.select('#verdict-reasonId', '4');
    // Reason 4 ("other") needs its text.
    await press(page, '[data-testid="save-not-resolved"]');
    await page.waitForFunction(
      () => document.querySelector('#verdict-reason')?.getAttribute('aria-invalid') === 'true',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await setValue(page, '#verdict-reason', 'لم تُضف المواقف حتى الآن.');
    await press(page, '[data-testid="save-not-resolved"]');
    await waitForText(page, 'تم حفظ تقييمك للرد.');
    await page.waitForFunction(() => document.querySelector('[data-testid="ticket-status"]')?.textContent === 'لم تُحل');
    await waitForText(page, 'لم تُضف المواقف حتى الآن.');
  });
});
