import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { RegistrationDetail } from '../../../../api/contracts/registration.ts';
import { completeForm } from '../../../../domain/registration/fixtures.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { AppProviders } from '../../app/App.tsx';
import { appPerTest } from '../../test/appPerTest.ts';
import type { installFakeApi } from '../../test/fakeApi.ts';
import { testLookups } from '../../test/lookups.ts';
import { RegistrationForm } from './RegistrationForm.tsx';

/** The rules compare dates with "now": a fixed day keeps the fixture's ages and training dates valid. */
export const NOW = new Date('2026-11-22T09:00:00.000Z');

let apps: ReturnType<typeof appPerTest> | undefined;

/** The whole app at `path` (after `setUpRegistrationTests`, which closes it after each test). */
export function open(path: string) {
  if (!apps) throw new Error('setUpRegistrationTests() first');
  return apps.open(path);
}

/** A label as written, with or without the required star Mantine appends. */
export function label(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
}

export function type(text: string | RegExp, value: string, container: HTMLElement = document.body) {
  const el = within(container).getByLabelText(typeof text === 'string' ? label(text) : text);
  fireEvent.change(el, { target: { value } });
}

/** The register page once config and lookups have arrived. */
export async function formReady() {
  await screen.findByRole('button', { name: /^(Submit|إرسال الطلب)$/ });
}

export function group(name: RegExp): HTMLElement {
  return screen.getByRole('group', { name });
}

export function radios(name: RegExp): HTMLElement {
  return screen.getByRole('radiogroup', { name });
}

export function posted(api: ReturnType<typeof installFakeApi>, method = 'POST') {
  return api.calls.filter((c) => c.method === method && c.path.startsWith('/api/registrations'));
}

/** The description Mantine wires to an input (its error message, here). */
export function describedText(el: HTMLElement): string {
  return (el.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/**
 * Everything the MOH variant checks for a draft, typed in through the labels as a visitor would; a signed-in user
 * (withAccount false) has her user name and password already.
 */
export async function fillDraftMoh(withAccount = true) {
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

/**
 * The set-up every registration test file shares: room for a long form on a busy machine, the lazy pages loaded once,
 * the clock at NOW (Date only), no language cookie, and everything rendered cleaned up.
 */
export function setUpRegistrationTests() {
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

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    // biome-ignore lint/suspicious/noDocumentCookie: tests start without a language cookie
    document.cookie = 'lang=; max-age=0; path=/';
  });

  apps = appPerTest();
  afterEach(() => {
    vi.useRealTimers();
  });
}

export function renderForm(props: Partial<Parameters<typeof RegistrationForm>[0]> = {}) {
  const onSaved = vi.fn();
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <RegistrationForm target="create" client={CLIENTS.MOH} lookups={testLookups} onSaved={onSaved} {...props} />
    </AppProviders>,
  );
  return onSaved;
}

/** A registration as the API returns it, with the fixture's complete form (no password, as the server never sends it). */
export function detail(
  status: RegistrationDetail['status'],
  over: Partial<RegistrationDetail> = {},
): RegistrationDetail {
  const form = completeForm();
  delete form.user!.password;
  delete form.user!.confirmPassword;
  if (status === 1) delete form.agreement;
  return {
    volunteerId: 'v1',
    status,
    referenceNumber: 'REG-2026-000042',
    form,
    practitioner: null,
    appointment: null,
    rejectReason: null,
    notes: [],
    ...over,
  };
}
