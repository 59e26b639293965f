import type { QueryClient } from '@tanstack/react-query';
import { printIdCard } from '../../../../api/contracts/certificates.ts';
import { exportVolunteers } from '../../../../api/contracts/exports.ts';
import * as C from '../../../../api/contracts/registration.ts';
import * as U from '../../../../api/contracts/users.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { call, pageQuery, queryNumber, urlOf } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { lastPosition, rememberPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';
import type { GridParams } from './search.ts';

export type { RegistrationGridPage as GridPage } from '../../../../api/contracts/registration.ts';
export { RegistrationGridRow as GridRow } from '../../../../api/contracts/registration.ts';
export type { StaffMember } from '../../../../api/contracts/users.ts';

/** The query of GET /api/registrations, in a fixed order, with the last command's position. */
export function gridQuery(p: GridParams, after?: string | null) {
  return {
    status: String(p.status),
    ...pageQuery(p),
    sort: p.sort,
    dir: p.dir,
    name: p.name || undefined,
    idNumber: p.idNumber || undefined,
    mobile: p.mobile || undefined,
    regionId: queryNumber(p.regionId),
    cityId: queryNumber(p.cityId),
    from: p.from || undefined,
    to: p.to || undefined,
    after: after ?? undefined,
  };
}

/** Exports the grid's rows (its filters and sort, not its page) as a job: the shared export dialog's start. */
export function startVolunteersExport(p: GridParams) {
  const { page: _p, pageSize: _s, after: _a, ...filters } = gridQuery(p);
  return startExportWith(exportVolunteers, filters);
}

export function registrationsQuery(params: GridParams) {
  return {
    ...endpointQuery(['review', 'grid', params], C.listRegistrations, () => ({
      query: gridQuery(params, lastPosition()),
    })),
    staleTime: 0,
  };
}

export function registrationQuery(id: string) {
  return {
    ...readYourWritesQuery(['review', 'detail', id], C.getRegistration, { id }),
    staleTime: 0,
  };
}

export const staffMembersQuery = {
  ...endpointQuery(['review', 'staff'], U.staffMembers, () => ({})),
  staleTime: 5 * 60_000,
};

export type ReviewAction =
  | { type: 'initial-accept'; body: { appointmentAt: string; location: string; reviewerId: string } }
  | { type: 'approve' }
  | { type: 'reject'; body: { reason: string } }
  | { type: 'return-to-submitted' }
  | { type: 'add-note'; body: { note: string } }
  | { type: 'remove-note'; noteId: string };

/** The action's endpoint and its input. */
function send(id: string, action: ReviewAction) {
  const params = { id };
  switch (action.type) {
    case 'initial-accept':
      return call(C.initialAccept, { params, body: action.body });
    case 'approve':
      return call(C.approve, { params });
    case 'reject':
      return call(C.reject, { params, body: action.body });
    case 'return-to-submitted':
      return call(C.returnToSubmitted, { params });
    case 'add-note':
      return call(C.addNote, { params, body: action.body });
    case 'remove-note':
      return call(C.removeNote, { params: { id, noteId: action.noteId } });
  }
}

/**
 * POSTs a review action and remembers its position (later reads pass it as ?after=, so the grid shows a just-approved
 * application under "approved" at once), then reads the application again at that position so the page shows the
 * change at once; the history and every grid page are read again on their next use.
 */
export async function runReviewAction(queryClient: QueryClient, id: string, action: ReviewAction): Promise<void> {
  const { position } = await send(id, action);
  rememberPosition(position);
  // The history tab (features/audit, the generic history of a record).
  void queryClient.invalidateQueries({ queryKey: ['history', 'registration', id] });
  void queryClient.invalidateQueries({ queryKey: ['review', 'grid'] });
  void queryClient.invalidateQueries({ queryKey: ['audit'] });
  try {
    const detail = await call(C.getRegistration, { params: { id }, query: { after: position } });
    queryClient.setQueryData(registrationQuery(id).queryKey, detail);
  } catch {
    // The action is done either way: the page reads the application again on its own (with the same ?after=).
    void queryClient.invalidateQueries({ queryKey: registrationQuery(id).queryKey });
  }
}

/** Staff print an approved volunteer's badge (spec: PrintIDCard): issued if needed, then downloaded as a PDF. */
export const idCardUrl = (volunteerId: string, lang: 'ar' | 'en') =>
  urlOf(printIdCard, { params: { volunteerId }, query: { lang } });
