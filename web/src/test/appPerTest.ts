import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { renderApp } from './renderApp.tsx';

/**
 * The whole app, opened by each test of a file and closed after it (with the fake API's fetch): call once at the
 * file's top level.
 */
export function appPerTest() {
  let app: ReturnType<typeof renderApp> | undefined;
  afterEach(() => {
    app?.cleanup();
    app = undefined;
    cleanup();
    vi.unstubAllGlobals();
  });
  return {
    open(path: string) {
      app?.cleanup();
      cleanup();
      app = renderApp(path);
      return app;
    },
  };
}
