import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { invitationsStream } from '../../../../api/contracts/participation.ts';
import { type LiveState, liveStream } from '../../app/live.ts';
import { urlOf } from '../../lib/client.ts';
import { participationsQuery } from '../opportunities/index.ts';

const List = invitationsStream.response;

export type StreamState = LiveState;

/**
 * The volunteer's participations pushed by the server (GET /api/me/invitations/stream, `event: invitations`): the
 * list arrives on connect and on every change and replaces the cached list. One connection serves every tab of the
 * browser (app/live.ts).
 */
export function useInvitationsStream(enabled = true): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>(typeof EventSource === 'undefined' ? 'unsupported' : 'connecting');
  useEffect(() => {
    if (!enabled) return;
    return liveStream(urlOf(invitationsStream, {}), 'invitations').subscribe({
      onEvent: (data) => {
        try {
          const parsed = List.safeParse(JSON.parse(data));
          if (parsed.success) queryClient.setQueryData(participationsQuery.queryKey, parsed.data);
        } catch {
          // a malformed message: keep the last list
        }
      },
      onState: setState,
    });
  }, [enabled, queryClient]);
  return state;
}
