import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { configure, render } from '@testing-library/react';
import { AppProviders, createQueryClient } from '../app/App.tsx';
import { i18n } from '../app/i18n/index.ts';
import { applyDocumentLanguage } from '../app/language.ts';
import { connectApi, createAppRouter } from '../app/router.tsx';
import { useLanguageStore } from '../app/stores/language.ts';
import { resetSessionStore } from '../app/stores/session.ts';

// A screen's first render loads its lazy chunks; on a loaded two-core machine that can pass findBy's default 1 s
// (the roster's first test failed so in a full run). A wait still fails when what it waits for never comes.
configure({ asyncUtilTimeout: 5000 });

/** The whole app on an in-memory history, as a browser at `path` would show it. */
export function renderApp(path: string) {
  resetSessionStore();
  // Back to the defaults without writing the language cookie (a test may have set one).
  useLanguageStore.setState({ lang: 'ar' });
  void i18n.changeLanguage('ar');
  applyDocumentLanguage('ar');
  const queryClient = createQueryClient();
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(queryClient, history);
  const disconnect = connectApi(router, queryClient);
  const view = render(
    <AppProviders queryClient={queryClient} mantineEnv="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return {
    ...view,
    router,
    path: () => router.state.location.pathname,
    href: () => router.state.location.href,
    cleanup: () => {
      view.unmount();
      disconnect();
      queryClient.clear();
    },
  };
}

/** Loads the lazily mounted "my events" page before a test opens it (as the router would on the first visit). */
export function loadMyEventsPage() {
  return import('../features/my-events/MyEventsPage.tsx');
}
