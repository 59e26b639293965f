import { z } from 'zod';
import { CommandAccepted } from './common.ts';
import { endpoint } from './endpoint.ts';
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
export const HoursApprovalResults = z
  .object({
    results: z.array(z.object({ hoursId: z.string(), result: z.string() })),
    /** The last approval's position, null when none was written. */
    position: z.string().nullable(),
  })
  .meta({ id: 'HoursApprovalResults' });
export type HoursApprovalResults = z.infer<typeof HoursApprovalResults>;

const tags = ['events'];
const Pair = z.object({ id: P.uuid(), volunteerId: P.uuid() });
const HoursId = Pair.extend({ hoursId: P.token(40) });

/** Staff log a day's hours of a participant. */
export const recordHours = endpoint({
  method: 'POST',
  path: '/api/opportunities/:id/participants/:volunteerId/hours',
  params: Pair,
  body: HoursEntryBody,
  response: CommandAccepted.extend({ hoursId: z.string() }),
  tags,
});

const onEntry = <const A extends string>(action: A) =>
  endpoint({
    method: 'POST',
    path: `/api/opportunities/:id/participants/:volunteerId/hours/:hoursId/${action}`,
    params: HoursId,
    response: CommandAccepted,
    tags,
  });
export const approveHours = onEntry('approve');
export const rejectHours = onEntry('reject');
export const deleteHours = onEntry('delete');

/** Approve many hours at once (spec: volunteers must be selected before approving). */
export const approveManyHours = endpoint({
  method: 'POST',
  path: '/api/opportunities/:id/hours/approve',
  params: z.object({ id: P.uuid() }),
  body: z.object({
    items: z
      .array(z.object({ volunteerId: P.uuid(), hoursId: P.token(40) }))
      .min(1)
      .max(500),
  }),
  response: HoursApprovalResults,
  tags,
});
