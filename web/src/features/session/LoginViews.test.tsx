// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENTS, type ClientCode } from '../../../../domain/shared/clients.ts';
import { appPerTest } from '../../test/appPerTest.ts';
import { installFakeApi } from '../../test/fakeApi.ts';

// Each client's login view from the client table (domain/shared/clients.ts `loginView`), on the whole app with a
// fake API behind fetch that answers GET /api/config for the client code.

vi.setConfig({ testTimeout: 20_000 });

const app = appPerTest();

/** Whether `a` comes before `b` in the page. */
const precedes = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;

async function openLogin(clientCode: ClientCode, hasSingleSignOn: boolean, lang: 'ar' | 'en' = 'en') {
  const api = installFakeApi({ clientCode, hasSingleSignOn });
  const opened = app.open(`/${lang}/login`);
  // The client's own name under the heading: the config is in.
  await screen.findByTestId('login-client', {}, { timeout: 10_000 });
  return { api, path: opened.path };
}

describe('the login view of each client', () => {
  it('leads with the national single sign-on for the red-crescent client, the password form second', async () => {
    expect(CLIENTS.SRCA.loginView).toBe('sso-first');
    await openLogin('SRCA', true);
    const view = screen.getByTestId('login-sso-first');
    expect(screen.getByTestId('login-client').textContent).toBe('Saudi Red Crescent Authority volunteer portal');
    const sso = screen.getByRole('link', { name: 'Sign in with the national single sign-on' });
    expect(sso.getAttribute('href')).toBe('/api/sso/login?lang=en');
    const section = screen.getByRole('region', { name: 'National single sign-on' });
    expect(section.contains(sso)).toBe(true);
    const userName = screen.getByLabelText(/^User name/);
    expect(precedes(sso, userName)).toBe(true);
    expect(view.contains(userName)).toBe(true);
    expect(screen.getByText('or sign in with your user name and password')).toBeTruthy();
    // One sign-on link only (the standard view's, under the form, is not there too).
    expect(screen.getAllByTestId('sso-sign-in')).toHaveLength(1);
  });

  it('shows the health ministry its own name, in Arabic, with the sign-on first', async () => {
    await openLogin('MOH', true, 'ar');
    expect(screen.getByTestId('login-client').textContent).toBe('بوابة التطوع في وزارة الصحة');
    expect(screen.getByTestId('login-sso-first')).toBeTruthy();
    const sso = screen.getByRole('link', { name: 'الدخول عبر النفاذ الوطني الموحد' });
    expect(sso.getAttribute('href')).toBe('/api/sso/login?lang=ar');
    expect(precedes(sso, screen.getByLabelText(/^اسم المستخدم/))).toBe(true);
  });

  it('leads with the password form for the giga-project client, the sign-on offered below it', async () => {
    expect(CLIENTS.NEOM.loginView).toBe('standard');
    await openLogin('NEOM', true);
    expect(screen.getByTestId('login-standard')).toBeTruthy();
    expect(screen.getByTestId('login-client').textContent).toBe('NEOM volunteer portal');
    expect(screen.queryByRole('region', { name: 'National single sign-on' })).toBeNull();
    const sso = screen.getByRole('link', { name: 'Sign in with the national single sign-on' });
    expect(precedes(screen.getByLabelText(/^User name/), sso)).toBe(true);
  });

  it('shows the standard view to an sso-first client whose deployment has no single sign-on', async () => {
    await openLogin('SRCA', false);
    expect(screen.getByTestId('login-standard')).toBeTruthy();
    expect(screen.queryByTestId('sso-sign-in')).toBeNull();
    expect(screen.queryByText('or sign in with your user name and password')).toBeNull();
  });

  it('still signs in with the password form second', async () => {
    const { api, path } = await openLogin('SRCA', true);
    fireEvent.change(screen.getByLabelText(/^User name/), { target: { value: 'sara' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Secret#123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(path()).toBe('/en/dashboard'));
    expect(api.calls.some((c) => c.path === '/api/session/login')).toBe(true);
  });
});
