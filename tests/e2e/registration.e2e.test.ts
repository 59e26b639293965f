import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeContrasts, press, setValue, tinyPng, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';
import { linkPath, waitForMail } from '../support/mail.ts';

// One registration from the visitor's form to approval, in Arabic, each person in a browser context of their own:
// the volunteer registers and confirms the mailed link, the reviewer initially accepts, the admin approves, the
// volunteer sees «معتمد», and the admin reads the history with each actor. axe-core checks every screen on the way.

let files: string;

const site = journey();

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'e2e-files-'));
});
afterAll(() => {
  if (files) rmSync(files, { recursive: true, force: true });
});

const unique = String(Date.now()).slice(-8);
const volunteer = {
  userName: `vol_${unique}`,
  email: `vol${unique}@example.org`,
  mobile: `05${unique}`,
  idNumber: `10${unique}`,
  password: 'Strong@2026!',
  nameAr: 'جمانة سعد فهد الغامدي',
};
const REVIEWER_AR = 'نورة القحطاني';
const ADMIN_AR = 'سارة العتيبي';

/** A signed-out browser context of its own (cookies, session, CSRF token), with a page in it. */
async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

const button = (name: string) => `::-p-aria([name="${name}"][role="button"])`;

/** A local day `days` from today, as the date input takes it. */
function dayFromToday(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

describe('a registration from the form to approval (Arabic)', () => {
  let volunteerPage: Page;
  let reviewerPage: Page;
  let adminPage: Page;
  let reference: string;
  let detailPath: string;

  it('a visitor fills every required section of the MOH form and submits it', async () => {
    volunteerPage = await site.page();
    const page = volunteerPage;
    await page.goto(`${site.url}/ar/register`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('#reg-personal-firstNameAr');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectAccessible(page);

    const names = {
      firstNameAr: 'جمانة',
      secondNameAr: 'سعد',
      thirdNameAr: 'فهد',
      lastNameAr: 'الغامدي',
      firstNameEn: 'Jumana',
      secondNameEn: 'Saad',
      thirdNameEn: 'Fahad',
      lastNameEn: 'Alghamdi',
    };
    for (const [field, value] of Object.entries(names)) await page.type(`#reg-personal-${field}`, value);
    await press(page, '#reg-personal-gender input[value="2"]'); // female
    await press(page, '#reg-personal-maritalStatus input[value="1"]');
    await setValue(page, '#reg-personal-birthDate', '1995-04-10');
    await press(page, '#reg-personal-preferredTime input[value="3"]');
    await press(page, '#reg-personal-preferredDays input[value="0"]');

    await page.select('#reg-identity-nationalityId', '44');
    await page.type('#reg-identity-idNumber', volunteer.idNumber);
    await setValue(page, '#reg-identity-idExpiryDate', '2030-01-01');
    await page.select('#reg-address-regionId', '1');
    await page.select('#reg-address-cityId', '3');

    await page.select('#reg-medical-bloodGroup', 'A+');
    await page.select('#reg-medical-contactedCovidStatus', '0');
    await page.select('#reg-specialities-professionId', '2');
    await page.select('#reg-specialities-categoryId', '1');
    await page.select('#reg-specialities-subCategoryLevel1Id', '2');
    await press(page, '#reg-specialities-preferredWorkFields input[value="1"]');

    await press(page, button('إضافة جهة اتصال'));
    await page.waitForSelector('#reg-emergencyContacts-0-relationId');
    await page.select('#reg-emergencyContacts-0-relationId', '2');
    await page.type('#reg-emergencyContacts-0-name', 'سعد الغامدي');
    await page.type('#reg-emergencyContacts-0-mobile', '0559876543');

    await press(page, button('إضافة شهادة'));
    await page.waitForSelector('#reg-graduationCertificates-0-certificateFieldId');
    await page.select('#reg-graduationCertificates-0-certificateFieldId', '2');
    await setValue(page, '#reg-graduationCertificates-0-issueDate', '2018-06-30');
    const certificate = join(files, 'degree.png');
    writeFileSync(certificate, tinyPng());
    const picker = (await page.$(
      '[data-testid="reg-graduationCertificates-0-fileId-input"]',
    )) as ElementHandle<HTMLInputElement>;
    await picker.uploadFile(certificate);
    await waitForText(page, 'تم رفع degree.png');

    await press(page, button('إضافة لغة'));
    await page.waitForSelector('#reg-languages-0-languageId');
    await page.select('#reg-languages-0-languageId', '1');
    await page.select('#reg-languages-0-proficiency', '3');

    await page.type('#reg-user-userName', volunteer.userName);
    await page.type('#reg-user-email', volunteer.email);
    await page.type('#reg-user-mobile', volunteer.mobile);
    await page.type('#reg-user-password', volunteer.password);
    await page.type('#reg-user-confirmPassword', volunteer.password);
    await press(page, '#reg-agreement');

    await Promise.all([
      page.waitForFunction(() => location.pathname === '/ar/registration/thank-you', { timeout: 30_000 }),
      press(page, button('إرسال الطلب')),
    ]);
    const shown = await page.waitForSelector('[data-testid="reference-number"]');
    reference = (await shown!.evaluate((e) => e.textContent ?? '')).trim();
    expect(reference).toMatch(/^R\d{8}-[0-9A-F]{6}$/);
    await waitForText(page, 'أرسلنا إلى بريدك الإلكتروني');
    await expectAccessible(page);
  });

  it('the volunteer opens the link mailed to her and the address is confirmed', async () => {
    const mail = await waitForMail(
      site.portal.dataDir,
      (m) => m.includes(`To: ${volunteer.email}`) && m.includes('verify-email'),
    );
    const path = linkPath(mail, '/ar/verify-email');
    expect(path).toMatch(/^\/ar\/verify-email\?token=/);
    await volunteerPage.goto(`${site.url}${path}`, { waitUntil: 'networkidle2' });
    await waitForText(volunteerPage, 'تم تأكيد بريدك الإلكتروني بنجاح');
  });

  it('the reviewer finds it among the submitted applications and accepts it initially', async () => {
    reviewerPage = await site.page();
    const page = reviewerPage;
    await site.signIn(page, 'reviewer', 'Review@2026!');
    await press(page, 'nav a[data-screen="registrationadmin"]');
    await page.waitForSelector('[data-testid="registrations-grid"]');
    expect(await page.$eval('[role="tab"][aria-selected="true"]', (t) => t.textContent)).toBe('مُرسَل');
    await page.type('::-p-aria([name="رقم الهوية"][role="textbox"])', volunteer.idNumber);
    await press(page, button('بحث'));
    const link = await page.waitForSelector(`[data-testid="registrations-grid"] tbody a::-p-text(${volunteer.nameAr})`);
    expect(await page.$$eval('[data-testid="registrations-grid"] tbody tr', (rows) => rows.length)).toBe(1);
    await expectAccessible(page);

    await Promise.all([page.waitForSelector('[data-testid="applicant-name"]'), link!.click()]);
    detailPath = await page.evaluate(() => location.pathname);
    expect(await page.$eval('[data-testid="detail-reference"]', (e) => e.textContent)).toBe(reference);
    expect(await page.$$eval('[data-testid="attachment-link"]', (a) => a.length)).toBe(1);
    await expectAccessible(page);

    await press(page, button('قبول مبدئي'));
    await page.waitForSelector('[data-testid="initial-accept-form"]');
    await setValue(page, '#appointment-date', dayFromToday(7));
    await setValue(page, '#appointment-time', '10:30');
    await page.type('#appointment-location', 'مستشفى الملك فهد');
    await page.waitForFunction(
      () => (document.querySelector('#appointment-reviewerId') as HTMLSelectElement).options.length > 1,
    );
    const reviewerId = await page.$eval(
      '#appointment-reviewerId',
      (s, name) => [...(s as HTMLSelectElement).options].find((o) => o.text.includes(name))?.value ?? '',
      REVIEWER_AR,
    );
    await page.select('#appointment-reviewerId', reviewerId);
    await press(page, '[data-testid="initial-accept-form"] button[type="submit"]');
    const appointment = await page.waitForSelector('[data-testid="appointment"]');
    expect(await appointment!.evaluate((e) => (e as HTMLElement).innerText)).toContain('مستشفى الملك فهد');
    expect(await page.$eval('[data-testid="applicant-name"] + [data-status]', (b) => b.textContent)).toBe(
      'مقبول مبدئياً',
    );
  });

  it('the admin approves it', async () => {
    adminPage = await site.page();
    const page = adminPage;
    await site.signIn(page, 'admin', 'Admin@2026!');
    await page.goto(`${site.url}${detailPath}`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="appointment"]');
    await press(page, button('اعتماد'));
    await press(page, '[data-testid="confirm-action"]');
    await page.waitForSelector('[data-testid="applicant-name"] + [data-status="5"]');
  });

  it('the volunteer, approved while signed out, signs in on the page she asked for, with the menu', async () => {
    const page = volunteerPage;
    // The page she asked for sends her to sign in, and back there after (no "complete your registration").
    await page.goto(`${site.url}/ar/my-events`, { waitUntil: 'networkidle2' });
    await page.waitForFunction(() => location.pathname === '/ar/login');
    await page.type('input[name="userName"]', volunteer.userName);
    await page.type('input[name="password"]', volunteer.password);
    await Promise.all([
      page.waitForFunction(() => location.pathname === '/ar/my-events', { timeout: 20_000 }),
      page.keyboard.press('Enter'),
    ]);
    const nav = await page.waitForSelector('::-p-aria([name="القائمة الرئيسية"][role="navigation"])');
    expect(await nav!.evaluate((e) => [...e.querySelectorAll('a')].map((a) => a.textContent))).toContain('فعالياتي');
    expect(await page.evaluate(() => document.body.textContent)).not.toContain('يرجى استكمال');
    await expectAccessible(page);
  });

  it('the volunteer sees her registration approved', async () => {
    await volunteerPage.goto(`${site.url}/ar/registration`, { waitUntil: 'networkidle2' });
    const badge = await volunteerPage.waitForSelector('[data-status="5"]');
    expect(await badge!.evaluate((e) => e.textContent)).toBe('معتمد');
    for (const b of await badgeContrasts(volunteerPage)) expect([b.text, b.ratio >= 4.5]).toEqual([b.text, true]);
    await expectAccessible(volunteerPage);
  });

  it('the admin reads the history: every change in order, with its actor', async () => {
    const page = adminPage;
    await press(page, '::-p-aria([name="سجل التغييرات"][role="tab"])');
    await page.waitForSelector('[data-testid="history-entry"][data-action="RegistrationApproved"]');
    const entries = await page.$$eval('[data-testid="history-entry"]', (items) =>
      items.map((li) => ({
        action: li.getAttribute('data-action'),
        actor: li.querySelector('[data-testid="history-actor"]')?.textContent,
        role: li.querySelector('[data-testid="history-role"]')?.textContent,
        status: [...li.querySelectorAll('tr[data-field="status"] td')].map((td) => td.textContent),
      })),
    );
    expect(entries).toEqual([
      { action: 'RegistrationSubmitted', actor: volunteer.nameAr, role: 'متطوع', status: ['—', 'مُرسَل'] },
      {
        action: 'RegistrationInitiallyAccepted',
        actor: REVIEWER_AR,
        role: 'مراجع',
        status: ['مُرسَل', 'مقبول مبدئياً'],
      },
      { action: 'RegistrationApproved', actor: ADMIN_AR, role: 'مدير النظام', status: ['مقبول مبدئياً', 'معتمد'] },
    ]);
    await expectAccessible(page);
    // the reviewer's page, read again, shows the approval too
    await reviewerPage.reload({ waitUntil: 'networkidle2' });
    await reviewerPage.waitForSelector('[data-testid="applicant-name"] + [data-status="5"]');
  });
});
