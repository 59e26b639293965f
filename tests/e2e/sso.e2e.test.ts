import { describe, expect, it } from 'vitest';
import { hijriOf } from '../../domain/identity/nic.ts';
import { press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { journey } from '../support/journey.ts';

// In Arabic: a citizen the portal does not know signs in through the national single sign-on (the local OpenID
// Connect provider npm start runs with SSO_ENABLED=1), lands on the SSO register page, verifies the national id with
// the identity service (birth date in Hijri), and finds the registration form prefilled from the verified record.
// axe-core checks every new screen: the login page's sign-on button, SSO register, user verification, SSO logout.

const site = journey({ env: { SSO_ENABLED: '1' } });

describe('the national single sign-on, in Arabic', () => {
  it('signs a new citizen on, verifies the national id and prefills the registration form', async () => {
    const page = await site.page();
    await page.goto(`${site.url}/ar/login`, { waitUntil: 'networkidle2' });
    await page.waitForSelector('[data-testid="sso-sign-in"]');
    await waitForText(page, 'الدخول عبر النفاذ الوطني الموحد');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // To the provider (another site), and back through the portal's callback.
    await Promise.all([page.waitForNavigation(), press(page, '[data-testid="sso-sign-in"]')]);
    await page.waitForSelector('#nationalId');
    await page.type('#nationalId', '1100000002');
    await page.type('#password', 'Citizen#2026');
    await Promise.all([
      page.waitForFunction((u) => location.href.startsWith(`${u}/ar/sso/register`), { timeout: 30_000 }, site.url),
      page.keyboard.press('Enter'),
    ]);
    await waitForText(page, 'برقم الهوية 1100000002');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await press(page, '[data-testid="sso-register-verify"]');
    await page.waitForSelector('#verify-nationalId');
    // The provider asserted the id: it is shown, not typed.
    expect(
      await page.$eval('#verify-nationalId', (e) => [(e as HTMLInputElement).value, (e as HTMLInputElement).readOnly]),
    ).toEqual(['1100000002', true]);
    await waitForText(page, 'هجري');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // A wrong birth date is refused by the identity service, in Arabic.
    await page.type('#verify-birthDate', hijriOf('1995-05-21'));
    await press(page, '[data-testid="verify-submit"]');
    await page.waitForSelector('[data-testid="verify-error"]');
    await waitForText(page, 'رقم الهوية غير صحيح.');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.$eval('#verify-birthDate', (e) => {
      (e as HTMLInputElement).select();
    });
    await page.keyboard.press('Backspace');
    await page.type('#verify-birthDate', hijriOf('1995-05-20'));
    await press(page, '[data-testid="verify-submit"]');

    await page.waitForFunction((u) => location.href === `${u}/ar/register`, {}, site.url);
    await page.waitForSelector('[data-testid="reg-prefilled"]');
    await waitForText(page, 'سارة عبدالله محمد العتيبي');
    await page.waitForSelector('#reg-personal-firstNameAr');
    const value = (id: string) => page.$eval(`#${id}`, (e) => (e as HTMLInputElement).value);
    expect(await value('reg-personal-firstNameAr')).toBe('سارة');
    expect(await value('reg-personal-lastNameAr')).toBe('العتيبي');
    expect(await value('reg-personal-firstNameEn')).toBe('Sara');
    expect(await value('reg-identity-idNumber')).toBe('1100000002');
    expect(await seriousA11yViolations(page)).toEqual([]);
  }, 180_000);

  it('shows the SSO logout page, signed out of both', async () => {
    const page = await site.page();
    await page.goto(`${site.url}/ar/sso/logout`, { waitUntil: 'networkidle2' });
    await waitForText(page, 'تم تسجيل خروجك من البوابة ومن النفاذ الوطني الموحد.');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
