import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIdleTracker, formatCountdown, idleSettings, idleStatus } from './idle.ts';

// 900 s time-out, warning 60 s before it, keepalive at most once a minute.
const settings = idleSettings(900, 60);
const SECOND = 1000;
const MINUTE = 60 * SECOND;

function tracker() {
  return createIdleTracker(Date.now(), settings);
}

function wait(ms: number) {
  vi.advanceTimersByTime(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T09:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
});

describe('idle time-out', () => {
  it('stays quiet until the warning time', () => {
    const t = tracker();
    wait(840 * SECOND - 1);
    expect(t.getState().status(Date.now()).phase).toBe('active');
  });

  it('warns idleWarningSeconds before the time-out, counting down', () => {
    const t = tracker();
    wait(840 * SECOND);
    expect(t.getState().status(Date.now())).toEqual({ phase: 'warning', remainingMs: 60 * SECOND });
    wait(15 * SECOND);
    expect(t.getState().status(Date.now())).toEqual({ phase: 'warning', remainingMs: 45 * SECOND });
  });

  it('expires after idleTimeoutSeconds without activity', () => {
    const t = tracker();
    wait(900 * SECOND);
    expect(t.getState().status(Date.now()).phase).toBe('expired');
  });

  it('starts the count again on activity', () => {
    const t = tracker();
    wait(800 * SECOND);
    t.getState().activity(Date.now());
    wait(800 * SECOND);
    expect(t.getState().status(Date.now()).phase).toBe('active');
  });

  it('ignores passive activity once the warning shows: the user must choose', () => {
    const t = tracker();
    wait(850 * SECOND);
    t.getState().activity(Date.now());
    wait(50 * SECOND);
    expect(t.getState().status(Date.now()).phase).toBe('expired');
  });

  it('ends the warning when the user chooses to stay signed in', () => {
    const t = tracker();
    wait(850 * SECOND);
    t.getState().resume(Date.now());
    expect(t.getState().status(Date.now()).phase).toBe('active');
    wait(839 * SECOND);
    expect(t.getState().status(Date.now()).phase).toBe('active');
  });

  it('ends the warning when another tab of the session is in use', () => {
    const t = tracker();
    wait(850 * SECOND);
    t.getState().remoteActivity(Date.now());
    expect(t.getState().status(Date.now()).phase).toBe('active');
  });

  it('does not revive an expired session from another tab', () => {
    const t = tracker();
    wait(901 * SECOND);
    t.getState().remoteActivity(Date.now());
    expect(t.getState().status(Date.now()).phase).toBe('expired');
  });
});

describe('keepalive while active', () => {
  it('is not sent without activity', () => {
    const t = tracker();
    wait(5 * MINUTE);
    expect(t.getState().needsKeepalive(Date.now())).toBe(false);
  });

  it('is sent at most once a minute', () => {
    const t = tracker();
    wait(10 * SECOND);
    t.getState().activity(Date.now());
    expect(t.getState().needsKeepalive(Date.now())).toBe(false);
    wait(50 * SECOND);
    expect(t.getState().needsKeepalive(Date.now())).toBe(true);
    t.getState().contact(Date.now());
    wait(SECOND);
    t.getState().activity(Date.now());
    expect(t.getState().needsKeepalive(Date.now())).toBe(false);
  });

  it('is sent at once for activity after a quiet minute', () => {
    const t = tracker();
    wait(3 * MINUTE);
    t.getState().activity(Date.now());
    expect(t.getState().needsKeepalive(Date.now())).toBe(true);
  });

  it('is not needed when another API call already reached the server', () => {
    const t = tracker();
    wait(2 * MINUTE);
    t.getState().activity(Date.now());
    t.getState().contact(Date.now());
    expect(t.getState().needsKeepalive(Date.now())).toBe(false);
  });

  it('keeps the server ahead of the client: the last ping is never older than the last activity at time-out', () => {
    const t = tracker();
    for (let i = 0; i < 30; i++) {
      wait(20 * SECOND);
      t.getState().activity(Date.now());
      if (t.getState().needsKeepalive(Date.now())) t.getState().contact(Date.now());
    }
    // then quiet: the trailing ping happens within a minute of the last activity
    for (let i = 0; i < 60; i++) {
      wait(SECOND);
      if (t.getState().needsKeepalive(Date.now())) t.getState().contact(Date.now());
    }
    const { lastActivity, lastContact } = t.getState();
    expect(lastContact).toBeGreaterThanOrEqual(lastActivity);
  });
});

describe('settings and display', () => {
  it('leaves at least one second before the warning', () => {
    expect(idleSettings(900, 900).warningMs).toBe(899 * SECOND);
    expect(idleStatus(0, 0, idleSettings(900, 900)).phase).toBe('active');
  });

  it('shows minutes and seconds, reaching 0:00 at the time-out', () => {
    expect(formatCountdown(65 * SECOND)).toBe('1:05');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(0)).toBe('0:00');
  });
});
