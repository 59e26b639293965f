import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { CommandAccepted } from '../../../../api/contracts/common.ts';
import { HistoryEntry, RegistrationDetail } from '../../../../api/contracts/registration.ts';
import { api } from '../../app/api.ts';
import { lastPosition, rememberPosition, withAfter } from '../../lib/readYourWrites.ts';
import type { GridParams } from './search.ts';

/** The query string of GET /api/registrations, in a fixed order. */
export function gridQueryString(p: GridParams, after?: string | null): string {
  const q = new URLSearchParams();
  q.set('status', String(p.status));
  q.set('page', String(p.page));
  q.set('pageSize', String(p.pageSize));
  q.set('sort', p.sort);
  q.set('dir', p.dir);
  if (p.name) q.set('name', p.name);
  if (p.idNumber) q.set('idNumber', p.idNumber);
  if (p.mobile) q.set('mobile', p.mobile);
  if (p.regionId !== undefined) q.set('regionId', String(p.regionId));
  if (p.cityId !== undefined) q.set('cityId', String(p.cityId));
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  if (after) q.set('after', after);
  return q.toString();
}

export const GridRow = z.object({
  volunteerId: z.string(),
  referenceNumber: z.string().nullable(),
  status: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  idNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  regionId: z.number().nullable(),
  cityId: z.number().nullable(),
  submittedAt: z.string().nullable(),
  appointmentAt: z.string().nullable(),
});
export type GridRow = z.infer<typeof GridRow>;
const GridPage = z.object({ rows: z.array(GridRow), total: z.number() });
export type GridPage = z.infer<typeof GridPage>;

export const StaffMember = z.object({ id: z.string(), nameAr: z.string(), nameEn: z.string(), roleId: z.number() });
export type StaffMember = z.infer<typeof StaffMember>;

export function registrationsQuery(params: GridParams) {
  return queryOptions({
    queryKey: ['review', 'grid', params],
    queryFn: ({ signal }) =>
      api(`/api/registrations?${gridQueryString(params, lastPosition())}`, { schema: GridPage, signal }),
    staleTime: 0,
  });
}

export function registrationQuery(id: string) {
  return queryOptions({
    queryKey: ['review', 'detail', id],
    queryFn: ({ signal }) =>
      api(withAfter(`/api/registrations/${encodeURIComponent(id)}`), { schema: RegistrationDetail, signal }),
    staleTime: 0,
  });
}

export function historyQuery(id: string) {
  return queryOptions({
    queryKey: ['review', 'history', id],
    queryFn: ({ signal }) =>
      api(`/api/registrations/${encodeURIComponent(id)}/history`, { schema: z.array(HistoryEntry), signal }),
    staleTime: 0,
  });
}

export const staffMembersQuery = queryOptions({
  queryKey: ['review', 'staff'],
  queryFn: ({ signal }) => api('/api/staff-members', { schema: z.array(StaffMember), signal }),
  staleTime: 5 * 60_000,
});

export type ReviewAction =
  | { type: 'initial-accept'; body: { appointmentAt: string; location: string; reviewerId: string } }
  | { type: 'approve' }
  | { type: 'reject'; body: { reason: string } }
  | { type: 'return-to-submitted' }
  | { type: 'add-note'; body: { note: string } }
  | { type: 'remove-note'; noteId: string };

function actionPath(id: string, action: ReviewAction): string {
  const base = `/api/registrations/${encodeURIComponent(id)}`;
  switch (action.type) {
    case 'add-note':
      return `${base}/notes`;
    case 'remove-note':
      return `${base}/notes/${encodeURIComponent(action.noteId)}/remove`;
    default:
      return `${base}/${action.type}`;
  }
}

/**
 * POSTs a review action and remembers its position (later reads pass it as ?after=, so the grid shows a just-approved
 * application under "approved" at once), then reads the application again at that position so the page shows the
 * change at once; the history and every grid page are read again on their next use.
 */
export async function runReviewAction(queryClient: QueryClient, id: string, action: ReviewAction): Promise<void> {
  const { position } = await api(actionPath(id, action), {
    method: 'POST',
    body: 'body' in action ? action.body : undefined,
    schema: CommandAccepted,
  });
  rememberPosition(position);
  void queryClient.invalidateQueries({ queryKey: ['review', 'history', id] });
  void queryClient.invalidateQueries({ queryKey: ['review', 'grid'] });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
  try {
    const detail = await api(`/api/registrations/${encodeURIComponent(id)}?after=${encodeURIComponent(position)}`, {
      schema: RegistrationDetail,
    });
    queryClient.setQueryData(registrationQuery(id).queryKey, detail);
  } catch {
    // The action is done either way: the page reads the application again on its own (with the same ?after=).
    void queryClient.invalidateQueries({ queryKey: registrationQuery(id).queryKey });
  }
}
