import { useEffect, useRef } from 'react';
import * as C from '../../../../api/contracts/session.ts';
import { CLIENTS } from '../../../../domain/shared/clients.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { call } from '../../lib/client.ts';
import { appIdleTracker } from './IdleWatcher.tsx';
import { useConfig, useSignOut } from './useSession.ts';

/**
 * The client's activity check (spec: "one client adds an activity check every 180000 ms"): while someone is signed
 * in, asks the server every `activityCheckMs` whether the session is still hers. A session ended elsewhere (signed
 * out, the account deactivated, expired) ends here too, with a message on the login page, instead of at the next
 * click.
 */
export function ActivityCheck() {
  const userId = useSessionStore((s) => s.user?.id);
  const clientCode = useConfig().data?.clientCode;
  const everyMs = clientCode ? CLIENTS[clientCode].activityCheckMs : null;
  if (!userId || !everyMs) return null;
  return <ActiveCheck key={userId} userId={userId} everyMs={everyMs} />;
}

function ActiveCheck({ userId, everyMs }: { userId: string; everyMs: number }) {
  const signOut = useSignOut();
  // The latest sign-out (it closes over the current page for the way back) without restarting the timer.
  const signOutRef = useRef(signOut);
  signOutRef.current = signOut;

  useEffect(() => {
    let stopped = false;
    let ending = false;
    const check = async () => {
      try {
        const info = await call(C.getSession, {});
        if (stopped || ending || info.user?.id === userId) return;
        // This page is ending the session itself (sign-out, the idle time-out): that answer is its own doing.
        if (
          useSessionStore.getState().user?.id !== userId ||
          appIdleTracker.getState().status(Date.now()).phase === 'expired'
        )
          return;
        ending = true;
        void signOutRef.current('ended');
      } catch {
        // server unreachable: the next check asks again (a 401 is handled by the API helper)
      }
    };
    const timer = window.setInterval(() => void check(), everyMs);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [userId, everyMs]);

  return null;
}
