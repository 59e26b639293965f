import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api-client.ts';
import { press, waitForText } from '../support/browser.ts';
import { seriousA11yViolations } from '../support/chromium.ts';
import { eventDetails, inDays } from '../support/event-form.ts';
import { journey } from '../support/journey.ts';

// In Arabic: staff build a survey for an event's participants in the builder; an approver (the admin) approves and
// publishes it; the volunteer who takes part answers it once and a second answer is refused; staff see the results
// chart and its table. The event and its participant are set up through the API.

const site = journey();

const apiAs = (userName: string, password: string) => apiClient(site.url, userName, password);

const stamp = Date.now() % 100000;

async function signIn(userName: string, password: string): Promise<Page> {
  const page = await site.page();
  await site.signIn(page, userName, password);
  return page;
}

async function typeInto(page: Page, selector: string, text: string) {
  await page.waitForSelector(selector);
  await page.click(selector);
  await page.type(selector, text);
}

describe('surveys, in Arabic', () => {
  const code = `SV-${stamp}`;
  const eventCode = `SVE-${stamp}`;
  const eventNameAr = `فعالية الاستبيان ${stamp}`;
  const titleAr = `استبيان رضا المتطوعين ${stamp}`;
  let surveyId = '';

  it('sets up an event with one accepted volunteer', async () => {
    const staff = await apiAs('staff', 'Staff@2026!');
    const admin = await apiAs('admin', 'Admin@2026!');
    const created = await staff(
      'POST',
      '/api/opportunities',
      eventDetails({
        code: eventCode,
        nameAr: eventNameAr,
        nameEn: `Survey event ${stamp}`,
        leadName: 'Khalid Alharbi',
        maxInvitations: 10,
        startDate: inDays(40),
        endDate: inDays(42),
        volunteeringDays: [0, 1, 2, 3, 4, 5, 6],
      }),
    );
    expect(created.status).toBe(201);
    const eventId = created.json.opportunityId;
    expect((await admin('POST', `/api/opportunities/${eventId}/approve`)).status).toBe(200);
    const volunteer = await apiAs('volunteer1', 'Volunteer@2026!');
    expect((await volunteer('POST', `/api/opportunities/${eventId}/join`)).status).toBe(200);
    const accepted = await staff(
      'POST',
      `/api/opportunities/${eventId}/participants/00000000-0000-4000-8000-000000000004/accept`,
      {},
    );
    expect(accepted.status).toBe(200);
  });

  it('lets staff build a survey for the event’s participants; it awaits approval', async () => {
    const page = await signIn('staff', 'Staff@2026!');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.goto(`${site.url}/ar/surveys/new`, { waitUntil: 'networkidle2' });
    await typeInto(page, '#survey-code', code);
    await typeInto(page, '#survey-titleAr', titleAr);
    await typeInto(page, '#survey-titleEn', `Volunteer satisfaction ${stamp}`);
    await typeInto(page, '#survey-expiryDate', inDays(30));
    await page.keyboard.press('Tab');
    await press(page, '#survey-scope');
    await press(page, '::-p-aria([name="المشاركون في فعالية"][role="option"])');
    await press(page, '#survey-scope-event');
    await press(page, `::-p-aria([name="${eventCode} — ${eventNameAr}"][role="option"])`);
    await typeInto(page, '#survey-questions-0', 'ما مدى رضاك عن الفعالية؟');
    await typeInto(page, '::-p-aria([name="نص السؤال بالإنجليزية"])', 'How satisfied were you?');
    await typeInto(page, '#survey-questions-0-answers-0', 'راضٍ');
    await typeInto(page, '::-p-aria([name="الإجابة 1 بالإنجليزية"])', 'Satisfied');
    await typeInto(page, '#survey-questions-0-answers-1', 'غير راضٍ');
    await typeInto(page, '::-p-aria([name="الإجابة 2 بالإنجليزية"])', 'Not satisfied');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '::-p-aria([name="حفظ الاستبيان"][role="button"])');
    await page.waitForFunction(() => location.pathname.endsWith('/surveys'));
    await page.waitForSelector(`[data-testid="survey-row-${code}"]`);
    await waitForText(page, 'بانتظار الاعتماد');
    const staff = await apiAs('staff', 'Staff@2026!');
    const list = await staff('GET', '/api/surveys?status=0&pageSize=50');
    surveyId = list.json.items.find((s: { code: string }) => s.code === code).id;
    expect(surveyId).toBeTruthy();
  });

  it('lets the approver approve and publish it', async () => {
    const page = await signIn('admin', 'Admin@2026!');
    await page.goto(`${site.url}/ar/surveys`, { waitUntil: 'networkidle2' });
    const row = `[data-testid="survey-row-${code}"]`;
    await page.waitForSelector(row);
    await press(page, `${row} [data-testid="survey-approve"]`);
    await press(page, '[data-testid="survey-confirm"]');
    await waitForText(page, 'تم اعتماد الاستبيان.');
    await press(page, `${row} [data-testid="survey-publish"]`);
    await press(page, '[data-testid="survey-confirm"]');
    await waitForText(page, 'تم نشر الاستبيان.');
    await page.waitForFunction((sel) => document.querySelector(sel)?.textContent?.includes('منشور') ?? false, {}, row);
  });

  it('lets the volunteer answer once, and refuses a second answer', async () => {
    const page = await signIn('volunteer1', 'Volunteer@2026!');
    for (let i = 0; ; i++) {
      await page.goto(`${site.url}/ar/my-surveys`, { waitUntil: 'networkidle2' });
      if (await page.$('[data-testid="my-survey"] a')) break;
      if (i > 10) throw new Error('the survey never reached the volunteer');
      await new Promise((r) => setTimeout(r, 500));
    }
    await press(page, '[data-testid="my-survey"] a');
    await press(page, '::-p-aria([name="راضٍ"][role="radio"])');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '::-p-aria([name="إرسال الإجابات"][role="button"])');
    await page.waitForSelector('[data-testid="survey-thanks"]');
    await page.goto(`${site.url}/ar/my-surveys/${surveyId}`, { waitUntil: 'networkidle2' });
    await waitForText(page, 'لقد شاركت في هذا الاستبيان من قبل.');
    const volunteer = await apiAs('volunteer1', 'Volunteer@2026!');
    const again = await volunteer('POST', `/api/me/surveys/${surveyId}/answers`, {
      answers: [{ questionId: 1, answerId: 2 }],
    });
    expect(again.status).toBe(409);
    expect(again.json.error.code).toBe('AlreadyParticipated');
  });

  it('shows staff the results chart and its table', async () => {
    const page = await signIn('staff', 'Staff@2026!');
    for (let i = 0; ; i++) {
      await page.goto(`${site.url}/ar/surveys/${surveyId}/results`, { waitUntil: 'networkidle2' });
      await page.waitForSelector('[data-testid="survey-responses"]');
      const text = await page.$eval('[data-testid="survey-responses"]', (e) => e.textContent ?? '');
      if (text.includes('1 من 1')) break;
      if (i > 10) throw new Error(`responses: ${text}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await page.waitForSelector('[data-testid="survey-chart"] .recharts-surface');
    const cells = await page.$$eval('[data-testid="survey-result-table"] tbody tr', (rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)),
    );
    expect(cells).toEqual([
      ['راضٍ', '1'],
      ['غير راضٍ', '0'],
    ]);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('lets the approver build a survey for volunteers of a region picked from the lookups, and save and publish it', async () => {
    const page = await signIn('admin', 'Admin@2026!');
    const filteredCode = `SVF-${stamp}`;
    await page.goto(`${site.url}/ar/surveys/new`, { waitUntil: 'networkidle2' });
    await typeInto(page, '#survey-code', filteredCode);
    await typeInto(page, '#survey-titleAr', `استبيان منطقة الرياض ${stamp}`);
    await typeInto(page, '#survey-titleEn', `Riyadh survey ${stamp}`);
    await typeInto(page, '#survey-expiryDate', inDays(30));
    await page.keyboard.press('Tab');
    await press(page, '#survey-scope');
    await press(page, '::-p-aria([name="متطوعون حسب المعايير"][role="option"])');
    await press(page, '#survey-scope-regionIds');
    await press(page, '::-p-aria([name="الرياض"][role="option"])');
    await page.keyboard.press('Escape');
    await typeInto(page, '#survey-questions-0', 'ما مدى رضاك؟');
    await typeInto(page, '::-p-aria([name="نص السؤال بالإنجليزية"])', 'How satisfied are you?');
    await typeInto(page, '#survey-questions-0-answers-0', 'راضٍ');
    await typeInto(page, '::-p-aria([name="الإجابة 1 بالإنجليزية"])', 'Satisfied');
    await typeInto(page, '#survey-questions-0-answers-1', 'غير راضٍ');
    await typeInto(page, '::-p-aria([name="الإجابة 2 بالإنجليزية"])', 'Not satisfied');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await press(page, '::-p-aria([name="حفظ ونشر"][role="button"])');
    // Published (then the list), or saved but not published (no volunteer of the region yet): said on the page.
    await page.waitForFunction(
      () =>
        location.pathname.endsWith('/surveys') || (document.body.textContent ?? '').includes('تم حفظ الاستبيان ولكن'),
    );
    const admin = await apiAs('admin', 'Admin@2026!');
    let saved: { scope: unknown; status: number } | undefined;
    for (let i = 0; i < 50 && !saved; i++) {
      const list = await admin('GET', '/api/surveys?pageSize=50');
      saved = list.json.items.find((s: { code: string }) => s.code === filteredCode);
      if (!saved) await new Promise((r) => setTimeout(r, 200));
    }
    expect(saved?.scope).toEqual({ kind: 'filtered', regionIds: [1], cityIds: [], gender: null });
    expect([1, 3]).toContain(saved?.status);
  });
});
