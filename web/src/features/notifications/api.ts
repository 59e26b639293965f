import { type QueryClient, queryOptions } from '@tanstack/react-query';
import * as C from '../../../../api/contracts/notifications.ts';
import { NOTIFICATIONS_REFRESH_MS } from '../../../../domain/participation/notifications.ts';
import { call } from '../../lib/client.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';

export type { NotificationItem, NotificationsList } from '../../../../api/contracts/notifications.ts';

/** The volunteer's notifications; `fresh` waits for the newest event in the log (after a live invitations push). */
export function fetchNotifications(opts: { fresh?: boolean; signal?: AbortSignal } = {}) {
  const query = { after: afterPosition(), fresh: opts.fresh ? ('1' as const) : undefined };
  return call(C.listNotifications, { query }, opts.signal ? { signal: opts.signal } : {});
}

/** Spec: the user's notifications are fetched again every 300000 ms. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: ({ signal }) => fetchNotifications({ signal }),
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  staleTime: 0,
});

async function settled(queryClient: QueryClient, done: Promise<{ position: string }>) {
  const res = await done;
  rememberPosition(res.position);
  void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  return res;
}

export function markNotificationsRead(queryClient: QueryClient, ids: readonly string[]) {
  return settled(queryClient, call(C.markNotificationsRead, { body: { ids: [...ids] } }));
}

export type ExtensionAnswer = 'continue' | 'decline';

/** Type 16: continue (accept the extended dates) or do not continue; "my events" is read again after it. */
export async function answerExtension(queryClient: QueryClient, eventId: string, answer: ExtensionAnswer) {
  const e = answer === 'continue' ? C.continueExtension : C.declineExtension;
  const res = await settled(queryClient, call(e, { params: { id: eventId } }));
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  return res;
}
