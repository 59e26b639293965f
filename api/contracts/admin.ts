import { z } from 'zod';
import { CommandAccepted, named } from './common.ts';
import { endpoints, staff } from './endpoint.ts';
import { PermissionMatrix, ScreenActionsChange } from './permissions.ts';

const permissions = endpoints('permissions');
const projections = endpoints('health');

/** The super admin's screens × roles matrix. */
export const getPermissions = permissions.get('/api/admin/permissions', {
  permission: staff('allowadminrole', 'View'),
  response: PermissionMatrix,
});

/** A change of the matrix at `path`; the answer waits until the change is in force. */
const permissionsChange = <const Path extends string>(path: Path) =>
  permissions.post(path, {
    permission: staff('allowadminrole', 'Edit'),
    body: ScreenActionsChange,
    response: CommandAccepted,
    errors: [409, 422],
  });

/** Grants actions. */
export const grantPermissions = permissionsChange('/api/admin/permissions/grant');
/** Revokes actions. */
export const revokePermissions = permissionsChange('/api/admin/permissions/revoke');

export const ParkedEvent = named('ParkedEvent', {
  projection: z.string(),
  generation: z.number(),
  eventId: z.string(),
  position: z.string(),
  streamId: z.string(),
  eventType: z.string(),
  error: z.string(),
  parkedAt: z.string(),
  lastAttemptAt: z.string(),
  attempts: z.number(),
  retryRequested: z.boolean(),
});
export type ParkedEvent = z.infer<typeof ParkedEvent>;

/** Events the projections could not apply (rm.parked_events). */
export const parkedEvents = projections.get('/api/admin/projections/parked', {
  permission: staff('projections', 'View'),
  response: z.object({ rows: z.array(ParkedEvent) }),
});

/** A retry's outcome: how many parked events were asked again, applied, still parked, and whether it is pending. */
export const RetryResult = named('ParkedRetryResult', {
  requested: z.number(),
  resolved: z.number(),
  parked: z.number(),
  pending: z.boolean(),
});
export type RetryResult = z.infer<typeof RetryResult>;

/** Asks a projection's runner to retry its parked events, and waits for the outcome. */
export const retryParked = projections.post('/api/admin/projections/:name/parked/retry', {
  permission: staff('projections', 'Edit'),
  params: z.object({ name: z.string().max(100) }),
  response: RetryResult,
});
