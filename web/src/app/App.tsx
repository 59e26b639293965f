import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Notifications, notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from './api.ts';
import { i18n } from './i18n/index.ts';
import { dirOf } from './language.ts';
import type { AppRouter } from './router.tsx';
import { useLanguageStore } from './stores/language.ts';
import { cssVariablesResolver, theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; one retry for a dropped connection or a 5xx.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** Mantine's DirectionProvider reads <html dir> once; this keeps it in step with the language afterwards. */
function DirectionSync() {
  const lang = useLanguageStore((s) => s.lang);
  const { setDirection } = useDirection();
  useEffect(() => {
    setDirection(dirOf(lang));
  }, [lang, setDirection]);
  return null;
}

/** Mantine's notification container (and its transitions, portal and swipe) is a chunk of its own. */
const LazyNotifications = lazy(() =>
  import('./layout/NotificationsContainer.tsx').then((m) => ({ default: m.Notifications })),
);

/**
 * The notifications' container, mounted with the first notification shown (the store keeps it until then): a visitor's
 * page that never shows one does not load it (docs/performance.md, "The public bundle"). Component tests mount it at
 * once, so that a notification is in the document right after the action that shows it (the build drops that branch).
 */
function NotificationsOnFirstUse() {
  const [used, setUsed] = useState(() => notificationsStore.getState().notifications.length > 0);
  useEffect(() => {
    if (used) return;
    const unsubscribe = notificationsStore.subscribe(() => setUsed(true));
    // One shown between the first render and this effect.
    if (notificationsStore.getState().notifications.length > 0) setUsed(true);
    return () => {
      unsubscribe();
    };
  }, [used]);
  if (import.meta.env.MODE === 'test') return <Notifications position="top-center" />;
  return used ? (
    <Suspense fallback={null}>
      <LazyNotifications position="top-center" />
    </Suspense>
  ) : null;
}

export function AppProviders({
  queryClient,
  children,
  mantineEnv = 'default',
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals in component tests. */
  mantineEnv?: 'default' | 'test';
}) {
  return (
    <DirectionProvider initialDirection={dirOf(useLanguageStore.getState().lang)}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme="light"
        env={mantineEnv}
      >
        <DirectionSync />
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <NotificationsOnFirstUse />
            {children}
          </QueryClientProvider>
        </I18nextProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
