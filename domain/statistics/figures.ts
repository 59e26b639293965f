/** The statistics pages' names shared by the read model, the contracts and the web (no I/O). */

/** The other statistics pages: registrations, volunteers, events, events of all regions. */
export const BREAKDOWN_VIEWS = ['registrations', 'volunteers', 'events', 'eventsAllRegions'] as const;
export type BreakdownView = (typeof BREAKDOWN_VIEWS)[number];

/** The figures a KPI comparison sets side by side. */
export const KPI_FIGURES = [
  'events',
  'approvedEvents',
  'closedEvents',
  'invitations',
  'participants',
  'approvedHours',
  'notApprovedHours',
] as const;
export type KpiFigure = (typeof KPI_FIGURES)[number];

/** The dashboard's counters, by label. */
export const COUNTER_LABELS = [
  'volunteers',
  'draft',
  'submitted',
  'initiallyAccepted',
  'approved',
  'rejected',
  'events',
  'eventsApproved',
  'events.upcoming',
  'events.active',
  'events.closed',
  'events.deleted',
  'participants',
  'approvedHours',
  'notApprovedHours',
] as const;
export type CounterLabel = (typeof COUNTER_LABELS)[number];

/**
 * Participations that count towards targets, KPIs and the participants counter: accepted by staff (4), released after
 * taking part (8), absent (9), asking to be released (10). Invitations and requests still open, refused or cancelled
 * do not.
 */
export const COUNTED_STATUSES = [4, 8, 9, 10] as const;
