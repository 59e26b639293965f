// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RegistrationDetail } from '../../../../api/contracts/registration.ts';
import type { RegistrationForm as Form } from '../../../../domain/registration/form.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { detail, fillDraftMoh, open, posted, setUpRegistrationTests } from './registrationTestKit.tsx';

setUpRegistrationTests();

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
    expect(screen.queryByTestId('course-link')).toBeNull();
  });

  it('shows a practitioner the course link and the final acceptance within 24 hours', async () => {
    installFakeApi({ courseUrl: 'https://learn.example.org/practitioners' });
    open('/en/registration/thank-you?ref=REG-2026-000123&course=true');
    const notice = await screen.findByTestId('course-link');
    expect(notice.textContent).toContain('Final acceptance after a course within 24 hours.');
    expect(within(notice).getByRole('link', { name: 'The course' }).getAttribute('href')).toBe(
      'https://learn.example.org/practitioners',
    );
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
