import { z } from 'zod';
import type { Action } from '../../domain/permissions/screens.ts';
import { AfterQuery, AreaFilters, CommandAccepted, IdParams, MapPoint, named, PagedQuery } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

// Every field bounded (api/contracts/primitives.ts): lengths, int4 ids and counts, real days within the spec's range.
const ids = z.array(P.id).max(200);
const fileId = P.token(100);

/** An event's fields (spec: Event (admin)); the rules are domain/opportunity/rules.ts. */
export const OpportunityDetails = named('OpportunityDetails', {
  code: P.text(30),
  ...P.arEn('name', P.text(200)),
  ...P.arEn('description', P.longText(4000).optional()),
  leadName: P.text(100),
  leadMobile: P.text(10),
  leadEmail: P.text(254),
  visibility: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  regionIds: ids,
  cityIds: ids,
  maxInvitations: P.count(),
  maxContributions: P.count(),
  startDate: P.isoDate(),
  endDate: P.isoDate(),
  registrationStart: P.isoDate().optional(),
  registrationEnd: P.isoDate().optional(),
  gender: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  timePeriod: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  volunteeringDays: z.array(P.int(0, 6)).max(7),
  attendanceType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  categoryId: P.id.optional(),
  workFieldId: P.id.optional(),
  workFieldGroupId: P.id.optional(),
  regionId: P.id.optional(),
  cityId: P.id.optional(),
  eventTypeId: P.id.optional(),
  trainingCompulsory: z.boolean().optional(),
  trainingHours: P.decimal(0, 1000).optional(),
  travelRequired: z.boolean().optional(),
  travelTime: P.text(50).optional(),
  coordinatorMobile: P.text(10).optional(),
  costPerHour: P.decimal(0, 1_000_000).optional(),
  /** Hours a day a volunteer may log at most. */
  maxHours: P.decimal(0, 24),
  location: P.text(300).optional(),
  latitude: P.decimal(-90, 90).optional(),
  longitude: P.decimal(-180, 180).optional(),
  minTarget: P.int(0).optional(),
  maxTarget: P.int(0).optional(),
  mainImageFileId: fileId.optional(),
  galleryFileIds: z.array(fileId).max(150).optional(),
  conditionSkills: z.array(P.text(300)).max(50).optional(),
  responsibilities: z.array(P.text(300)).max(50).optional(),
});

/** A typed-in field as the log holds it and an answer documents it: unbounded text, the numbered choices plain numbers. */
type StoredLeaf<S> = S extends z.ZodBoolean ? z.ZodBoolean : S extends z.ZodString ? z.ZodString : z.ZodNumber;
type StoredList<S> = S extends z.ZodArray<infer E> ? z.ZodArray<StoredLeaf<E>> : StoredLeaf<S>;
type Stored<S> = S extends z.ZodOptional<infer I> ? z.ZodOptional<StoredList<I>> : StoredList<S>;
function stored(s: z.core.$ZodType): z.ZodType {
  if (s instanceof z.ZodOptional) return stored(s.unwrap()).optional();
  if (s instanceof z.ZodArray) return z.array(stored(s.element));
  if (s instanceof z.ZodBoolean) return z.boolean();
  if (s instanceof z.ZodString) return z.string();
  return z.number();
}
/** An input shape's fields as stored (OpportunityDetails as EventDetail answers it). */
const storedShape = <S extends z.ZodRawShape>(shape: S) =>
  Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, stored(s)])) as { [K in keyof S]: Stored<S[K]> };

/** An event's approval state (a new event waits for an approver, so does a deletion). */
const Approval = z.enum(['pending', 'approved', 'rejected', 'pendingDelete']);

/** An event as the lists name it: id, code, names, status and dates. */
const EventListed = {
  id: z.string(),
  code: z.string(),
  ...P.bilingual('name'),
  status: z.number(),
  startDate: z.string(),
  endDate: z.string(),
};

export const OpportunityListItem = named('OpportunityListItem', {
  ...EventListed,
  attendanceType: z.number(),
  ...MapPoint,
  seatsTaken: z.number(),
  maxContributions: z.number(),
});
export type OpportunityListItem = z.infer<typeof OpportunityListItem>;

/** GET /api/opportunities/calendar: the public events overlapping a range of at most 42 days, at most 500 of them. */
export const CALENDAR_MAX_DAYS = 42;
export const CALENDAR_MAX_EVENTS = 500;
export const CalendarEvent = OpportunityListItem.pick({
  id: true,
  code: true,
  nameAr: true,
  nameEn: true,
  status: true,
  startDate: true,
  endDate: true,
  attendanceType: true,
});
export const OpportunityCalendar = z.object({
  rows: z.array(CalendarEvent),
  /** More than CALENDAR_MAX_EVENTS events overlap the range: only the first (by start date) are listed. */
  truncated: z.boolean(),
});

/** GET /api/opportunities/pending: events waiting for an approver (a new event, or a deletion), newest first. */
export const PendingOpportunity = z.object({
  ...EventListed,
  approval: z.enum(['pending', 'pendingDelete']),
  createdAt: z.string(),
});
export const PendingOpportunities = z.object({ rows: z.array(PendingOpportunity), total: z.number() });
export type PendingOpportunities = z.infer<typeof PendingOpportunities>;
export type CalendarEvent = z.infer<typeof CalendarEvent>;
export type OpportunityCalendar = z.infer<typeof OpportunityCalendar>;

/** Spec: the public events list shows 12 per page; the map view at most 100 markers. */
export const PUBLIC_PAGE_SIZE = 12;
export const MAP_MARKERS = 100;

/** GET /api/opportunities: one page of events and how many match. */
export const EventsPage = named('EventsPage', { rows: z.array(OpportunityListItem), total: z.number() });
export type EventsPage = z.infer<typeof EventsPage>;

/** A marker of the map view: a located, listed, public event that is not closed nor remote. */
export const MapMarker = named('MapMarker', {
  id: z.string(),
  ...P.bilingual('name'),
  latitude: z.number(),
  longitude: z.number(),
  status: z.number(),
});
export type MapMarker = z.infer<typeof MapMarker>;

/**
 * GET /api/opportunities/:id: the event's stored fields (OpportunityDetails as the log holds them, so unbounded here)
 * plus its state and the caller's own participation.
 */
export const EventDetail = named('EventDetail', {
  id: z.string(),
  ...storedShape(OpportunityDetails.shape),
  status: z.number(),
  approval: Approval,
  /** Why an approver rejected it (null unless rejected). */
  rejectReason: z.string().nullable(),
  joinedCount: z.number(),
  /** The signed-in user's own participation status in this event, null without one (or signed out). */
  myStatus: z.number().nullable(),
});
export type EventDetail = z.infer<typeof EventDetail>;

const events = endpoints('events');
/** A staff command on one event: POST /api/opportunities/:id/<action>, guarded by `guard` on the events screen. */
const onEvent = <const A extends string, const G extends Action>(action: A, guard: G) =>
  events.post(`/api/opportunities/:id/${action}`, {
    permission: staff('eventsadmin', guard),
    params: IdParams,
    response: CommandAccepted,
  });

export const createOpportunity = events.post('/api/opportunities', {
  permission: staff('eventsadmin', 'Add'),
  body: OpportunityDetails,
  status: 201,
  response: CommandAccepted.extend({ opportunityId: z.string() }),
});

export const editOpportunity = events.put('/api/opportunities/:id', {
  permission: staff('eventsadmin', 'Edit'),
  params: IdParams,
  body: OpportunityDetails,
  response: CommandAccepted,
});

export const approveOpportunity = onEvent('approve', 'Approve');

export const stopInvitations = onEvent('stop-invitations', 'Edit');

/** An approver rejects an event, with a reason the event's page shows (spec: reject; RejectReasonRequired). */
export const rejectOpportunity = events.post('/api/opportunities/:id/reject', {
  permission: staff('eventsadmin', 'Approve'),
  params: IdParams,
  body: z.object({ reason: P.longText(1000) }),
  response: CommandAccepted,
});

/** A deletion: done at once, or waiting for an approver (pendingApproval). */
export const deleteOpportunity = events.post('/api/opportunities/:id/delete', {
  permission: staff('eventsadmin', 'Delete'),
  params: IdParams,
  body: z.object({ reason: P.longText(1000) }),
  response: CommandAccepted.extend({ pendingApproval: z.boolean() }),
});

export const confirmDeleteOpportunity = onEvent('confirm-delete', 'Approve');

/**
 * The events lists' filters (spec "Event search filters"), shared by the lists and the map: status, region, city,
 * event type, presence, time period, day, category, work field, work field group and code.
 */
const EventsFilterQuery = z.object({
  status: P.queryOneOf([0, 2, 3]).optional(),
  ...AreaFilters,
  eventTypeId: P.queryInt().optional(),
  attendanceType: P.queryInt(1, 3).optional(),
  code: P.text(30).optional(),
  timePeriod: P.queryInt(1, 3).optional(),
  day: P.queryInt(0, 6).optional(),
  categoryId: P.queryInt().optional(),
  workFieldId: P.queryInt().optional(),
  /** The work field group (spec filter "group"), as the event's details name it. */
  workFieldGroupId: P.queryInt().optional(),
});

/**
 * Events lists: public (open to all, 12 a page) or, for a signed-in volunteer, private (restricted to their region or
 * city, or invited-only ones they were invited to; page sizes 5/10/15/20). Approved and not deleted; newest first.
 */
export const listOpportunities = events.get('/api/opportunities', {
  query: PagedQuery.extend({
    ...EventsFilterQuery.shape,
    scope: z.enum(['public', 'private']).default('public'),
    // Spec: 12 a page for the public list; 5, 10, 15 or 20 for the private one.
    pageSize: P.queryOneOf([5, 10, 12, 15, 20]).optional(),
  }),
  response: EventsPage,
});

/** The events calendar: public events overlapping a range of real days (at most CALENDAR_MAX_DAYS). */
export const opportunityCalendar = events.get('/api/opportunities/calendar', {
  query: AfterQuery.extend({ from: P.isoDate(), to: P.isoDate() }),
  response: OpportunityCalendar,
});

/**
 * Map view (spec): at most 100 markers; closed events (3) and remote ones (attendance 3) have none. The public list's
 * filters narrow it (a visitor filters by region and sees those events on the map).
 */
export const opportunityMap = events.get('/api/opportunities/map', {
  query: EventsFilterQuery.extend(AfterQuery.shape),
  response: z.array(MapMarker),
});

/** The approvers' list of events waiting for them (403 for a role that may not approve). */
export const pendingOpportunities = events.get('/api/opportunities/pending', {
  permission: staff('eventsadmin', 'Approve'),
  query: PagedQuery,
  response: PendingOpportunities,
});

/** The staff's events list (issue 11): every status, approval and visibility in the viewer's scope, with filters. */
export const ManagedEvent = named('ManagedEvent', {
  ...EventListed,
  approval: Approval,
  visibility: z.number(),
  seatsTaken: z.number(),
  maxContributions: z.number(),
});
export const ManagedEvents = z.object({ rows: z.array(ManagedEvent), total: z.number() });
export type ManagedEvents = z.infer<typeof ManagedEvents>;

export const manageOpportunities = events.get('/api/opportunities/manage', {
  permission: staff('eventsadmin', 'View'),
  query: PagedQuery.extend({
    pageSize: P.queryOneOf([5, 10, 15, 20]).optional(),
    status: P.queryOneOf([0, 2, 3, 4]).optional(),
    approval: Approval.optional(),
    visibility: P.queryOneOf([0, 1, 2, 3]).optional(),
    ...AreaFilters,
    code: P.text(30).optional(),
  }),
  response: ManagedEvents,
});

/** An event's details; the health-ministry client shows them to signed-in users only (spec). */
export const opportunityDetails = events.get('/api/opportunities/:id', {
  params: IdParams,
  query: AfterQuery,
  response: EventDetail,
});
