// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi, sara } from '../../test/fakeApi.ts';
import { renderApp } from '../../test/renderApp.tsx';
import { FOOTER_LINKS } from './SiteFooter.tsx';

let app: ReturnType<typeof renderApp> | undefined;

afterEach(() => {
  app?.cleanup();
  app = undefined;
  cleanup();
});

// A volunteer: dashboard, change password and my events, no staff screen.
const volunteer = () => installFakeApi({ user: sara });

describe('the forbidden page (issue 11)', () => {
  it('shows a signed-in user without the screen the forbidden page in English, not home', async () => {
    volunteer();
    app = renderApp('/en/audit-log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Access denied' })).toBeTruthy();
    expect(screen.getByText('You do not have permission to open this page.')).toBeTruthy();
    expect(app.path()).toBe('/en/forbidden');
  });

  it('and in Arabic', async () => {
    volunteer();
    app = renderApp('/ar/users');
    await waitFor(() => expect(app?.path()).toBe('/ar/forbidden'));
    expect(await screen.findByText('ليست لديك صلاحية لفتح هذه الصفحة.')).toBeTruthy();
    expect(document.documentElement.dir).toBe('rtl');
  });
});

describe('the site footer', () => {
  it("is the page's contentinfo landmark, with the site's links in Arabic", async () => {
    installFakeApi();
    app = renderApp('/ar/no-such-page');
    await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' });
    const footer = screen.getByRole('contentinfo');
    const nav = within(footer).getByRole('navigation', { name: 'روابط الموقع' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual([
      'من نحن',
      'الأسئلة الشائعة',
      'الشروط والأحكام',
      'سياسة الخصوصية',
      'الوثائق',
      'المركز الإعلامي',
      'الأخبار',
      'تواصل معنا',
    ]);
    expect(links.map((a) => a.getAttribute('href'))).toEqual(FOOTER_LINKS.map((l) => l.to.replace('$lang', 'ar')));
  });

  it('and in English, for a signed-in user too', async () => {
    installFakeApi({ user: sara });
    app = renderApp('/en/dashboard');
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/en/about',
      '/en/faq',
      '/en/terms',
      '/en/privacy',
      '/en/documents',
      '/en/media-center',
      '/en/news',
      '/en/tickets',
    ]);
    expect(within(footer).getByText(/All rights reserved/)).toBeTruthy();
  });
});
