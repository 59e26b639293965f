// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/App.tsx';
import { i18n } from '../../app/i18n/index.ts';
import { resetSessionStore, useSessionStore } from '../../app/stores/session.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { ChangePasswordForm, validate } from './ChangePasswordForm.tsx';

function renderForm(onChanged = vi.fn()) {
  render(
    <AppProviders queryClient={new QueryClient()} mantineEnv="test">
      <ChangePasswordForm onChanged={onChanged} />
    </AppProviders>,
  );
  return onChanged;
}

function type(label: RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function rule(name: string): HTMLElement {
  const li = document.querySelector<HTMLElement>(`[data-rule="${name}"]`);
  if (!li) throw new Error(`no rule ${name}`);
  return li;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
  resetSessionStore();
  useSessionStore.getState().setLoggedIn(sara, 'csrf-user');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('client-side checks', () => {
  it('requires all three fields', () => {
    expect(validate('', 'Better#456', 'Better#456')).toBe('AllFieldsRequired');
    expect(validate('old', '  ', '  ')).toBe('AllFieldsRequired');
  });

  it('refuses a password that breaks the policy', () => {
    expect(validate('old', 'better#456', 'better#456')).toBe('WeakPassword');
  });

  it('refuses a confirmation that differs', () => {
    expect(validate('old', 'Better#456', 'Better#457')).toBe('PasswordsNotMatched');
  });

  it('accepts a valid change', () => {
    expect(validate('old', 'Better#456', 'Better#456')).toBeNull();
  });
});

describe('change password form', () => {
  it('rates the new password as the user types, in words and on a labelled bar', () => {
    renderForm();
    type(/^New password/, 'abc');
    expect(screen.getByText('Password strength: Weak')).toBeTruthy();
    type(/^New password/, 'abcDEF');
    expect(screen.getByText('Password strength: Medium')).toBeTruthy();
    type(/^New password/, 'abcDEF1!');
    expect(screen.getByText('Password strength: Strong')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Password strength' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Strong');
  });

  it('ticks each policy rule as it is met', () => {
    renderForm();
    type(/^New password/, 'abcdefgh');
    expect(rule('tooShort').dataset.met).toBe('true');
    expect(rule('noLowercase').dataset.met).toBe('true');
    expect(rule('noUppercase').dataset.met).toBe('false');
    expect(rule('noSpecial').textContent).toContain('(not met)');
    type(/^New password/, 'abcdefgH1!');
    for (const name of ['tooShort', 'noLowercase', 'noUppercase', 'noDigit', 'noSpecial']) {
      expect(rule(name).dataset.met).toBe('true');
    }
  });

  it('says the passwords do not match before calling the server', () => {
    const api = installFakeApi({ user: sara, csrfToken: 'csrf-user' });
    renderForm();
    type(/^Current password/, 'Secret#123');
    type(/^New password/, 'Better#456');
    type(/^Confirm the new password/, 'Better#789');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByRole('alert').textContent).toBe('The passwords do not match.');
    expect(api.calls).toEqual([]);
  });

  it('shows the server refusal in the user language', async () => {
    installFakeApi({ user: sara, csrfToken: 'csrf-user', changePasswordFailure: { code: 'WrongOldPassword' } });
    renderForm();
    type(/^Current password/, 'Nope#1234');
    type(/^New password/, 'Better#456');
    type(/^Confirm the new password/, 'Better#456');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('The current password is incorrect.')).toBeTruthy();
  });

  it('posts the three fields with the CSRF token and reports success', async () => {
    const api = installFakeApi({ user: sara, csrfToken: 'csrf-user' });
    const onChanged = renderForm();
    type(/^Current password/, 'Secret#123');
    type(/^New password/, 'Better#456');
    type(/^Confirm the new password/, 'Better#456');
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    const call = api.calls.find((c) => c.path === '/api/session/change-password');
    expect(call).toMatchObject({
      method: 'POST',
      csrf: 'csrf-user',
      body: { oldPassword: 'Secret#123', newPassword: 'Better#456', confirmPassword: 'Better#456' },
    });
    // the session is read back once the server's read models include the change
    expect(api.calls.some((c) => c.path === '/api/session?after=2.2')).toBe(true);
  });
});
