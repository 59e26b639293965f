import { create } from 'zustand';
import type { Permissions, SessionInfo, SessionUser } from '../../../../api/contracts/session.ts';
import { forgetPosition } from '../../lib/readYourWrites.ts';

/** 'unknown' until GET /api/session has answered (or failed) once. */
export type SessionStatus = 'unknown' | 'anonymous' | 'authenticated';

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  csrfToken: string | null;
  permissions: Permissions | null;
  idleTimeoutSeconds: number;
  idleWarningSeconds: number;
  /** GET /api/session failed (server down): pages still render, with an error state. */
  loadFailed: boolean;
  setSessionInfo(info: SessionInfo): void;
  setLoggedIn(user: SessionUser, csrfToken: string): void;
  setUser(user: SessionUser): void;
  setPermissions(permissions: Permissions): void;
  setLoadFailed(): void;
  /** Forget the user (logout, expiry, 403). The CSRF token goes too: the next POST fetches a fresh one. */
  clear(): void;
}

const DEFAULT_IDLE_TIMEOUT_SECONDS = 900;
const DEFAULT_IDLE_WARNING_SECONDS = 60;

/** The state before the first GET /api/session. */
const INITIAL = {
  status: 'unknown',
  user: null,
  csrfToken: null,
  permissions: null,
  idleTimeoutSeconds: DEFAULT_IDLE_TIMEOUT_SECONDS,
  idleWarningSeconds: DEFAULT_IDLE_WARNING_SECONDS,
  loadFailed: false,
} as const satisfies Partial<SessionState>;

export const useSessionStore = create<SessionState>()((set) => ({
  ...INITIAL,
  setSessionInfo: (info) =>
    set((s) => ({
      status: info.user ? 'authenticated' : 'anonymous',
      user: info.user,
      csrfToken: info.csrfToken,
      permissions: info.user && s.user?.id === info.user.id ? s.permissions : null,
      idleTimeoutSeconds: info.idleTimeoutSeconds,
      idleWarningSeconds: info.idleWarningSeconds,
      loadFailed: false,
    })),
  setLoggedIn: (user, csrfToken) =>
    set({ status: 'authenticated', user, csrfToken, permissions: null, loadFailed: false }),
  setUser: (user) => set({ user }),
  setPermissions: (permissions) => set({ permissions }),
  setLoadFailed: () => set((s) => ({ loadFailed: true, status: s.status === 'unknown' ? 'anonymous' : s.status })),
  clear: () => {
    // The next user's reads must not wait for the previous user's writes.
    forgetPosition();
    set({ status: 'anonymous', user: null, csrfToken: null, permissions: null });
  },
}));

/** Test helper and logout reset: back to the state before the first GET /api/session. */
export function resetSessionStore(): void {
  forgetPosition();
  useSessionStore.setState(INITIAL);
}
