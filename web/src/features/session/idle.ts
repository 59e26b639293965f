import { createStore } from 'zustand/vanilla';

/**
 * Idle time-out rules, kept free of timers and the DOM so they can be tested with plain numbers.
 * Times are epoch milliseconds passed in by the caller.
 */
export interface IdleSettings {
  timeoutMs: number;
  /** How long before the time-out the warning shows. */
  warningMs: number;
  /** The server's idle timer only sees API calls: while the user is active, ping it at most this often. */
  keepaliveEveryMs: number;
}

export const KEEPALIVE_EVERY_MS = 60_000;

export function idleSettings(idleTimeoutSeconds: number, idleWarningSeconds: number): IdleSettings {
  const timeoutMs = Math.max(1, idleTimeoutSeconds) * 1000;
  // At least one second of quiet before the warning (spec: "a warning after 1 second idle").
  const warningMs = Math.min(Math.max(0, idleWarningSeconds) * 1000, timeoutMs - 1000);
  return { timeoutMs, warningMs: Math.max(0, warningMs), keepaliveEveryMs: KEEPALIVE_EVERY_MS };
}

export type IdlePhase = 'active' | 'warning' | 'expired';

export interface IdleStatus {
  phase: IdlePhase;
  remainingMs: number;
}

export function idleStatus(now: number, lastActivity: number, s: IdleSettings): IdleStatus {
  const remainingMs = Math.max(0, lastActivity + s.timeoutMs - now);
  if (remainingMs === 0) return { phase: 'expired', remainingMs };
  if (remainingMs <= s.warningMs) return { phase: 'warning', remainingMs };
  return { phase: 'active', remainingMs };
}

/** Keepalive when there was activity the server has not heard about and the last contact is a minute old. */
export function shouldKeepalive(now: number, lastActivity: number, lastContact: number, s: IdleSettings): boolean {
  return (
    lastActivity > lastContact &&
    now - lastContact >= s.keepaliveEveryMs &&
    idleStatus(now, lastActivity, s).phase === 'active'
  );
}

/** "1:05" for 65 000 ms; seconds are rounded up so the display reaches 0:00 exactly at the time-out. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.ceil(Math.max(0, remainingMs) / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export interface IdleState {
  settings: IdleSettings;
  lastActivity: number;
  lastContact: number;
  /** Pointer, key, scroll or touch in this tab. Ignored once the warning shows: the user must choose. */
  activity(now: number): void;
  /** Activity reported by another tab of the same session: the session is in use, so it also ends a warning. */
  remoteActivity(at: number): void;
  /** The server answered a call, so its idle timer restarted. */
  contact(now: number): void;
  /** "Stay signed in" succeeded. */
  resume(now: number): void;
  /** Start tracking (after login or with new settings). */
  reset(now: number, settings: IdleSettings): void;
  status(now: number): IdleStatus;
  needsKeepalive(now: number): boolean;
}

export type IdleTracker = ReturnType<typeof createIdleTracker>;

export function createIdleTracker(now: number, settings: IdleSettings) {
  return createStore<IdleState>()((set, get) => ({
    settings,
    lastActivity: now,
    lastContact: now,
    activity: (t) => {
      const s = get();
      if (idleStatus(t, s.lastActivity, s.settings).phase === 'active' && t > s.lastActivity) set({ lastActivity: t });
    },
    remoteActivity: (at) => {
      const s = get();
      if (idleStatus(at, s.lastActivity, s.settings).phase !== 'expired' && at > s.lastActivity) {
        set({ lastActivity: at });
      }
    },
    contact: (t) => {
      if (t > get().lastContact) set({ lastContact: t });
    },
    resume: (t) => set({ lastActivity: t, lastContact: t }),
    reset: (t, next) => set({ settings: next, lastActivity: t, lastContact: t }),
    status: (t) => idleStatus(t, get().lastActivity, get().settings),
    needsKeepalive: (t) => {
      const s = get();
      return shouldKeepalive(t, s.lastActivity, s.lastContact, s.settings);
    },
  }));
}
