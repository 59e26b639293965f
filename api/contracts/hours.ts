import { z } from 'zod';
import type { Action } from '../../domain/permissions/screens.ts';
import {
  AfterQuery,
  BatchResults,
  CommandAccepted,
  DaysFilters,
  GridPage,
  IdParams,
  named,
  PageSize,
  ParticipantParams,
} from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import * as P from './primitives.ts';

/** A day's hours: at most 24 of them, check-in and check-out strict timestamps (the domain checks them against the event). */
export const HoursEntryBody = z.object({
  hours: P.decimal(0, 24),
  casesHandled: P.int(0, 100_000),
  checkIn: P.timestamp(),
  checkOut: P.timestamp(),
  rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5)]),
  review: P.longText(2000),
});
export type HoursEntryBody = z.infer<typeof HoursEntryBody>;

/** Each entry's outcome of a batch approval: `approved` or a catalogue code. */
export const HoursApprovalResults = BatchResults('HoursApprovalResults', 'hoursId');
export type HoursApprovalResults = z.infer<typeof HoursApprovalResults>;

const hours = endpoints('events');
const HoursId = ParticipantParams.extend({ hoursId: P.token(40) });

/** Staff log a day's hours of a participant. */
export const recordHours = hours.post('/api/opportunities/:id/participants/:volunteerId/hours', {
  params: ParticipantParams,
  body: HoursEntryBody,
  response: CommandAccepted.extend({ hoursId: z.string() }),
  permission: staff('volunteerhours', 'Add'),
});

const onEntry = <const A extends string, const G extends Action>(action: A, guard: G) =>
  hours.post(`/api/opportunities/:id/participants/:volunteerId/hours/:hoursId/${action}`, {
    params: HoursId,
    response: CommandAccepted,
    permission: staff('volunteerhours', guard),
  });
export const approveHours = onEntry('approve', 'Approve');
export const rejectHours = onEntry('reject', 'Approve');
export const deleteHours = onEntry('delete', 'Edit');

/** Approve many hours at once (spec: volunteers must be selected before approving). */
export const approveManyHours = hours.post('/api/opportunities/:id/hours/approve', {
  permission: staff('volunteerhours', 'Approve'),
  params: IdParams,
  body: z.object({
    items: z
      .array(z.object({ volunteerId: P.uuid(), hoursId: P.token(40) }))
      .min(1)
      .max(500),
  }),
  response: HoursApprovalResults,
});

// ------------------------------------------------------------------------------------ hours across events (staff)

/** GET /api/hours: the hours entries of every event in the caller's scope, by state, event, volunteer and days. */
export const HoursGridQuery = AfterQuery.extend({
  state: z.enum(['pending', 'approved', 'rejected']).default('pending'),
  opportunityId: P.uuid().optional(),
  volunteer: P.text(100).optional(),
  ...DaysFilters,
  sort: z.enum(['checkIn', 'hours', 'volunteer', 'event']).default('checkIn'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: P.page,
  pageSize: PageSize,
});
export type HoursGridQuery = z.output<typeof HoursGridQuery>;

export const HoursGridRow = named('HoursGridRow', {
  opportunityId: z.string(),
  volunteerId: z.string(),
  hoursId: z.string(),
  eventCode: z.string(),
  ...P.bilingual('event'),
  ...P.bilingual('name', 'nullable'),
  hours: z.number(),
  casesHandled: z.number().nullable(),
  checkIn: z.string().nullable(),
  checkOut: z.string().nullable(),
  rating: z.number().nullable(),
  state: z.enum(['pending', 'approved', 'rejected']),
});
export type HoursGridRow = z.infer<typeof HoursGridRow>;

export const hoursGrid = hours.get('/api/hours', {
  query: HoursGridQuery,
  response: GridPage(HoursGridRow),
  permission: staff('volunteerhours', 'View'),
});

/** The most entries one batch decides (each is its own command). */
export const HOURS_BATCH_MAX = 200;

/**
 * Approve or reject many entries of any events at once (spec: volunteers must be selected before accept/reject). Each
 * entry goes through the per-entry command; one outside the caller's scope answers NotFound.
 */
export const decideManyHours = hours.post('/api/hours/approve', {
  permission: staff('volunteerhours', 'Approve'),
  body: z.object({
    decision: z.enum(['approve', 'reject']),
    items: z
      .array(z.object({ opportunityId: P.uuid(), volunteerId: P.uuid(), hoursId: P.token(40) }))
      .min(1)
      .max(HOURS_BATCH_MAX),
  }),
  response: HoursApprovalResults,
});
