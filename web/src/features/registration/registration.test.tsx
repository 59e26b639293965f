// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationDetail } from '../../../../api/contracts/registration.ts';
import { completeForm } from '../../../../domain/registration/fixtures.ts';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { AppProviders } from '../../app/App.tsx';
import { i18n } from '../../app/i18n/index.ts';
import { resetSessionStore, useSessionStore } from '../../app/stores/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { testLookups } from '../../test/lookups.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { RegistrationForm } from './RegistrationForm.tsx';

/** The rules compare dates with "now": a fixed day keeps the fixture's ages and training dates valid. */
const NOW = new Date('2026-11-22T09:00:00.000Z');

let app: ReturnType<typeof renderApp> | undefined;

// These tests fill a long form in happy-dom: give them room on a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(async () => {
  // The routes load these pages lazily; importing them once here keeps the first test from paying for it.
  await Promise.all([
    import('./RegisterPage.tsx'),
    import('./MyRegistrationPage.tsx'),
    import('./EditRegistrationPage.tsx'),
    import('./ThankYouPage.tsx'),
    import('./VerifyEmailPage.tsx'),
  ]);
});

function open(path: string) {
  app = renderApp(path);
  return app;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  // biome-ignore lint/suspicious/noDocumentCookie: tests start without a language cookie
  document.cookie = 'lang=; max-age=0; path=/';
});

afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A label as written, with or without the required star Mantine appends. */
function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
}

function type(text: string | RegExp, value: string, container: HTMLElement = document.body) {
  const el = within(container).getByLabelText(typeof text === 'string' ? label(text) : text);
  fireEvent.change(el, { target: { value } });
}

/** The register page once config and lookups have arrived. */
async function formReady() {
  await screen.findByRole('button', { name: /^(Submit|إرسال الطلب)$/ });
}

function group(name: RegExp): HTMLElement {
  return screen.getByRole('group', { name });
}

function radios(name: RegExp): HTMLElement {
  return screen.getByRole('radiogroup', { name });
}

function posted(api: ReturnType<typeof installFakeApi>, method = 'POST') {
  return api.calls.filter((c) => c.method === method && c.path.startsWith('/api/registrations'));
}

/** The description Mantine wires to an input (its error message, here). */
function describedText(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/**
 * Everything the MOH variant checks for a draft, typed in through the labels as a visitor would; a signed-in user
 * (withAccount false) has her user name and password already.
 */
async function fillDraftMoh(withAccount = true) {
  await formReady();
  type('First name (Arabic)', 'أحمد');
  type('Second name (Arabic)', 'محمد');
  type('Third name (Arabic)', 'علي');
  type('Family name (Arabic)', 'القحطاني');
  type('First name (English)', 'Ahmed');
  type('Second name (English)', 'Mohammed');
  type('Third name (English)', 'Ali');
  type('Family name (English)', 'Alqahtani');
  fireEvent.click(within(radios(/^Gender/)).getByLabelText('Male'));
  fireEvent.click(within(radios(/^Marital status/)).getByLabelText('Single'));
  type(/Gregorian date/, '1996-03-15', group(/^Date of birth/));
  fireEvent.click(screen.getByLabelText('Morning and evening'));
  fireEvent.click(screen.getByLabelText('Sunday'));
  fireEvent.click(screen.getByLabelText('Monday'));
  type('Nationality', '44');
  type('National ID or Iqama number', '1012345678');
  // The ID expiry date in the Hijri calendar: 1 Muharram 1450.
  const expiry = group(/^ID expiry date/);
  fireEvent.click(within(expiry).getByLabelText('Hijri'));
  type('Day', '1', expiry);
  type('Month', '1', expiry);
  type('Year', '1450', expiry);
  type('Region', '1');
  type('City', '3');
  if (withAccount) type('User name', 'ahmed_q');
  type('E-mail', 'ahmed@example.org');
  type('Mobile number', '0551234567');
  if (!withAccount) return;
  type('Password', 'Strong@2026!');
  type('Confirm password', 'Strong@2026!');
}

describe('visitor registration', () => {
  it('saves a draft: POST with submit false and the form as typed, then says how to come back', async () => {
    const api = installFakeApi();
    open('/en/register');
    await fillDraftMoh();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Your draft has been saved.' })).toBeTruthy();
    const [call] = posted(api);
    expect(posted(api)).toHaveLength(1);
    expect(call?.csrf).toBe('csrf-anon');
    expect(call?.body).toMatchObject({
      submit: false,
      form: {
        personal: {
          firstNameAr: 'أحمد',
          lastNameEn: 'Alqahtani',
          gender: 1,
          maritalStatus: 1,
          birthDate: { calendar: 'gregorian', value: '1996-03-15' },
          preferredTime: 3,
          preferredDays: [0, 1],
        },
        identity: {
          nationalityId: 44,
          idType: 0,
          idNumber: '1012345678',
          idExpiryDate: { calendar: 'hijri', value: '1450-01-01' },
        },
        address: { regionId: 1, cityId: 3 },
        user: { userName: 'ahmed_q', email: 'ahmed@example.org', mobile: '0551234567', password: 'Strong@2026!' },
      },
    });
    expect(screen.getByTestId('draft-reference').textContent).toContain('REG-2026-000123');
    expect(screen.getByText(/We have sent you an e-mail with a link/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to continue' })).toBeTruthy();
  });

  it('checks the draft rules before calling the server and focuses the first invalid field', async () => {
    const api = installFakeApi();
    open('/en/register');
    await fillDraftMoh();
    type('Mobile number', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    const mobile = screen.getByLabelText(label('Mobile number'));
    await waitFor(() => expect(document.activeElement).toBe(mobile));
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(mobile)).toContain('The mobile number must have 10 digits and start with 05.');
    const summary = screen.getByTestId('reg-summary');
    expect(within(summary).getByRole('link', { name: /^Mobile number:/ })).toBeTruthy();
    expect(posted(api)).toHaveLength(0);
  });

  it('shows a duplicate e-mail (409) at the e-mail field', async () => {
    installFakeApi({
      saveFailure: { status: 409, code: 'EmailAlreadyExists', details: { field: 'user.email' } },
    });
    open('/en/register');
    await fillDraftMoh();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));

    const email = screen.getByLabelText(label('E-mail'));
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(describedText(email)).toContain('This e-mail address is already registered.');
    await waitFor(() => expect(document.activeElement).toBe(email));
    // Only the e-mail is wrong; the buttons work again.
    expect(screen.getByLabelText(label('User name')).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Save as draft' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the server rules (422) next to their fields', async () => {
    installFakeApi({
      saveFailure: {
        status: 422,
        code: 'InvalidIdNo',
        details: { issues: [{ path: 'identity.idNumber', code: 'InvalidIdNo' }] },
      },
    });
    open('/en/register');
    await fillDraftMoh();
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    const idNumber = screen.getByLabelText(label('National ID or Iqama number'));
    await waitFor(() => expect(describedText(idNumber)).toContain('Invalid ID number.'));
  });

  it('derives the id type from the nationality: 44 is a national id', async () => {
    installFakeApi();
    open('/en/register');
    const idType = (await screen.findByLabelText('ID type')) as HTMLInputElement;
    expect(idType.readOnly).toBe(true);
    expect(idType.value).toBe('');
    type('Nationality', '44');
    expect(idType.value).toBe('National ID');
    type('Nationality', '12');
    expect(idType.value).toBe('Residence permit (Iqama)');
  });

  it('offers only the region’s cities', async () => {
    installFakeApi();
    open('/en/register');
    const city = (await screen.findByLabelText(label('City'))) as HTMLSelectElement;
    expect(city.disabled).toBe(true);
    type('Region', '2');
    expect([...city.options].map((o) => o.textContent)).toEqual(['Choose…', 'Jeddah']);
  });

  it('shows the fuller fields for MOH and hides them for NEOM', async () => {
    installFakeApi({ clientCode: 'MOH' });
    const moh = open('/en/register');
    await formReady();
    for (const label of ['Second name (Arabic)', 'Third name (Arabic)', 'First name (English)', 'Category']) {
      expect(screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))).toBeTruthy();
    }
    expect(radios(/^Marital status/)).toBeTruthy();
    expect(group(/^ID expiry date/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Volunteering times' })).toBeTruthy();
    expect(screen.getByLabelText(/^COVID-19 contact status/)).toBeTruthy();
    moh.cleanup();
    cleanup();

    installFakeApi({ clientCode: 'NEOM' });
    open('/en/register');
    await formReady();
    expect(screen.getByLabelText(/^First name \(Arabic\)/)).toBeTruthy();
    for (const label of [
      /^Second name \(Arabic\)/,
      /^Third name \(Arabic\)/,
      /^First name \(English\)/,
      /^Family name \(English\)/,
      /^Category/,
      /^COVID-19 contact status/,
    ]) {
      expect(screen.queryByLabelText(label)).toBeNull();
    }
    expect(screen.queryByRole('radiogroup', { name: /^Marital status/ })).toBeNull();
    expect(screen.queryByRole('group', { name: /^ID expiry date/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Volunteering times' })).toBeNull();
    // NEOM has the employee fields.
    expect(screen.getByLabelText('I am an employee of the organisation')).toBeTruthy();
  });

  it('refuses a file over 2 MB or of another type before uploading it', async () => {
    const api = installFakeApi();
    open('/en/register');
    await formReady();
    const input = screen.getByTestId('reg-photoFileId-input');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'me.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    const button = screen.getByRole('button', { name: 'Personal photo: Choose a file' });
    await waitFor(() => expect(describedText(button)).toContain('The file is larger than 2 MB.'));
    const pdf = new File(['%PDF'], 'me.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    await waitFor(() => expect(describedText(button)).toContain('This file type is not allowed.'));
    expect(api.calls.some((c) => c.path === '/api/files')).toBe(false);
  });

  it('uploads a file with its kind and keeps the returned id', async () => {
    const api = installFakeApi();
    // Without XMLHttpRequest the upload goes through fetch, which the fake API answers.
    vi.stubGlobal('XMLHttpRequest', undefined);
    open('/en/register');
    await formReady();
    fireEvent.click(screen.getByRole('button', { name: 'Add a certificate' }));
    const input = screen.getByTestId('reg-graduationCertificates-0-fileId-input');
    const pdf = new File(['%PDF-1.4'], 'degree.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(await screen.findByText('Uploaded upload.pdf')).toBeTruthy();
    const call = api.calls.find((c) => c.path === '/api/files');
    expect(call?.csrf).toBe('csrf-anon');
    const sent = vi.mocked(fetch).mock.calls.find(([path]) => path === '/api/files')?.[1]?.body as FormData;
    expect(sent.get('kind')).toBe('graduation');
    expect((sent.get('file') as File).name).toBe('degree.pdf');
  });

  it('asks before removing a row that holds data, not an empty one', async () => {
    installFakeApi();
    open('/en/register');
    await formReady();
    const add = screen.getByRole('button', { name: 'Add a contact' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect(screen.getAllByRole('group', { name: /^Emergency contacts \(\d\)$/ })).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Emergency contacts (2)' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByRole('group', { name: /^Emergency contacts \(\d\)$/ })).toHaveLength(1);

    type(/^Name/, 'محمد', group(/^Emergency contacts \(1\)$/));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Emergency contacts (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm removal' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.getAllByRole('group', { name: /^Emergency contacts \(\d\)$/ })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Emergency contacts (1)' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(screen.queryAllByRole('group', { name: /^Emergency contacts \(\d\)$/ })).toHaveLength(0),
    );
  });

  it('is in Arabic, right to left, at /ar/register', async () => {
    installFakeApi();
    open('/ar/register');
    expect(await screen.findByRole('heading', { level: 1, name: 'التسجيل كمتطوع' })).toBeTruthy();
    await formReady();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByLabelText(/^الاسم الأول \(بالعربية\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إرسال الطلب' })).toBeTruthy();
  });

  it('keeps what was typed when the language is switched', async () => {
    installFakeApi();
    const { path } = open('/en/register');
    await formReady();
    type('First name (Arabic)', 'أحمد');
    fireEvent.click(screen.getByRole('link', { name: 'العربية' }));
    await waitFor(() => expect(path()).toBe('/ar/register'));
    const first = screen.getByLabelText(/^الاسم الأول \(بالعربية\)/) as HTMLInputElement;
    expect(first.value).toBe('أحمد');
  });

  it('sends a signed-in user to their own registration', async () => {
    installFakeApi({ user: sara, csrfToken: 'csrf-user', registration: detail(1) });
    const { path } = open('/en/register');
    await waitFor(() => expect(path()).toBe('/en/registration'));
  });
});

function renderForm(props: Partial<Parameters<typeof RegistrationForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <RegistrationForm target="create" client={CLIENTS.MOH} lookups={testLookups} onSaved={onSaved} {...props} />
    </AppProviders>,
  );
  return onSaved;
}

describe('submitting', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    resetSessionStore();
    useSessionStore.setState({ status: 'anonymous', csrfToken: 'csrf-anon' });
  });

  it('blocks the submit and shows the agreement error while the agreement is not ticked', async () => {
    const api = installFakeApi();
    const { agreement: _, ...withoutAgreement } = completeForm();
    const onSaved = renderForm({ initial: withoutAgreement });

    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const box = screen.getByRole('checkbox', { name: /^I confirm that my details are correct/ });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(describedText(box)).toContain('You must accept the agreement and terms before submitting.');
    const summary = screen.getByTestId('reg-summary');
    expect(within(summary).getAllByRole('link')).toHaveLength(1);
    expect(posted(api)).toHaveLength(0);

    fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
    expect(posted(api)[0]?.body).toMatchObject({
      submit: true,
      form: { agreement: true, user: { userName: 'ahmed_q' } },
    });
    expect(screen.queryByTestId('reg-summary')).toBeNull();
  });

  it("checks an employee's number with the HR system when the field is left, and says what it found", async () => {
    const api = installFakeApi();
    renderForm({
      client: CLIENTS.SRCA,
      initial: { ...completeForm({ idNumber: '1012340001' }), employee: { isEmployee: true } },
    });
    const field = screen.getByLabelText(label('Employee number'));
    fireEvent.change(field, { target: { value: 'E1002' } });
    fireEvent.blur(field);
    expect(
      await screen.findByText('The employee number is wrong or does not belong to the ID number entered.'),
    ).toBeTruthy();
    fireEvent.change(field, { target: { value: 'E1001' } });
    fireEvent.blur(field);
    expect(await screen.findByText('Employee number verified.')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/registrations/employee-code/check').map((c) => c.body)).toEqual([
      { employeeCode: 'E1002', idNumber: '1012340001' },
      { employeeCode: 'E1001', idNumber: '1012340001' },
    ]);
  });

  it('ticks the agreement from the terms dialog', async () => {
    installFakeApi();
    renderForm({ initial: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Read the terms and conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'I accept the terms' }));
    const box = screen.getByRole('checkbox', { name: /^I confirm that my details are correct/ }) as HTMLInputElement;
    await waitFor(() => expect(box.checked).toBe(true));
  });

  it('requires the submit rules (medical, lists) but not for a draft', async () => {
    const api = installFakeApi();
    const form: Form = completeForm();
    delete form.medical;
    form.emergencyContacts = [];
    renderForm({ initial: form });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByTestId('reg-summary');
    const links = within(summary)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(within(summary).getByText('Please fill in all required fields.')).toBeTruthy();
    expect(links).toEqual(['Blood group', 'COVID-19 contact status', 'Emergency contacts']);
    expect(posted(api)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(posted(api)).toHaveLength(1));
    expect(posted(api)[0]?.body).toMatchObject({ submit: false });
  });

  it('disables both buttons while saving, and again enables them after 5 s at most', async () => {
    let release: (r: Response) => void = () => {};
    const api = installFakeApi();
    const realFetch = vi.mocked(fetch).getMockImplementation();
    vi.mocked(fetch).mockImplementation((input, init) =>
      String(input) === '/api/registrations'
        ? new Promise<Response>((resolve) => {
            release = resolve;
          })
        : realFetch!(input, init),
    );
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    vi.setSystemTime(NOW);
    renderForm({ initial: completeForm() });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const draft = screen.getByRole('button', { name: 'Save as draft' });
    await waitFor(() => expect(draft.hasAttribute('disabled')).toBe(true));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(draft.hasAttribute('disabled')).toBe(false);
    release(new Response(JSON.stringify({ error: { code: 'InternalServerError', message: 'x' } }), { status: 500 }));
    expect(await screen.findByTestId('reg-failure')).toBeTruthy();
    expect(api.calls).toHaveLength(0); // the stub above answered instead of the fake API
  });
});

function detail(status: RegistrationDetail['status'], over: Partial<RegistrationDetail> = {}): RegistrationDetail {
  const form = completeForm();
  delete form.user!.password;
  delete form.user!.confirmPassword;
  if (status === 1) delete form.agreement;
  return {
    volunteerId: 'v1',
    status,
    referenceNumber: 'REG-2026-000042',
    form,
    appointment: null,
    rejectReason: null,
    notes: [],
    ...over,
  };
}

describe('thank-you page', () => {
  it('shows the reference number and the NEOM message for NEOM', async () => {
    installFakeApi({ clientCode: 'NEOM' });
    open('/en/registration/thank-you?ref=REG-2026-000123&verify=true');
    const text = await screen.findByTestId('thank-you-text');
    expect(text.textContent).toBe(
      'Thank you for your interest in volunteering at NEOM. We have received your application; the NEOM volunteering team will contact you once it has been reviewed.',
    );
    expect(screen.getByTestId('reference-number').textContent).toBe('REG-2026-000123');
    expect(screen.getByText(/We have sent you an e-mail with a link/)).toBeTruthy();
  });

  it('shows the default message for other clients, and no e-mail note without verification', async () => {
    installFakeApi({ clientCode: 'MOH' });
    open('/ar/registration/thank-you?ref=2026000123');
    const text = await screen.findByTestId('thank-you-text');
    expect(text.textContent).toBe('شكراً لتسجيلك متطوعاً. تم استلام طلبك وستتم مراجعته، وسنتواصل معك قريباً.');
    expect(screen.getByTestId('reference-number').textContent).toBe('2026000123');
    expect(screen.queryByText(/أرسلنا إلى بريدك الإلكتروني/)).toBeNull();
  });
});

describe('my registration', () => {
  const signedIn = (registration: RegistrationDetail | null) =>
    installFakeApi({ user: sara, csrfToken: 'csrf-user', registration });

  it('offers a volunteer without any registration to start one, and saves it as her first draft', async () => {
    const api = signedIn(null);
    const { path } = open('/en/registration');
    const start = await screen.findByTestId('start-registration');
    expect(start.textContent).toContain('You have no registration yet.');
    fireEvent.click(within(start).getByRole('link', { name: 'Start my volunteer registration' }));
    await waitFor(() => expect(path()).toBe('/en/registration/edit'));
    const userName = (await screen.findByLabelText(/^User name/)) as HTMLInputElement;
    expect(userName.value).toBe('sara');
    expect(userName.readOnly).toBe(true);
    await fillDraftMoh(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(posted(api, 'PUT')).toHaveLength(1));
    expect(posted(api, 'PUT')[0]?.body).toMatchObject({ submit: false, form: { user: { userName: 'sara' } } });
  });

  it('shows a draft with its status and the way to edit it; no notes yet', async () => {
    signedIn(detail(1));
    open('/en/registration');
    expect(await screen.findByText('Draft')).toBeTruthy();
    expect(screen.getByTestId('my-reference').textContent).toBe('REG-2026-000042');
    expect(screen.getByRole('link', { name: 'Edit registration' })).toBeTruthy();
    expect(screen.queryByTestId('notes')).toBeNull();
    // the read-only summary, in the page's language
    expect(screen.getByText('Ahmed')).toBeTruthy();
    expect(screen.getAllByText('Diriyah').length).toBeGreaterThan(0);
  });

  it('shows the appointment of an initially accepted registration, without editing', async () => {
    signedIn(
      detail(3, {
        appointment: {
          at: '2026-12-01T07:30:00.000Z',
          location: 'King Fahd Hospital',
          reviewerId: 'r1',
          reviewerName: 'Dr Noor',
        },
        notes: [{ noteId: 'n1', note: 'Bring your ID card.', at: '2026-11-20T10:00:00.000Z' }],
      }),
    );
    open('/en/registration');
    const appointment = await screen.findByTestId('appointment');
    expect(appointment.textContent).toContain('King Fahd Hospital');
    expect(appointment.textContent).toContain('1 December 2026');
    expect(appointment.textContent).toContain('AH');
    expect(screen.getByText('Initially accepted')).toBeTruthy();
    expect(screen.getByText('Bring your ID card.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit registration' })).toBeNull();
  });

  it('shows the reason of a rejection', async () => {
    signedIn(detail(6, { rejectReason: 'Incomplete documents' }));
    open('/en/registration');
    expect((await screen.findByTestId('reject-reason')).textContent).toContain('Incomplete documents');
    expect(screen.queryByRole('link', { name: 'Edit registration' })).toBeNull();
  });

  it('refuses to edit an approved registration', async () => {
    signedIn(detail(5));
    open('/en/registration/edit');
    expect(await screen.findByText('The registration cannot be edited in its current status.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Submit|Save/ })).toBeNull();
  });

  it('edits a draft and submits it with PUT, keeping the password, then thanks', async () => {
    const api = signedIn(detail(1));
    const { path } = open('/en/registration/edit');
    const first = (await screen.findByLabelText(/^First name \(English\)/)) as HTMLInputElement;
    expect(first.value).toBe('Ahmed');
    fireEvent.change(first, { target: { value: 'Ahmad' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^I confirm that my details are correct/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(path()).toBe('/en/registration/thank-you'));
    const [call] = posted(api, 'PUT');
    expect(call?.csrf).toBe('csrf-user');
    expect(call?.body).toMatchObject({ submit: true, form: { personal: { firstNameEn: 'Ahmad' }, agreement: true } });
    expect((call!.body as { form: Form }).form.user).not.toHaveProperty('password');
    expect(await screen.findByTestId('reference-number')).toBeTruthy();
  });

  it('after login with an incomplete registration, opens the registration page that asked for it', async () => {
    installFakeApi({ account: { ...sara, isRegistrationComplete: false }, registration: detail(1) });
    const { path } = open('/en/login?redirect=/registration/edit');
    fireEvent.change(await screen.findByLabelText(/User name/), { target: { value: 'sara' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(path()).toBe('/en/registration/edit'));
    expect(await screen.findByLabelText(/^First name \(English\)/)).toBeTruthy();
  });

  it('saves a submitted registration without turning it back into a draft', async () => {
    const api = signedIn(detail(2));
    const { path } = open('/en/registration/edit');
    await screen.findByLabelText(/^First name \(English\)/);
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(path()).toBe('/en/registration'));
    expect(posted(api, 'PUT')[0]?.body).toMatchObject({ submit: true });
  });
});

describe('e-mail verification link', () => {
  const token = '1f7694b1-7b27-5970-b8ed-b15dde98bb28.vwjKAZYUy_IBAVCZqhn';

  it('confirms the address with the token and offers to sign in', async () => {
    const api = installFakeApi();
    open(`/en/verify-email?token=${token}`);
    expect(await screen.findByText('Your e-mail address is confirmed. You can now sign in.')).toBeTruthy();
    // the header's sign-in button and the page's own
    expect(screen.getAllByRole('link', { name: 'Sign in' })).toHaveLength(2);
    const calls = api.calls.filter((c) => c.path === '/api/email-verification');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ body: { token }, csrf: 'csrf-anon' });
  });

  it('says a new link was sent when this one expired, and refuses a broken one', async () => {
    installFakeApi();
    const first = open(`/ar/verify-email?token=${token}expired`);
    expect(
      await screen.findByText('انتهت صلاحية رابط التأكيد، وأرسلنا إليك رابطاً جديداً على بريدك الإلكتروني.'),
    ).toBeTruthy();
    first.cleanup();
    cleanup();
    installFakeApi();
    open('/en/verify-email?token=nonsense');
    expect(await screen.findByText('The activation link is invalid or has expired.')).toBeTruthy();
  });
});
