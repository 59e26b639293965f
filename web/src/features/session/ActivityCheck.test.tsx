// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import type { FakeApiState } from '../../test/fakeApi.ts';
import { sessionTimerTests } from './sessionTestKit.tsx';

const timers = sessionTimerTests();
const { app, pass: waitMs } = timers;

async function signedInDashboard(over: Partial<FakeApiState> = {}) {
  const api = await timers.signedInDashboard(over);
  // The check starts once the client's settings (GET /api/config) are in: let that answer land (real timeouts).
  await waitFor(() => expect(api.calls.some((c) => c.path === '/api/config')).toBe(true));
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  return api;
}

const sessionChecks = (api: FakeApiState) => api.calls.filter((c) => c.method === 'GET' && c.path === '/api/session');

describe('the activity check (one client: every 180000 ms)', () => {
  it('is set for the ministry client only', () => {
    expect(CLIENTS.MOH.activityCheckMs).toBe(180_000);
    expect(CLIENTS.SRCA.activityCheckMs).toBeNull();
    expect(CLIENTS.NEOM.activityCheckMs).toBeNull();
  });

  it('asks the server every 180 s whether the session is still valid, and keeps a valid one', async () => {
    const api = await signedInDashboard();
    const before = sessionChecks(api).length;
    waitMs(179_999);
    expect(sessionChecks(api)).toHaveLength(before);
    waitMs(1);
    await waitFor(() => expect(sessionChecks(api)).toHaveLength(before + 1));
    waitMs(180_000);
    await waitFor(() => expect(sessionChecks(api)).toHaveLength(before + 2));
    expect(app()?.path()).toBe('/en/dashboard');
  });

  it('ends a session ended elsewhere and opens the login page with the reason', async () => {
    const api = await signedInDashboard();
    api.user = null; // signed out in another browser, deactivated, or expired on the server
    waitMs(180_000);
    await waitFor(() => expect(app()?.path()).toBe('/en/login'));
    expect(
      await screen.findByText(
        'Your session has ended: you were signed out elsewhere, the account was deactivated, or the session expired. Please sign in again.',
      ),
    ).toBeTruthy();
    expect(app()?.router.state.location.search).toMatchObject({ reason: 'ended', redirect: '/dashboard' });
  });

  it('does not ask for a client without the check', async () => {
    const api = await signedInDashboard({ clientCode: 'SRCA' });
    const before = sessionChecks(api).length;
    waitMs(3 * 180_000);
    expect(sessionChecks(api)).toHaveLength(before);
    expect(app()?.path()).toBe('/en/dashboard');
  });
});
