import { z } from 'zod';
import { CommandOnId } from './common.ts';
import { endpoints } from './endpoint.ts';
import * as P from './primitives.ts';

/** A contribution (incident) the volunteer records during the event, as a draft or submitted. */
export const IncidentBody = z.object({
  incident: z.object({
    incidentId: P.text(40),
    fullName: P.text(200),
    genderType: P.int(0, 2),
    age: P.int(0, 130),
    nationalityId: P.id,
    startTime: P.timestamp(),
    closeTime: P.timestamp().optional(),
    proceduresTaken: P.longText(2000).optional(),
    complaint: P.longText(2000).optional(),
  }),
  mode: z.enum(['draft', 'submit']),
});
export type IncidentBody = z.infer<typeof IncidentBody>;

const events = endpoints('events');

/** The volunteer checks in during the event. */
export const checkIn = events.post('/api/opportunities/:id/check-in', CommandOnId);

/** Then records contributions (incidents). */
export const recordContribution = events.post('/api/opportunities/:id/contribution', {
  ...CommandOnId,
  body: IncidentBody,
});
