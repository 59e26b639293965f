import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { CommandAccepted } from '../../../../api/contracts/common.ts';
import {
  OpportunityCalendar,
  OpportunityListItem,
  PendingOpportunities,
} from '../../../../api/contracts/opportunity.ts';
import { MyParticipation } from '../../../../api/contracts/participation.ts';
import { HistoryEntry } from '../../../../api/contracts/registration.ts';
import type { OpportunityDetails } from '../../../../domain/opportunity/rules.ts';
import { api } from '../../app/api.ts';
import { rememberPosition, withAfter } from '../../lib/readYourWrites.ts';
import type { EventsParams } from './search.ts';

export type EventListItem = z.infer<typeof OpportunityListItem>;
export type Participation = z.infer<typeof MyParticipation>;
export const EventsPage = z.object({ rows: z.array(OpportunityListItem), total: z.number() });

export const MapMarker = z.object({
  id: z.string(),
  nameAr: z.string(),
  nameEn: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  status: z.number(),
});
export type MapMarker = z.infer<typeof MapMarker>;

/** GET /api/opportunities/:id: the event's fields plus its state. Unknown fields are kept loosely. */
export const EventDetail = z
  .object({
    id: z.string(),
    code: z.string().catch(''),
    nameAr: z.string().catch(''),
    nameEn: z.string().catch(''),
    descriptionAr: z.string().optional(),
    descriptionEn: z.string().optional(),
    leadName: z.string().optional(),
    leadEmail: z.string().optional(),
    leadMobile: z.string().optional(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.number(),
    approval: z.string(),
    joinedCount: z.number().catch(0),
    maxContributions: z.number().optional(),
    maxInvitations: z.number().optional(),
    maxHours: z.number().optional(),
    gender: z.number().optional(),
    timePeriod: z.number().optional(),
    attendanceType: z.number().optional(),
    visibility: z.number().optional(),
    volunteeringDays: z.array(z.number()).catch([]),
    conditionSkills: z.array(z.string()).optional(),
    responsibilities: z.array(z.string()).optional(),
    location: z.string().optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    /** The signed-in user's own participation status in this event, null without one (or signed out). */
    myStatus: z.number().nullable().optional(),
  })
  .loose();
export type EventDetail = z.infer<typeof EventDetail>;

export const RosterRow = z.object({
  volunteerId: z.string(),
  nameAr: z.string().nullable(),
  nameEn: z.string().nullable(),
  status: z.number(),
  approvedHours: z.number(),
  pendingHours: z.number(),
  /** The staff actions the server allows on this row (domain/participation staffActionsFor). */
  actions: z.array(z.enum(['accept', 'reverse', 'reject', 'absent', 'release'])).catch([]),
});
export type RosterRow = z.infer<typeof RosterRow>;
const RosterPage = z.object({ rows: z.array(RosterRow), total: z.number() });

/** The query string of GET /api/opportunities, in a fixed order. */
export function eventsQueryString(p: EventsParams): string {
  const q = new URLSearchParams();
  q.set('page', String(p.page));
  if (p.status !== undefined) q.set('status', String(p.status));
  if (p.regionId !== undefined) q.set('regionId', String(p.regionId));
  if (p.cityId !== undefined) q.set('cityId', String(p.cityId));
  if (p.attendanceType !== undefined) q.set('attendanceType', String(p.attendanceType));
  if (p.code) q.set('code', p.code);
  return q.toString();
}

export function eventsQuery(p: EventsParams) {
  return queryOptions({
    queryKey: ['events', 'list', p],
    queryFn: ({ signal }) =>
      api(withAfter(`/api/opportunities?${eventsQueryString(p)}`), { schema: EventsPage, signal }),
    staleTime: 0,
  });
}

export const mapQuery = queryOptions({
  queryKey: ['events', 'map'],
  queryFn: ({ signal }) => api('/api/opportunities/map', { schema: z.array(MapMarker), signal }),
  staleTime: 30_000,
});

export type CalendarEvent = z.infer<typeof OpportunityCalendar>['rows'][number];

/** The public events overlapping a range of days (the calendar asks for one month). */
export function calendarQuery(from: string, to: string) {
  const q = new URLSearchParams({ from, to });
  return queryOptions({
    queryKey: ['events', 'calendar', from, to],
    queryFn: ({ signal }) =>
      api(withAfter(`/api/opportunities/calendar?${q}`), { schema: OpportunityCalendar, signal }),
    staleTime: 30_000,
  });
}

export type PendingEvent = z.infer<typeof PendingOpportunities>['rows'][number];
export const PENDING_PAGE_SIZE = 10;

/** Events waiting for an approver (new ones and deletions), newest first; only for roles that may approve. */
export function pendingEventsQuery(page: number) {
  const q = new URLSearchParams({ page: String(page), pageSize: String(PENDING_PAGE_SIZE) });
  return queryOptions({
    queryKey: ['events', 'pending', page],
    queryFn: ({ signal }) =>
      api(withAfter(`/api/opportunities/pending?${q}`), { schema: PendingOpportunities, signal }),
    staleTime: 0,
  });
}

export function eventQuery(id: string) {
  return queryOptions({
    queryKey: ['events', 'detail', id],
    queryFn: ({ signal }) =>
      api(withAfter(`/api/opportunities/${encodeURIComponent(id)}`), { schema: EventDetail, signal }),
    staleTime: 0,
    retry: false,
  });
}

export const participationsQuery = queryOptions({
  queryKey: ['events', 'mine'],
  queryFn: ({ signal }) => api(withAfter('/api/me/participations'), { schema: z.array(MyParticipation), signal }),
  staleTime: 0,
});

export interface RosterParams {
  status?: number;
  page: number;
  pageSize: number;
}
export function rosterQuery(id: string, p: RosterParams) {
  const q = new URLSearchParams();
  if (p.status !== undefined) q.set('status', String(p.status));
  q.set('page', String(p.page));
  q.set('pageSize', String(p.pageSize));
  return queryOptions({
    queryKey: ['events', 'roster', id, p],
    queryFn: ({ signal }) =>
      api(withAfter(`/api/opportunities/${encodeURIComponent(id)}/participants?${q}`), {
        schema: RosterPage,
        signal,
      }),
    staleTime: 0,
  });
}

export function invitationHistoryQuery(id: string, volunteerId: string) {
  return queryOptions({
    queryKey: ['events', 'history', id, volunteerId],
    queryFn: ({ signal }) =>
      api(`/api/opportunities/${encodeURIComponent(id)}/participants/${encodeURIComponent(volunteerId)}/history`, {
        schema: z.array(HistoryEntry),
        signal,
      }),
    staleTime: 0,
  });
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

/** POST a command, remember its position and mark every events read stale. */
export async function eventsCommand<T extends { position: string | null }>(
  queryClient: QueryClient,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await api<T>(path, { method: 'POST', body });
  rememberPosition(res?.position);
  void queryClient.invalidateQueries({ queryKey: ['events'] });
  return res;
}

export function joinEvent(queryClient: QueryClient, id: string) {
  return eventsCommand<z.infer<typeof CommandAccepted>>(
    queryClient,
    `/api/opportunities/${encodeURIComponent(id)}/join`,
  );
}

export type InvitationAction = 'accept' | 'reject' | 'cancel' | 'RequestToRelease';
export function invitationAction(queryClient: QueryClient, id: string, action: InvitationAction) {
  return eventsCommand(queryClient, `/api/volunteers/invitation/${encodeURIComponent(id)}/${action}`);
}

export async function createEvent(queryClient: QueryClient, details: OpportunityDetails) {
  return eventsCommand<{ opportunityId: string; position: string }>(queryClient, '/api/opportunities', details);
}

export type StaffAction = 'reject' | 'absent' | 'release';
export function participantPath(id: string, volunteerId: string, rest: string): string {
  return `/api/opportunities/${encodeURIComponent(id)}/participants/${encodeURIComponent(volunteerId)}/${rest}`;
}

export interface HoursBody {
  hours: number;
  casesHandled: number;
  checkIn: string;
  checkOut: string;
  rating: 1 | 2 | 3 | 4 | 5;
  review: string;
}
