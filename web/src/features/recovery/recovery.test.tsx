// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../test/appPerTest.ts';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import type { renderApp } from '../../test/renderApp.tsx';

const page = appPerTest();
let app: ReturnType<typeof renderApp> | undefined;

const posted = (api: ReturnType<typeof installFakeApi>, path: string) =>
  api.calls.filter((c) => c.method === 'POST' && c.path === path);

describe('forgot password', () => {
  it('is linked from the login page and answers the same neutral message', async () => {
    const api = installFakeApi();
    app = page.open('/ar/login');
    fireEvent.click(await screen.findByRole('link', { name: 'نسيت كلمة المرور؟' }));
    await waitFor(() => expect(app!.path()).toBe('/ar/forgot-password'));
    fireEvent.change(await screen.findByLabelText(/البريد الإلكتروني/), { target: { value: 'sara@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'إرسال' }));
    expect((await screen.findByTestId('forgot-sent')).textContent).toContain('إذا كان هذا البريد مسجلاً لدينا');
    expect(posted(api, '/api/account/forgot-password')[0]?.body).toMatchObject({ email: 'sara@example.org' });
  });

  it('requires the e-mail before sending anything', async () => {
    const api = installFakeApi();
    app = page.open('/en/forgot-username');
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(posted(api, '/api/account/forgot-username')).toHaveLength(0);
  });
});

describe('the reset link', () => {
  const fill = async (password: string, confirm = password) => {
    fireEvent.change(await screen.findByLabelText(/^New password/), { target: { value: password } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: confirm } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
  };

  it('sets the new password and offers the sign-in', async () => {
    installFakeApi();
    app = page.open(`/en/reset-password?token=${sara.id}.valid-reset-link-0123456789`);
    await fill('New!Pass2026');
    expect((await screen.findByTestId('reset-done')).textContent).toContain('You can sign in now');
  });

  it('checks the password rules and the confirmation in the page first', async () => {
    const api = installFakeApi();
    app = page.open(`/en/reset-password?token=${sara.id}.valid-reset-link-0123456789`);
    await fill('New!Pass2026', 'Other!Pass2026');
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect(posted(api, '/api/account/reset-password')).toHaveLength(0);
  });

  it('says an expired, used or unknown link is invalid (Error_WrongActivationLink)', async () => {
    installFakeApi();
    app = page.open(`/en/reset-password?token=${sara.id}.expired-or-used-link-0123`);
    await fill('New!Pass2026');
    expect((await screen.findByTestId('reset-refused')).textContent).toBe(
      'The activation link is invalid or has expired.',
    );
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeTruthy();
  });
});
