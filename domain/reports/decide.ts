import type { Decider, DomainEvent } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * Reports taken out of the portal (spec: ExporttoExcel, ExportPdf): each export is an audited action on the exporting
 * user's stream `reports-<userId>`, with the filters and the region/city scope it was made with. A direct download
 * (the users log) is one `UsersLogExported`; an export run as a job is `ExportRequested`, then `ExportCompleted` (its
 * row count and the stored file) or `ExportFailed`.
 */
export interface UsersLogFilters {
  from: string | null;
  to: string | null;
  loginStatuses: number[];
  ip: string | null;
  userAgent: string | null;
}

export type ExportFormat = 'xlsx' | 'pdf';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xlsx', 'pdf'];

/** A staff member's regions and cities at the time of the request (null: not limited, roles other than staff). */
export interface ExportScope {
  regionIds: number[];
  cityIds: number[];
}

export interface ExportRequest {
  exportId: string;
  /** The registered source's name (api/exports/registry.ts). */
  source: string;
  format: ExportFormat;
  /** With formatting: header style, column widths, date formats; without: plain values. */
  formatted: boolean;
  /** The file's language: Arabic headers and a right-to-left sheet, or English. */
  language: 'ar' | 'en';
  /** The grid's filters, as the source's contract validated them. */
  filters: Record<string, unknown>;
  scope: ExportScope | null;
}

export type ReportEvent =
  | DomainEvent<'UsersLogExported', { filters: UsersLogFilters; at: string }>
  | DomainEvent<'ExportRequested', ExportRequest & { at: string }>
  | DomainEvent<'ExportCompleted', { exportId: string; rows: number; fileId: string; at: string }>
  | DomainEvent<'ExportFailed', { exportId: string; reason: string; at: string }>;

export type ReportCommand =
  | { type: 'ExportUsersLog'; filters: UsersLogFilters }
  | ({ type: 'RequestExport' } & ExportRequest)
  | { type: 'CompleteExport'; exportId: string; rows: number; fileId: string }
  | { type: 'FailExport'; exportId: string; reason: string };

export type ExportStatus = 'requested' | 'completed' | 'failed';

export interface ExportState extends ExportRequest {
  status: ExportStatus;
  requestedAt: string;
  finishedAt: string | null;
  rows: number | null;
  fileId: string | null;
  reason: string | null;
}

export interface ReportsState {
  /** Every export the user has made (direct downloads included). */
  exports: number;
  /** The exports run as jobs, by id. */
  jobs: Record<string, ExportState>;
}

export const reportsStream = (userId: string) => `reports-${userId}`;

export const reportEvents: EventTypes<ReportEvent> = eventTypes<ReportEvent>({
  UsersLogExported: true,
  ExportRequested: true,
  ExportCompleted: true,
  ExportFailed: true,
});

/** The longest failure reason kept (an error message, cut). */
export const MAX_EXPORT_REASON = 500;

function finish(s: ReportsState, exportId: string): ExportState {
  const job = s.jobs[exportId];
  if (!job) throw new DomainError('NotFound');
  if (job.status !== 'requested') throw new DomainError('InvalidStatusChange');
  return job;
}

export const reportsDecider: Decider<ReportsState, ReportCommand, ReportEvent> = {
  events: reportEvents,
  initialState: () => ({ exports: 0, jobs: {} }),
  evolve: (s, e) => {
    switch (e.type) {
      case 'UsersLogExported':
        return { ...s, exports: s.exports + 1 };
      case 'ExportRequested': {
        const { at, ...request } = e.data;
        const job: ExportState = {
          ...request,
          status: 'requested',
          requestedAt: at,
          finishedAt: null,
          rows: null,
          fileId: null,
          reason: null,
        };
        return { exports: s.exports + 1, jobs: { ...s.jobs, [request.exportId]: job } };
      }
      case 'ExportCompleted': {
        const job = s.jobs[e.data.exportId];
        if (!job) return s;
        const done: ExportState = {
          ...job,
          status: 'completed',
          finishedAt: e.data.at,
          rows: e.data.rows,
          fileId: e.data.fileId,
        };
        return { ...s, jobs: { ...s.jobs, [job.exportId]: done } };
      }
      case 'ExportFailed': {
        const job = s.jobs[e.data.exportId];
        if (!job) return s;
        const failed: ExportState = { ...job, status: 'failed', finishedAt: e.data.at, reason: e.data.reason };
        return { ...s, jobs: { ...s.jobs, [job.exportId]: failed } };
      }
    }
  },
  decide: (cmd, s, now) => {
    const at = now.toISOString();
    switch (cmd.type) {
      case 'ExportUsersLog':
        return [{ type: 'UsersLogExported', data: { filters: cmd.filters, at } }];
      case 'RequestExport': {
        const { type: _t, ...request } = cmd;
        // The same id twice is the same request (a retried command is answered by the handler before this).
        if (s.jobs[request.exportId]) throw new DomainError('ConcurrencyConflict');
        return [{ type: 'ExportRequested', data: { ...request, at } }];
      }
      case 'CompleteExport':
        finish(s, cmd.exportId);
        if (!Number.isInteger(cmd.rows) || cmd.rows < 0) throw new DomainError('ValidationFailed');
        return [{ type: 'ExportCompleted', data: { exportId: cmd.exportId, rows: cmd.rows, fileId: cmd.fileId, at } }];
      case 'FailExport':
        finish(s, cmd.exportId);
        return [
          {
            type: 'ExportFailed',
            data: { exportId: cmd.exportId, reason: cmd.reason.slice(0, MAX_EXPORT_REASON), at },
          },
        ];
    }
  },
};
