// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { completeForm } from '../../../../domain/registration/fixtures.ts';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { i18n } from '../../app/i18n/index.ts';
import { resetSessionStore, useSessionStore } from '../../app/stores/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import {
  describedText,
  detail,
  fillDraftMoh,
  formReady,
  group,
  label,
  NOW,
  open,
  posted,
  radios,
  renderForm,
  setUpRegistrationTests,
  type,
} from './registrationTestKit.tsx';

setUpRegistrationTests();

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
