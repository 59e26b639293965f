import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { useSessionStore } from '../../app/stores/session.ts';
import { keepalive } from './api.ts';
import { createIdleTracker, type IdlePhase, idleSettings } from './idle.ts';
import { useSignOut } from './useSession.ts';

// The warning dialog (Mantine's Modal) loads when it is first needed: a visitor's page never carries it.
const IdleDialog = lazy(() => import('./IdleDialog.tsx').then((m) => ({ default: m.IdleDialog })));

/** The page's one tracker: the API helper reports server contact to it (see app/router.tsx). */
export const appIdleTracker = createIdleTracker(Date.now(), idleSettings(900, 60));

const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Handle at most one activity event per second: pointermove fires far more often. */
const ACTIVITY_SAMPLE_MS = 1000;
/** Other tabs of the same session learn about activity through this storage key. */
const SHARED_ACTIVITY_KEY = 'portal.idle.lastActivity';
const SHARE_EVERY_MS = 5000;

/** Warns before the idle time-out and signs out at it, while someone is signed in. */
export function IdleWatcher() {
  const userId = useSessionStore((s) => s.user?.id);
  if (!userId) return null;
  return <ActiveIdleWatcher key={userId} />;
}

function ActiveIdleWatcher() {
  const timeoutSeconds = useSessionStore((s) => s.idleTimeoutSeconds);
  const warningSeconds = useSessionStore((s) => s.idleWarningSeconds);
  const signOut = useSignOut();
  const [view, setView] = useState<{ phase: IdlePhase; remainingMs: number }>({ phase: 'active', remainingMs: 0 });
  const [staying, setStaying] = useState(false);
  const ending = useRef(false);
  const lastContact = useStore(appIdleTracker, (s) => s.lastContact);

  const sendKeepalive = useCallback((now: number) => {
    appIdleTracker.getState().contact(now); // counted at once so no second ping starts before this answers
    keepalive().catch(() => {
      // a 401 or 403 is handled by the API helper; anything else is retried with the next activity
    });
  }, []);

  const end = useCallback(
    (reason: 'expired' | 'signedOut') => {
      if (ending.current) return;
      ending.current = true;
      void signOut(reason);
    },
    [signOut],
  );

  const tick = useCallback(() => {
    const now = Date.now();
    const tracker = appIdleTracker.getState();
    const status = tracker.status(now);
    if (status.phase === 'expired') {
      end('expired');
      return;
    }
    if (tracker.needsKeepalive(now)) sendKeepalive(now);
    setView((prev) =>
      prev.phase === status.phase && (status.phase === 'active' || prev.remainingMs === status.remainingMs)
        ? prev
        : { phase: status.phase, remainingMs: status.phase === 'active' ? 0 : status.remainingMs },
    );
  }, [end, sendKeepalive]);

  // (Re)start tracking when the user or the server's settings change.
  useEffect(() => {
    appIdleTracker.getState().reset(Date.now(), idleSettings(timeoutSeconds, warningSeconds));
  }, [timeoutSeconds, warningSeconds]);

  useEffect(() => {
    let lastSample = 0;
    let lastShared = 0;
    const onActivity = () => {
      const now = Date.now();
      if (now - lastSample < ACTIVITY_SAMPLE_MS) return;
      lastSample = now;
      appIdleTracker.getState().activity(now);
      if (appIdleTracker.getState().needsKeepalive(now)) sendKeepalive(now);
      if (now - lastShared >= SHARE_EVERY_MS) {
        lastShared = now;
        try {
          localStorage.setItem(SHARED_ACTIVITY_KEY, String(appIdleTracker.getState().lastActivity));
        } catch {
          // storage unavailable (private mode): tabs just do not share activity
        }
      }
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key !== SHARED_ACTIVITY_KEY || !e.newValue) return;
      const at = Number(e.newValue);
      if (Number.isFinite(at)) appIdleTracker.getState().remoteActivity(at);
    };
    // Background tabs throttle timers: check at once when the page becomes visible again.
    const onVisibility = () => {
      if (document.visibilityState === 'visible') tick();
    };
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { passive: true, capture: true });
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisibility);
    const timer = window.setInterval(tick, 1000);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
    };
  }, [tick, sendKeepalive]);

  // A successful call from anywhere (another tab's activity, a keepalive) may end the warning.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-check whenever the server was contacted
  useEffect(() => {
    tick();
  }, [lastContact, tick]);

  const stay = async () => {
    setStaying(true);
    try {
      await keepalive();
      appIdleTracker.getState().resume(Date.now());
      tick();
    } catch {
      // 401/403 are handled by the API helper; with the server unreachable the countdown simply goes on
    } finally {
      setStaying(false);
    }
  };

  if (view.phase !== 'warning') return null;
  return (
    <Suspense fallback={null}>
      <IdleDialog
        remainingMs={view.remainingMs}
        staying={staying}
        onStay={() => void stay()}
        onSignOut={() => end('signedOut')}
      />
    </Suspense>
  );
}
