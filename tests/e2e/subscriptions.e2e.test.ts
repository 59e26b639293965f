import { describe, expect, it } from 'vitest';
import { press, setValue, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';
import { linkPath, waitForMail } from '../support/mail.ts';

// In Arabic (issues 9 and 11): a visitor subscribes to the mail list, confirms from the mail, the admin sends a mail
// to them from the subscribers grid, and the mail arrives with an unsubscribe link that works in one click, without
// signing in. axe-core checks the new screens.

const site = journey();

describe('the mail list, in Arabic', () => {
  const email = `reader.${Date.now() % 100000}@example.com`;
  const header = 'فعاليات تطوعية جديدة هذا الأسبوع';

  it('lets a visitor subscribe and confirm from the mail', async () => {
    const page = await site.page();
    await page.goto(`${site.url}/ar/subscribe`, { waitUntil: 'networkidle2' });
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await waitForText(page, 'الاشتراك في القائمة البريدية');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await setValue(page, '#subscribe-email', 'ليس-بريدا');
    await press(page, '[data-testid="subscribe-submit"]');
    await page.waitForFunction(
      () => document.querySelector('#subscribe-email')?.getAttribute('aria-invalid') === 'true',
    );
    await setValue(page, '#subscribe-email', email);
    await press(page, '[data-testid="subscribe-submit"]');
    await page.waitForSelector('[data-testid="subscribe-done"]');

    const mail = await waitForMail(
      site.portal.dataDir,
      (m) => m.includes(`To: ${email}\n`) && m.includes('subscribe/confirm'),
    );
    expect(mail).toContain('/ar/unsubscribe?token=');
    const confirm = linkPath(mail, '/ar/subscribe/confirm');
    expect(confirm).not.toBeNull();
    await page.goto(`${site.url}${confirm}`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="link-done"]');
    await waitForText(page, 'تم تأكيد اشتراكك في القائمة البريدية.');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('lets the admin send a mail to the subscriber, whose unsubscribe link works', async () => {
    const page = await site.page();
    await site.signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${site.url}/ar/master-data/mail-subscriptions`, { waitUntil: 'networkidle2' });
    const row = `[data-testid="subscriber-${email}"]`;
    await page.waitForSelector(row);
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Spec: at least one subscriber selected.
    await press(page, '[data-testid="write-mail"]');
    await waitForText(page, 'يرجى اختيار مشترك واحد على الأقل.');
    await press(page, `${row} input[type="checkbox"]`);
    await press(page, '[data-testid="write-mail"]');
    await page.waitForSelector('#mail-header');
    // Spec: header and text required.
    await press(page, '[data-testid="mail-send"]');
    await waitForText(page, 'يرجى تعبئة جميع البيانات: العنوان والنص مطلوبان.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await setValue(page, '#mail-header', header);
    await setValue(page, '#mail-body', 'تطوع معنا في حملة التشجير يوم السبت.');
    await press(page, '[data-testid="mail-send"]');
    await waitForText(page, 'تم إرسال الرسالة إلى 1 من المشتركين.');

    const mail = await waitForMail(site.portal.dataDir, (m) => m.includes(`To: ${email}\n`) && m.includes(header));
    expect(mail).toContain('تطوع معنا في حملة التشجير يوم السبت.');
    const leave = linkPath(mail, '/ar/unsubscribe');
    expect(leave).not.toBeNull();

    const visitor = await site.page();
    await visitor.goto(`${site.url}${leave}`, { waitUntil: 'networkidle2' });
    await visitor.waitForSelector('[data-testid="link-done"]');
    await waitForText(visitor, 'تم إلغاء اشتراكك');
    expect(await seriousA11yViolations(visitor)).toEqual([]);

    await page.reload({ waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="subscribers-grid"]');
    await page.waitForFunction((r) => !document.querySelector(r), {}, row);
  });
});
