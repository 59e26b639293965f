import type { QueryClient } from '@tanstack/react-query';
import type { CallInput, Endpoint, ResponseOf } from '../../../../api/contracts/endpoint.ts';
import { exportEvents, exportParticipants } from '../../../../api/contracts/exports.ts';
import type * as H from '../../../../api/contracts/hours.ts';
import * as O from '../../../../api/contracts/opportunity.ts';
import * as PT from '../../../../api/contracts/participation.ts';
import type { HistoryEntry } from '../../../../api/contracts/registration.ts';
import type { OpportunityDetails } from '../../../../domain/opportunity/rules.ts';
import { startExportWith } from '../../components/ExportDialog.tsx';
import { call, pageQuery, queryNumber } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { afterPosition, rememberPosition } from '../../lib/readYourWrites.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';
import type { EventsParams, PrivatePageSize } from './search.ts';

export type {
  CalendarEvent,
  EventDetail,
  EventsPage,
  MapMarker,
  OpportunityListItem as EventListItem,
} from '../../../../api/contracts/opportunity.ts';
export type { MyParticipation as Participation, RosterRow } from '../../../../api/contracts/participation.ts';
export type PendingEvent = O.PendingOpportunities['rows'][number];

/** The query of GET /api/opportunities, in a fixed order. */
export function eventsQueryOf(p: EventsParams) {
  return {
    page: String(p.page),
    status: queryNumber(p.status),
    regionId: queryNumber(p.regionId),
    cityId: queryNumber(p.cityId),
    eventTypeId: queryNumber(p.eventTypeId),
    attendanceType: queryNumber(p.attendanceType),
    timePeriod: queryNumber(p.timePeriod),
    day: queryNumber(p.day),
    categoryId: queryNumber(p.categoryId),
    workFieldId: queryNumber(p.workFieldId),
    workFieldGroupId: queryNumber(p.workFieldGroupId),
    code: p.code || undefined,
    after: afterPosition(),
  };
}

/** A list's page: the public one (12 a page), or the signed-in volunteer's private one with its page size. */
export interface EventsListParams extends EventsParams {
  private?: { pageSize: PrivatePageSize };
}

export function eventsQuery(p: EventsListParams) {
  const { private: mine, ...filters } = p;
  return {
    ...endpointQuery(['events', 'list', p], O.listOpportunities, () => ({
      query: {
        ...eventsQueryOf(filters),
        ...(mine ? { scope: 'private' as const, pageSize: String(mine.pageSize) } : {}),
      },
    })),
    staleTime: 0,
  };
}

/** The list's filters the map takes (no page). */
export type MapFilters = Omit<EventsParams, 'page'>;

/** The map's markers for the list's filters (GET /api/opportunities/map, at most 100). */
export function mapQuery(f: MapFilters) {
  return {
    ...endpointQuery(['events', 'map', f], O.opportunityMap, () => {
      const { page: _page, ...query } = eventsQueryOf({ ...f, page: 1 });
      return { query };
    }),
    staleTime: 30_000,
  };
}

/** The public events overlapping a range of days (the calendar asks for one month). */
export function calendarQuery(from: string, to: string) {
  return {
    ...endpointQuery(['events', 'calendar', from, to], O.opportunityCalendar, () => ({
      query: { from, to, after: afterPosition() },
    })),
    staleTime: 30_000,
  };
}

export const PENDING_PAGE_SIZE = 10;

/** Events waiting for an approver (new ones and deletions), newest first; only for roles that may approve. */
export function pendingEventsQuery(page: number) {
  return {
    ...endpointQuery(['events', 'pending', page], O.pendingOpportunities, () => ({
      query: { ...pageQuery({ page, pageSize: PENDING_PAGE_SIZE }), after: afterPosition() },
    })),
    staleTime: 0,
  };
}

export function eventQuery(id: string) {
  return {
    ...readYourWritesQuery(['events', 'detail', id], O.opportunityDetails, { id }),
    staleTime: 0,
    retry: false,
  };
}

export const participationsQuery = {
  ...endpointQuery(['events', 'mine'], PT.myParticipations, () => ({ query: { after: afterPosition() } })),
  staleTime: 0,
};

export interface RosterParams {
  status?: number;
  page: number;
  pageSize: number;
}
/**
 * Exports the events manage grid as it shows it (its current filters: status, approval, visibility, code) as a job:
 * the shared export dialog's start.
 */
export function startEventsExport(f: Omit<ManageParams, 'page' | 'pageSize'>) {
  return startExportWith(exportEvents, manageFilters(f));
}

/** Exports the event's roster (the grid's status filter) as a job: the shared export dialog's start. */
export function startRosterExport(id: string, status: number | undefined) {
  return startExportWith(exportParticipants, {
    eventId: id,
    ...(status === undefined ? {} : { status: String(status) }),
  });
}

export function rosterQuery(id: string, p: RosterParams) {
  return {
    ...endpointQuery(['events', 'roster', id, p], PT.listParticipants, () => ({
      params: { id },
      query: { status: queryNumber(p.status), ...pageQuery(p), after: afterPosition() },
    })),
    staleTime: 0,
  };
}

export function invitationHistoryQuery(id: string, volunteerId: string) {
  return {
    ...endpointQuery(['events', 'history', id, volunteerId], PT.participationHistory, () => ({
      params: { id, volunteerId },
    })),
    staleTime: 0,
  };
}

/** The hours entries recorded and not yet approved, rejected or deleted, read from the invitation's history. */
export function pendingHoursIds(history: readonly HistoryEntry[]): string[] {
  const open: string[] = [];
  for (const e of history) {
    const id = e.changes.find((c) => c.field === 'hoursId')?.to;
    if (typeof id !== 'string') continue;
    if (e.action === 'HoursRecorded') open.push(id);
    else if (e.action === 'HoursApproved' || e.action === 'HoursRejected' || e.action === 'HoursDeleted') {
      const i = open.indexOf(id);
      if (i >= 0) open.splice(i, 1);
    }
  }
  return open;
}

/** Calls a command endpoint, remembers its position and marks every events read stale. */
export async function eventsCommand<E extends Endpoint>(
  queryClient: QueryClient,
  e: E,
  input: CallInput<E>,
): Promise<ResponseOf<E>> {
  const res = await call(e, input);
  rememberPosition((res as { position?: string | null } | undefined)?.position);
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  return res;
}

export function joinEvent(queryClient: QueryClient, id: string) {
  return eventsCommand(queryClient, PT.joinOpportunity, { params: { id } });
}

export type InvitationAction = 'accept' | 'reject' | 'cancel' | 'RequestToRelease';
const INVITATION_ACTIONS = {
  accept: PT.acceptInvitation,
  reject: PT.rejectInvitation,
  cancel: PT.cancelParticipation,
  RequestToRelease: PT.requestRelease,
} as const satisfies Record<InvitationAction, Endpoint>;
export function invitationAction(queryClient: QueryClient, id: string, action: InvitationAction) {
  return eventsCommand(queryClient, INVITATION_ACTIONS[action], { params: { id } });
}

export function createEvent(queryClient: QueryClient, details: OpportunityDetails) {
  return eventsCommand(queryClient, O.createOpportunity, { body: details });
}

export function editEvent(queryClient: QueryClient, id: string, details: OpportunityDetails) {
  return eventsCommand(queryClient, O.editOpportunity, { params: { id }, body: details });
}

export type StaffAction = 'reject' | 'absent' | 'release';
export const STAFF_ACTIONS = {
  reject: PT.rejectParticipant,
  absent: PT.markParticipantAbsent,
  release: PT.releaseParticipant,
} as const satisfies Record<StaffAction, Endpoint>;

export type HoursBody = H.HoursEntryBody;

/** The staff's events list (every status, approval and visibility in their scope) and its filters. */
export type ManagedEvent = O.ManagedEvents['rows'][number];
export interface ManageParams {
  page: number;
  pageSize: 5 | 10 | 15 | 20;
  status?: number;
  approval?: ManagedEvent['approval'];
  visibility?: number;
  code?: string;
}
/** The manage grid's filters as its read and its export take them (texts; blank ones left out). */
function manageFilters(f: Omit<ManageParams, 'page' | 'pageSize'>) {
  const s = (v: number | string | undefined) => (v === undefined || v === '' ? undefined : String(v));
  return { status: s(f.status), approval: f.approval, visibility: s(f.visibility), code: s(f.code) };
}

export function manageEventsQuery(p: ManageParams) {
  return {
    ...endpointQuery(['events', 'manage', p], O.manageOpportunities, () => ({
      query: { ...pageQuery(p), ...manageFilters(p), after: afterPosition() },
    })),
    staleTime: 0,
  };
}
