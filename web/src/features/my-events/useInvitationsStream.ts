import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { MyParticipation } from '../../../../api/contracts/opportunity.ts';
import { participationsQuery } from '../events/api.ts';

const List = z.array(MyParticipation);
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'unsupported';

/**
 * The volunteer's participations pushed by the server (GET /api/me/invitations/stream, `event: invitations`): the
 * list arrives on connect and on every change and replaces the cached list. The browser retries a dropped
 * connection on its own; a closed one is opened again here with a growing delay.
 */
export function useInvitationsStream(enabled = true): StreamState {
  const queryClient = useQueryClient();
  const supported = typeof EventSource !== 'undefined';
  const [state, setState] = useState<StreamState>(supported ? 'connecting' : 'unsupported');
  useEffect(() => {
    if (!enabled || !supported) return;
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    const open = () => {
      source = new EventSource('/api/me/invitations/stream', { withCredentials: true });
      source.addEventListener('open', () => {
        attempt = 0;
        setState('live');
      });
      source.addEventListener('invitations', (e) => {
        try {
          const parsed = List.safeParse(JSON.parse((e as MessageEvent<string>).data));
          if (parsed.success) queryClient.setQueryData(participationsQuery.queryKey, parsed.data);
          setState('live');
        } catch {
          // a malformed message: keep the last list
        }
      });
      source.addEventListener('error', () => {
        if (stopped) return;
        setState('reconnecting');
        if (source && source.readyState === 2) {
          source.close();
          const delay = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
          attempt += 1;
          timer = setTimeout(() => {
            if (!stopped) open();
          }, delay);
        }
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [enabled, supported, queryClient]);
  return state;
}
