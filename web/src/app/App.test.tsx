// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, sara } from '../test/fakeApi.ts';
import { renderApp } from '../test/renderApp.tsx';

let app: ReturnType<typeof renderApp> | undefined;

function open(path: string) {
  app = renderApp(path);
  return app;
}

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: tests start without a language cookie
  document.cookie = 'lang=; max-age=0; path=/';
});

afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
  vi.unstubAllGlobals();
});

async function signIn(userName: string, password: string) {
  fireEvent.change(await screen.findByLabelText(/اسم المستخدم|User name/), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText(/^(كلمة المرور|Password)/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /^(دخول|Sign in)$/ }));
}

describe('routing', () => {
  it('sends / to Arabic by default', async () => {
    installFakeApi();
    const { path } = open('/');
    // The file's first render of the whole app also loads the home page's lazy chunk: on a loaded machine that can
    // take longer than the default second (it failed so in full runs), so the first waits allow 5 s.
    await waitFor(() => expect(path()).toBe('/ar'), { timeout: 5000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'وزارة الصحة' }, { timeout: 5000 })).toBeTruthy();
  });

  it('sends / to the language in the cookie', async () => {
    installFakeApi();
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the user's earlier choice
    document.cookie = 'lang=en; path=/';
    const { path } = open('/');
    await waitFor(() => expect(path()).toBe('/en'));
  });

  it('replaces an invalid language segment', async () => {
    installFakeApi();
    const { path } = open('/fr/login');
    await waitFor(() => expect(path()).toBe('/ar/login'));
  });

  it('shows the not-found page for an unknown address, keeping the address (issue 11)', async () => {
    installFakeApi();
    const { path } = open('/en/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('We could not find the page you are looking for.')).toBeTruthy();
    expect(path()).toBe('/en/no-such-page');
  });

  it('shows the not-found page in Arabic', async () => {
    installFakeApi();
    open('/ar/events/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeTruthy();
  });

  it('sends an anonymous user from a page that needs login to login, remembering the page', async () => {
    installFakeApi();
    const { path, router } = open('/en/change-password');
    await waitFor(() => expect(path()).toBe('/en/login'));
    expect(router.state.location.search).toMatchObject({ redirect: '/change-password', reason: 'required' });
    expect(await screen.findByText('Please sign in to view this page.')).toBeTruthy();
  });

  it('shows the status pages', async () => {
    installFakeApi();
    open('/en/forbidden');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Access denied – Volunteer Portal'));
  });
});

describe('language', () => {
  it('renders Arabic right-to-left with an Arabic title', async () => {
    installFakeApi();
    open('/ar/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await waitFor(() => expect(document.title).toBe('تسجيل الدخول – بوابة التطوع'));
  });

  it('switches to English on the same page, left-to-right, and remembers it for a day', async () => {
    installFakeApi();
    const { path } = open('/ar/login?reason=signedOut');
    fireEvent.click(await screen.findByRole('link', { name: 'English' }));
    await waitFor(() => expect(path()).toBe('/en/login'));
    expect(app?.router.state.location.search).toMatchObject({ reason: 'signedOut' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.cookie).toContain('lang=en');
  });
});

describe('login', () => {
  it('asks for both fields without calling the server (whitespace counts as empty)', async () => {
    const api = installFakeApi();
    open('/ar/login');
    await signIn('   ', 'x');
    expect(await screen.findByText('يرجى إدخال اسم المستخدم وكلمة المرور.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/session/login')).toBe(false);
  });

  it('offers the national single sign-on only when the client configuration has HasSingleSignOn', async () => {
    installFakeApi({ hasSingleSignOn: true });
    open('/en/login');
    const link = await screen.findByRole('link', { name: 'Sign in with the national single sign-on' });
    expect(link.getAttribute('href')).toBe('/api/sso/login?lang=en');
  });

  it('shows why a single sign-on came back refused', async () => {
    installFakeApi({ hasSingleSignOn: true });
    open('/en/login?ssoError=SsoFailed');
    expect(
      await screen.findByText('The sign-in through the national single sign-on did not complete. Please try again.'),
    ).toBeTruthy();
  });

  it('sends an InvalidNIC sign-in to the user-verification page (spec: InvalidNIC goes to user verification)', async () => {
    installFakeApi({ loginFailure: { status: 401, code: 'InvalidNIC', details: { loginStatus: 6 } } });
    open('/en/login');
    await signIn('sara', 'right');
    expect(await screen.findByRole('heading', { name: 'National identity verification' })).toBeTruthy();
  });

  it('shows the translated message for wrong information, never the server text', async () => {
    installFakeApi();
    open('/ar/login');
    await signIn('sara', 'wrong');
    expect(await screen.findByText('البيانات المدخلة غير صحيحة: تحقق من اسم المستخدم وكلمة المرور.')).toBeTruthy();
    expect(screen.queryByText(/English WrongInfo/)).toBeNull();
  });

  it.each([
    ['DeactivatedUser', 4, 'This account is suspended. Please contact the administrator.'],
    ['EmailVerification', 7, 'Your e-mail address is not verified yet. Please open the confirmation link sent to you.'],
  ])('shows the message for %s', async (code, loginStatus, text) => {
    installFakeApi({ loginFailure: { status: 401, code, details: { loginStatus } } });
    open('/en/login');
    await signIn('sara', 'wrong');
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('tells a locked user to reset the password, with the time it unlocks', async () => {
    installFakeApi({
      loginFailure: { status: 401, code: 'Locked', details: { loginStatus: 5, lockedUntil: '2026-03-01T10:30:00Z' } },
    });
    open('/en/login');
    await signIn('sara', 'wrong');
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain('Please reset your password.');
    expect(alert.textContent).toContain('You can try again after');
  });

  it('sends the user name, password and language id with the CSRF token', async () => {
    const api = installFakeApi();
    open('/en/login');
    await signIn(' sara ', 'Secret#123');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/session/login')).toBe(true));
    const call = api.calls.find((c) => c.path === '/api/session/login');
    expect(call?.body).toEqual({ userName: 'sara', password: 'Secret#123', language: 2 });
    expect(call?.csrf).toBe('csrf-anon');
  });

  it('opens the dashboard, greeting the user by name and role, with the permitted menus', async () => {
    installFakeApi();
    const { path } = open('/ar/login');
    await signIn('sara', 'Secret#123');
    await waitFor(() => expect(path()).toBe('/ar/dashboard'));
    expect(await screen.findByRole('heading', { level: 1, name: 'مرحباً، سارة العتيبي' })).toBeTruthy();
    expect(screen.getByText('الدور: متطوع')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
    const labels = [...nav.querySelectorAll('a')].map((a) => a.textContent);
    expect(labels).toEqual(['لوحة المعلومات', 'فعالياتي']);
  });

  it('offers a volunteer without any registration to start one, from the dashboard', async () => {
    installFakeApi({ account: { ...sara, registrationStatus: null } });
    const { path } = open('/en/login');
    await signIn('sara', 'Secret#123');
    await waitFor(() => expect(path()).toBe('/en/dashboard'));
    const start = await screen.findByTestId('start-registration');
    fireEvent.click(within(start).getByRole('link', { name: 'Start my volunteer registration' }));
    await waitFor(() => expect(path()).toBe('/en/registration/edit'));
  });

  it('goes back to the page that asked for login', async () => {
    installFakeApi();
    const { path } = open('/en/change-password');
    await waitFor(() => expect(path()).toBe('/en/login'));
    await signIn('sara', 'Secret#123');
    await waitFor(() => expect(path()).toBe('/en/change-password'));
  });

  it('opens the registration with a message, and hides the menus, until registration is complete', async () => {
    installFakeApi({ account: { ...sara, isRegistrationComplete: false } });
    const { path } = open('/en/login?redirect=/change-password');
    await signIn('sara', 'Secret#123');
    await waitFor(() => expect(path()).toBe('/en/registration'));
    await screen.findByRole('heading', { level: 1, name: 'My registration' });
    expect(
      await screen.findByText('Please complete your registration to use all of the portal’s services.'),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('still renders, with an error, when the configuration cannot be loaded', async () => {
    installFakeApi({ configFails: true });
    open('/en/login');
    expect(await screen.findByText('The data could not be loaded. Please try again.')).toBeTruthy();
    expect(screen.getByLabelText(/User name/)).toBeTruthy();
  });

  it('still renders the login page when the API is unreachable', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    open('/ar/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول' })).toBeTruthy();
    expect(await screen.findByText('تعذّر تحميل البيانات، يرجى المحاولة مرة أخرى.')).toBeTruthy();
  });
});

describe('forced password change', () => {
  it('follows a first login and keeps the user there until the password is changed', async () => {
    installFakeApi({ account: { ...sara, mustChangePassword: true } });
    const { path, router } = open('/en/login');
    await signIn('sara', 'Secret#123');
    await waitFor(() => expect(path()).toBe('/en/force-change-password'));
    await act(() => router.navigate({ to: '/$lang/dashboard', params: { lang: 'en' } }));
    await waitFor(() => expect(path()).toBe('/en/force-change-password'));
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();

    fireEvent.change(screen.getByLabelText(/^Current password/), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Better#456' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Better#456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(path()).toBe('/en/dashboard'));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
  });
});

describe('session end', () => {
  it('signs out from the user menu and shows the signed-out message', async () => {
    const api = installFakeApi({ user: sara, csrfToken: 'csrf-user' });
    const { path } = open('/en/dashboard');
    fireEvent.click(await screen.findByRole('button', { name: /Sara Alotaibi/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(path()).toBe('/en/login'));
    expect(await screen.findByText('You have signed out.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/session/logout' && c.csrf === 'csrf-user')).toBe(true);
  });

  it('goes to login with a translated message when a call answers 403', async () => {
    const api = installFakeApi({ user: sara, csrfToken: 'csrf-user' });
    const { path } = open('/en/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Welcome, Sara Alotaibi' });
    api.csrfToken = 'rotated'; // the next POST is refused with 403
    fireEvent.click(screen.getByRole('button', { name: /Sara Alotaibi/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Change password' }));
    fireEvent.change(await screen.findByLabelText(/^Current password/), { target: { value: 'Secret#123' } });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Better#456' } });
    fireEvent.change(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'Better#456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(path()).toBe('/en/login'));
    expect(
      await screen.findByText('Your session was ended because access was denied. Please sign in again.'),
    ).toBeTruthy();
  });
});
