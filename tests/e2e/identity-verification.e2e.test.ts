import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { hijriOf } from '../../domain/identity/nic.ts';
import { completeForm } from '../../domain/registration/fixtures.ts';
import { apiClient, visitorClient } from '../support/api-client.ts';
import { press, submitLoginAt, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';
import { linkPath, waitForMail } from '../support/mail.ts';

// In Arabic: a citizen registered with a birth date that is not hers (the identity service of npm start, in its
// sandbox mode, knows the fixture citizen Khalid, 1100000003, born 1990-01-15), so the registration's national
// identity check failed. Her password sign-in answers InvalidNIC and leads her to the user-verification page; she
// verifies with the right birth date (Hijri), signs in again, and can join an event (the join rule "NIC valid").
// Her registration then carries the record's birth date and names. axe-core checks the verification page.

const site = journey();

const unique = String(Date.now()).slice(-6);
const NATIONAL_ID = '1100000003';
const TRUE_BIRTH = '1990-01-15';
const volunteer = {
  userName: `khalid_${unique}`,
  email: `khalid${unique}@portal.localhost`,
  mobile: `0551${unique}`,
  password: 'Strong@2026!', // completeForm's
};

describe('a citizen whose identity check failed verifies it and joins an event (Arabic)', () => {
  let volunteerId = '';
  let eventId = '';
  let page: Page;

  it('registers with a wrong birth date, is confirmed and approved; an event is open', async () => {
    const form = completeForm({ ...volunteer, idNumber: NATIONAL_ID });
    form.personal!.birthDate = { calendar: 'gregorian', value: '1990-01-16' };
    const visitor = await visitorClient(site.url);
    const registered = await visitor('POST', '/api/registrations', { form, submit: true });
    expect(registered.status).toBe(201);
    volunteerId = registered.json.volunteerId;

    const mail = await waitForMail(
      site.portal.dataDir,
      (m) => m.includes(`To: ${volunteer.email}`) && m.includes('verify-email'),
    );
    const token = new URL(`${site.url}${linkPath(mail, '/ar/verify-email')}`).searchParams.get('token');
    expect((await visitor('POST', '/api/email-verification', { token })).json.result).toBe('100');

    const reviewer = await apiClient(site.url, 'reviewer', 'Review@2026!');
    const admin = await apiClient(site.url, 'admin', 'Admin@2026!');
    const staff = await apiClient(site.url, 'staff', 'Staff@2026!');
    const accepted = await reviewer('POST', `/api/registrations/${volunteerId}/initial-accept`, {
      appointmentAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: 'المقر الرئيسي',
      reviewerId: '00000000-0000-4000-8000-000000000003',
    });
    expect(accepted.status).toBe(200);
    expect((await admin('POST', `/api/registrations/${volunteerId}/approve`)).status).toBe(200);

    const created = await staff('POST', '/api/opportunities', eventDetails({ nameAr: `فعالية التحقق ${unique}` }));
    expect(created.status).toBe(201);
    eventId = created.json.opportunityId;
    expect((await admin('POST', `/api/opportunities/${eventId}/approve`)).status).toBe(200);
  }, 60_000);

  it('signs in with the password, gets InvalidNIC and is led to the user-verification page', async () => {
    page = await site.page();
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/ar/user-verification', { timeout: 20_000 }),
      submitLoginAt(page, site.url, volunteer.userName, volunteer.password),
    ]);
    await page.waitForSelector('#verify-nationalId');
    await waitForText(page, 'التحقق من الهوية الوطنية');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('verifies with the right birth date (Hijri), signs in again and joins the event', async () => {
    // The birth date she registered with is refused again, in Arabic.
    await page.type('#verify-nationalId', NATIONAL_ID);
    await page.type('#verify-birthDate', hijriOf('1990-01-16'));
    await press(page, '[data-testid="verify-submit"]');
    await page.waitForSelector('[data-testid="verify-error"]');
    await waitForText(page, 'رقم الهوية غير صحيح.');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.$eval('#verify-birthDate', (e) => (e as HTMLInputElement).select());
    await page.keyboard.press('Backspace');
    await page.type('#verify-birthDate', hijriOf(TRUE_BIRTH));
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/ar/login', { timeout: 20_000 }),
      press(page, '[data-testid="verify-submit"]'),
    ]);
    await waitForText(page, 'تم التحقق من هويتك. يرجى تسجيل الدخول مرة أخرى.');

    await site.signIn(page, volunteer.userName, volunteer.password);
    expect(await page.evaluate(() => location.pathname)).not.toBe('/ar/user-verification');
    await site.openUntil(page, `/ar/events/${eventId}`, '[data-testid="join-event"]');
    await press(page, '[data-testid="join-event"]');
    await waitForText(page, 'تم إرسال طلبك، وستصلك الموافقة من فريق الفعالية.');
  }, 90_000);

  it('finds her registration corrected from the verified record', async () => {
    const admin = await apiClient(site.url, 'admin', 'Admin@2026!');
    const detail = (await admin('GET', `/api/registrations/${volunteerId}`)).json;
    expect(detail.form.personal).toMatchObject({
      birthDate: { calendar: 'gregorian', value: TRUE_BIRTH },
      firstNameAr: 'خالد',
      lastNameAr: 'الدوسري',
      firstNameEn: 'Khalid',
    });
  });
});
