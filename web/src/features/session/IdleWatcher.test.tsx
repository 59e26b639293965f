// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionTimerTests } from './sessionTestKit.tsx';

const { app, signedInDashboard, pass } = sessionTimerTests();
const idleFor = (seconds: number) => pass(seconds * 1000);

describe('idle warning', () => {
  it('warns a minute before the time-out with a countdown', async () => {
    await signedInDashboard();
    idleFor(839);
    expect(screen.queryByText('Are you still there?')).toBeNull();
    idleFor(1);
    expect(await screen.findByText('Are you still there?')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    idleFor(15);
    expect(screen.getByRole('timer').textContent).toBe('0:45');
  });

  it('keeps the session when the user chooses to stay', async () => {
    const api = await signedInDashboard();
    idleFor(850);
    fireEvent.click(await screen.findByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByText('Are you still there?')).toBeNull());
    expect(api.calls.filter((c) => c.path === '/api/session/keepalive')).toHaveLength(1);
    idleFor(100);
    expect(app()?.path()).toBe('/en/dashboard');
  });

  it('signs out at the time-out and says the session expired', async () => {
    const api = await signedInDashboard();
    idleFor(900);
    await waitFor(() => expect(app()?.path()).toBe('/en/login'));
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/session/logout')).toBe(true);
    expect(app()?.router.state.location.search).toMatchObject({ reason: 'expired', redirect: '/dashboard' });
  });

  it('pings the server at most once a minute while the user is active', async () => {
    const api = await signedInDashboard();
    for (let i = 0; i < 12; i++) {
      idleFor(10);
      fireEvent.keyDown(window, { key: 'a' });
    }
    // two minutes of typing → two keepalives, never more than one a minute
    const pings = api.calls.filter((c) => c.path === '/api/session/keepalive');
    expect(pings.length).toBeGreaterThanOrEqual(1);
    expect(pings.length).toBeLessThanOrEqual(2);
    expect(screen.queryByText('Are you still there?')).toBeNull();
  });
});
