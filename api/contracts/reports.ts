import { z } from 'zod';
import { AfterQuery, DaysFilters, GridPage, IdParams, named, PagedQuery } from './common.ts';
import { endpoints, mine, staff } from './endpoint.ts';
import * as P from './primitives.ts';

/**
 * Event reports (spec: event reports list, event reports summary, event reports/{id}/{eventId}) and the volunteer's
 * own dashboard. Every one takes `asOf`: the figures as they stood at that instant, computed from the events up to
 * it (docs/architecture.md, "Event reports").
 */
const AsOf = AfterQuery.extend({ asOf: P.timestamp().optional() });

export const ReportsQuery = AsOf.extend({
  search: P.text(100).optional(),
  /** The event's status (spec: 0 upcoming, 2 active, 3 closed, 4 deleted). */
  status: P.queryOneOf([0, 2, 3, 4]).optional(),
  ...DaysFilters,
});
export type ReportsQuery = z.input<typeof ReportsQuery>;

/** Hours by state (an event's, a participant's). */
const Hours = { approvedHours: z.number(), pendingHours: z.number(), rejectedHours: z.number() };

const Figures = {
  participants: z.number().int(),
  attended: z.number().int(),
  expected: z.number().int(),
  absent: z.number().int(),
  released: z.number().int(),
  ...Hours,
  casesHandled: z.number().int(),
  ratingCount: z.number().int(),
  averageRating: z.number().nullable(),
  incidents: z.number().int(),
};

export const EventReportRow = named('EventReportRow', {
  id: z.string(),
  code: z.string(),
  ...P.bilingual('name'),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.number().int(),
  ...Figures,
});
export type EventReportRow = z.infer<typeof EventReportRow>;

export const EventReportsPage = GridPage(EventReportRow).meta({ id: 'EventReportsPage' });

const Distribution = z.tuple([
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
]);

export const EventReportsSummary = named('EventReportsSummary', {
  events: z.number().int(),
  ...Figures,
  byStatus: z.record(z.string(), z.number().int()),
  ratingDistribution: Distribution,
});
export type EventReportsSummary = z.infer<typeof EventReportsSummary>;

const Attendance = z.enum(['attended', 'expected', 'absent', 'released', 'none']);

export const ParticipantReport = z.object({
  volunteerId: z.string(),
  ...P.bilingual('name', 'nullable'),
  status: z.number().int(),
  attendance: Attendance,
  checkedIn: z.boolean(),
  ...Hours,
  casesHandled: z.number().int(),
  rating: z.number().nullable(),
  reviews: z.array(z.string()),
  incidents: z.number().int(),
});

/** An event as a report heads it (folded from its stream, so its days are known). */
const EventHeading = {
  code: z.string(),
  ...P.bilingual('name'),
  startDate: z.string(),
  endDate: z.string(),
  status: z.number().int(),
};

export const EventReport = named('EventReport', {
  id: z.string(),
  asOf: z.string().nullable(),
  event: z.object({ ...EventHeading, maxContributions: z.number().int() }).nullable(),
  roster: z.array(ParticipantReport),
  totals: z.object({
    participants: z.number().int(),
    byStatus: z.record(z.string(), z.number().int()),
    attendance: z.record(Attendance, z.number().int()),
    hours: z.object({ approved: z.number(), pending: z.number(), rejected: z.number() }),
    casesHandled: z.number().int(),
    ratings: z.object({ count: z.number().int(), average: z.number().nullable(), distribution: Distribution }),
    incidents: z.number().int(),
  }),
});
export type EventReport = z.infer<typeof EventReport>;

export const VolunteerDashboard = named('VolunteerDashboard', {
  asOf: z.string().nullable(),
  events: z.array(
    z.object({
      id: z.string(),
      ...EventHeading,
      attendance: Attendance,
      approvedHours: z.number(),
      pendingHours: z.number(),
      rating: z.number().nullable(),
      reviews: z.array(z.string()),
    }),
  ),
  /** Approved hours by the year of the event's start. */
  hoursByYear: z.array(z.object({ year: z.number().int(), approvedHours: z.number(), events: z.number().int() })),
  evaluation: z.object({
    accepted: z.number().int(),
    attended: z.number().int(),
    absent: z.number().int(),
    released: z.number().int(),
    expected: z.number().int(),
    commitment: z.number().nullable(),
    averageRating: z.number().nullable(),
    score: z.number().nullable(),
    level: z.number().int().nullable(),
  }),
});
export type VolunteerDashboard = z.infer<typeof VolunteerDashboard>;

const reports = endpoints('reports');
const permission = staff('statistics', 'View');

/** A staff read of the event reports at `path`: the statistics screen's guard, the filters, the answer. */
const staffRead = <const Path extends string, const Q extends z.ZodType, const R extends z.ZodType>(
  path: Path,
  query: Q,
  response: R,
) => reports.get(path, { permission, query, response });

export const eventReports = staffRead('/api/reports/events', ReportsQuery.extend(PagedQuery.shape), EventReportsPage);
export const eventReportsSummary = staffRead('/api/reports/events-summary', ReportsQuery, EventReportsSummary);
export const eventReport = reports.get('/api/reports/events/:id', {
  permission,
  params: IdParams,
  query: AsOf,
  response: EventReport,
});
export const myDashboard = reports.get('/api/me/dashboard', {
  permission: mine('dashboard', 'View'),
  query: AsOf,
  response: VolunteerDashboard,
});
