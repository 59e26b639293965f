import { z } from 'zod';
import { AuditQuery } from './audit.ts';
import { FileBytes, IdParams, Lang, named, PositionText } from './common.ts';
import { endpoints, type Permission, staff } from './endpoint.ts';
import { HoursGridQuery } from './hours.ts';
import { manageOpportunities } from './opportunity.ts';
import * as P from './primitives.ts';
import { RegistrationGridQuery } from './registration.ts';
import { ReportsQuery } from './reports.ts';
import { UsersGridQuery, UsersLogFilters } from './users.ts';

const exporting = endpoints('exports');

export const ExportFormat = z.enum(['xlsx', 'pdf']);
export type ExportFormat = z.infer<typeof ExportFormat>;

/**
 * What an export is started with: the format, with or without formatting, the file's language (Arabic: Arabic
 * headers, right to left) and the grid's current filters in the
 * grid's own query form (the same schema as the grid's GET, so an export selects the rows the grid shows).
 */
export const exportBody = <F extends z.ZodType>(filters: F) =>
  z.object({ format: ExportFormat, formatted: z.boolean().default(true), language: Lang.default('ar'), filters });

export const ExportStarted = named('ExportStarted', { id: z.string(), position: PositionText });
export type ExportStarted = z.infer<typeof ExportStarted>;

/**
 * One export source's start: POST /api/exports/<source>, guarded by the grid's own screen action. Registering a new
 * source is this one line plus its columns and rows (api/exports/sources.ts).
 */
export const exportEndpoint = <const Path extends string, F extends z.ZodType>(
  path: Path,
  permission: Permission,
  filters: F,
  summary: string,
) =>
  exporting.post(path, {
    permission,
    body: exportBody(filters),
    response: ExportStarted,
    status: 201,
    errors: [404, 422],
    summary,
  });

/** A grid's GET query without its paging: the filters and sort an export selects the grid's rows with. */
const WITHOUT_PAGING = { after: true, page: true, pageSize: true } as const;

/** The registrations / approved volunteers grid's filters (its GET query without paging). */
export const VolunteerExportFilters = RegistrationGridQuery.omit(WITHOUT_PAGING);
/** An event's invited volunteers and roster: the event and the roster's status filter. */
export const ParticipantExportFilters = z.object({ eventId: P.uuid(), status: P.queryInt(1, 10).optional() });

export const exportVolunteers = exportEndpoint(
  '/api/exports/volunteers',
  staff('registrationadmin', 'View'),
  VolunteerExportFilters,
  'Export volunteers data (the registrations grid with its filters, in the staff member’s regions and cities)',
);
export const exportParticipants = exportEndpoint(
  '/api/exports/participants',
  staff('eventsadmin', 'View'),
  ParticipantExportFilters,
  'Export the invited volunteers of one event (event staff on that event only)',
);
export const exportUsersLog = exportEndpoint(
  '/api/exports/users-log',
  staff('users', 'View'),
  UsersLogFilters,
  'Export the users log (sign-in attempts) with its filters',
);

/** The users grid's search, filters and sort (its GET query without paging). */
export const UserExportFilters = UsersGridQuery.omit(WITHOUT_PAGING);
/** The audit log's filters (its GET query without the position paging). */
export const AuditExportFilters = AuditQuery.omit({ after: true, before: true, limit: true });
/** The hours grid's state, event, volunteer, days and sort (its GET query without paging). */
export const HoursExportFilters = HoursGridQuery.omit(WITHOUT_PAGING);

export const exportUsers = exportEndpoint(
  '/api/exports/users',
  staff('users', 'View'),
  UserExportFilters,
  'Export the users grid with its search, filters and sort',
);
export const exportAuditLog = exportEndpoint(
  '/api/exports/audit-log',
  staff('auditlog', 'View'),
  AuditExportFilters,
  'Export the audit log with its filters (actor, record, days)',
);
export const exportHours = exportEndpoint(
  '/api/exports/hours',
  staff('volunteerhours', 'View'),
  HoursExportFilters,
  'Export the volunteer hours grid with its filters (events in the staff member’s regions and cities)',
);

/** The events manage grid's filters (its GET query without paging): status, approval, visibility, region, city, code. */
export const EventExportFilters = manageOpportunities.query.omit(WITHOUT_PAGING);

export const exportEvents = exportEndpoint(
  '/api/exports/events',
  staff('eventsadmin', 'View'),
  EventExportFilters,
  'Export the events list (the events manage grid) with its filters',
);

/** The event reports are the statistics screen's. */
const statisticsView = staff('statistics', 'View');
/** The event reports list's and summary's filters (search, status, start days, as of a moment). */
export const ReportExportFilters = ReportsQuery.omit({ after: true });
/** One event's report (its roster with each volunteer's figures), as of a moment or now. */
export const EventReportExportFilters = z.object({ eventId: P.uuid(), asOf: P.timestamp().optional() });

export const exportEventReports = exportEndpoint(
  '/api/exports/event-reports',
  statisticsView,
  ReportExportFilters,
  'Export the event reports list with each event’s figures (events in the staff member’s regions and cities)',
);
export const exportEventReportsSummary = exportEndpoint(
  '/api/exports/event-reports-summary',
  statisticsView,
  ReportExportFilters,
  'Export the event reports summary (the totals of the events the filters select)',
);
export const exportEventReport = exportEndpoint(
  '/api/exports/event-report',
  statisticsView,
  EventReportExportFilters,
  'Export one event’s report: its roster with each volunteer’s figures (staff on that event only)',
);

export const ExportStatus = named('ExportStatus', {
  id: z.string(),
  source: z.string(),
  format: ExportFormat,
  formatted: z.boolean(),
  status: z.enum(['requested', 'completed', 'failed']),
  /** Rows written so far and rows selected (null until the job has counted them). */
  done: z.number().int(),
  total: z.number().int().nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Rows in the file (completed), and the bound a PDF stops at. */
  rows: z.number().int().nullable(),
  truncated: z.boolean(),
  reason: z.string().nullable(),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

/** An export's status and progress: only its requester sees it (anyone else: 404). */
export const getExport = exporting.get('/api/exports/:id', {
  params: IdParams,
  response: ExportStatus,
  errors: [401, 404],
});

/** The finished file (xlsx or pdf): only its requester downloads it. */
export const exportFile = exporting.get('/api/exports/:id/file', {
  params: IdParams,
  response: FileBytes,
  contentType: 'application/octet-stream',
  errors: [401, 404],
});
