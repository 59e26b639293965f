import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { appPerTest } from '../../test/appPerTest.ts';
import { type FakeApiState, installFakeApi, sara } from '../../test/fakeApi.ts';
import type { renderApp } from '../../test/renderApp.tsx';

/**
 * The session timers' tests (idle watcher, activity check): a fake interval and clock from 2026-03-01 09:00 UTC, and
 * Sara signed in on the dashboard. `app()` is the rendered app of the running test.
 */
export function sessionTimerTests() {
  const apps = appPerTest();
  let app: ReturnType<typeof renderApp> | undefined;
  beforeEach(() => {
    // Only the interval and the clock are fake, so Testing Library's own waiting still works.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
  });
  afterEach(() => {
    app = undefined;
    vi.useRealTimers();
  });
  return {
    app: () => app,
    async signedInDashboard(over: Partial<FakeApiState> = {}) {
      const api = installFakeApi({ user: sara, csrfToken: 'csrf-user', ...over });
      app = apps.open('/en/dashboard');
      await screen.findByRole('heading', { level: 1, name: 'Welcome, Sara Alotaibi' });
      return api;
    },
    /** Moves the fake clock and runs the intervals due. */
    pass(ms: number) {
      act(() => {
        vi.advanceTimersByTime(ms);
      });
    },
  };
}
