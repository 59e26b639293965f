import type { Decider, DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * Reports taken out of the portal (spec: ExporttoExcel): each export is an audited action on the exporting user's
 * stream `reports-<userId>`, with the filters it was made with. The file itself is not kept.
 */
export interface UsersLogFilters {
  from: string | null;
  to: string | null;
  loginStatuses: number[];
  ip: string | null;
  userAgent: string | null;
}

export type ReportEvent = DomainEvent<'UsersLogExported', { filters: UsersLogFilters; at: string }>;
export type ReportCommand = { type: 'ExportUsersLog'; filters: UsersLogFilters };

export const reportsStream = (userId: string) => `reports-${userId}`;

export const reportEvents: EventTypes<ReportEvent> = eventTypes<ReportEvent>({ UsersLogExported: true });

/** How many exports the user has made: the stream keeps no other state. */
export const reportsDecider: Decider<{ exports: number }, ReportCommand, ReportEvent> = {
  events: reportEvents,
  initialState: () => ({ exports: 0 }),
  evolve: (s) => ({ exports: s.exports + 1 }),
  decide: (cmd, _s, now) => [{ type: 'UsersLogExported', data: { filters: cmd.filters, at: now.toISOString() } }],
};
