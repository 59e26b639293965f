import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { CommandAccepted } from '../../../../api/contracts/common.ts';
import { NotificationsList } from '../../../../api/contracts/notifications.ts';
import { NOTIFICATIONS_REFRESH_MS } from '../../../../domain/participation/notifications.ts';
import { api } from '../../app/api.ts';
import { lastPosition, rememberPosition } from '../../lib/readYourWrites.ts';

export type { NotificationItem, NotificationsList } from '../../../../api/contracts/notifications.ts';

/** GET /api/me/notifications; `fresh` waits for the newest event in the log (after a live invitations push). */
export function fetchNotifications(opts: { fresh?: boolean; signal?: AbortSignal } = {}) {
  const q = new URLSearchParams();
  const after = lastPosition();
  if (after) q.set('after', after);
  if (opts.fresh) q.set('fresh', '1');
  const query = q.toString();
  return api(`/api/me/notifications${query ? `?${query}` : ''}`, {
    schema: NotificationsList,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

/** Spec: the user's notifications are fetched again every 300000 ms. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: ({ signal }) => fetchNotifications({ signal }),
  refetchInterval: NOTIFICATIONS_REFRESH_MS,
  staleTime: 0,
});

async function command(queryClient: QueryClient, path: string, body?: unknown) {
  const res = await api(path, { method: 'POST', body, schema: CommandAccepted });
  rememberPosition(res.position);
  void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  return res;
}

export function markNotificationsRead(queryClient: QueryClient, ids: readonly string[]) {
  return command(queryClient, '/api/me/notifications/read', { ids });
}

export type ExtensionAnswer = 'continue' | 'decline';

/** Type 16: continue (accept the extended dates) or do not continue; "my events" is read again after it. */
export async function answerExtension(queryClient: QueryClient, eventId: string, answer: ExtensionAnswer) {
  const res = await command(
    queryClient,
    `/api/volunteers/invitation/${encodeURIComponent(eventId)}/extension/${answer}`,
  );
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  return res;
}
