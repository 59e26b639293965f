import { Box, Button, Container, Group } from '@mantine/core';
import { Outlet, useNavigate, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityCheck } from '../../features/session/ActivityCheck.tsx';
import { IdleWatcher } from '../../features/session/IdleWatcher.tsx';
import { otherLang, stripLang, withLang } from '../language.ts';
import { useLanguageStore } from '../stores/language.ts';
import { useSessionStore } from '../stores/session.ts';
import { GlobeIcon } from './icons.tsx';
import { AnchorLink, ButtonLink, NavLinks } from './links.tsx';
import { headerMenu, visitorMenu } from './menu.ts';
import { SiteFooter } from './SiteFooter.tsx';

// Only a signed-in user sees these: their chunks stay out of the public pages' first load (docs/performance.md).
const NotificationsBell = lazy(() =>
  import('../../features/notifications/NotificationsBell.tsx').then((m) => ({ default: m.NotificationsBell })),
);
const UserMenu = lazy(() => import('./UserMenu.tsx').then((m) => ({ default: m.UserMenu })));

/** Skip link, header (title, language, user menu), permitted menus, and the main landmark around the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const mainRef = useRef<HTMLDivElement>(null);
  // The page without its language: switching language keeps focus on the toggle, other navigation does not.
  const page = useRouterState({ select: (s) => stripLang(s.location.pathname) });
  const previousPage = useRef(page);

  // After a client-side navigation to another page, move focus to it so screen readers start there.
  useEffect(() => {
    if (previousPage.current === page) return;
    previousPage.current = page;
    mainRef.current?.focus({ preventScroll: true });
  }, [page]);

  return (
    <>
      <a href="#main" className="skip-link">
        {t('app.skipToContent')}
      </a>
      <Header />
      <MainNav />
      <Container component="main" id="main" size="lg" py="md" tabIndex={-1} ref={mainRef} className="app-main">
        <Outlet />
      </Container>
      <SiteFooter />
      <IdleWatcher />
      <ActivityCheck />
    </>
  );
}

function Header() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const user = useSessionStore((s) => s.user);
  const onLogin = useRouterState({ select: (s) => s.location.pathname.endsWith('/login') });
  return (
    <Box
      component="header"
      style={{
        borderBlockStart: '4px solid var(--mantine-color-brand-7)',
        borderBlockEnd: '1px solid var(--mantine-color-gray-3)',
      }}
    >
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <AnchorLink to="/$lang" params={{ lang }} fw={700} fz="lg" underline="never">
            {t('app.name')}
          </AnchorLink>
          <Group gap="sm">
            <LanguageToggle />
            {user && (
              <Suspense fallback={null}>
                <NotificationsBell />
              </Suspense>
            )}
            {user ? (
              <Suspense fallback={null}>
                <UserMenu />
              </Suspense>
            ) : (
              !onLogin && <SignInButton />
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** Keeps the current page and query, under the other language prefix; the route applies the language. */
function LanguageToggle() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lang = useLanguageStore((s) => s.lang);
  const location = useRouterState({ select: (s) => s.location });
  const href = `${withLang(location.pathname, otherLang(lang))}${location.searchStr}`;
  return (
    <Button
      component="a"
      href={href}
      variant="default"
      leftSection={<GlobeIcon />}
      className="lang-toggle"
      lang={t('app.switchLanguageLang')}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        void navigate({ href });
      }}
    >
      {t('app.switchLanguage')}
    </Button>
  );
}

function SignInButton() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  return (
    <ButtonLink to="/$lang/login" params={{ lang }}>
      {t('app.signIn')}
    </ButtonLink>
  );
}

/** The permitted screens (spec: only with complete registration and a valid national id). */
function MainNav() {
  const { t } = useTranslation();
  const user = useSessionStore((s) => s.user);
  const permissions = useSessionStore((s) => s.permissions);
  const items = user ? headerMenu(user, permissions) : visitorMenu(user);
  if (items.length === 0) return null;
  return (
    <Box
      component="nav"
      aria-label={t('app.mainNav')}
      style={{ borderBlockEnd: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg" py={6}>
        <NavLinks links={items} />
      </Container>
    </Box>
  );
}
