import { accountLockedVersions } from './account/events.ts';
import type { VersionRegistry } from './shared/upcast.ts';

/**
 * Every event type whose stored shape changed, with its upcasters (domain/shared/upcast.ts). A type not listed is at
 * version 1. A new shape: bump `current` beside the event's type, add the step from the old version, list it here.
 */
export const EVENT_VERSIONS: VersionRegistry = {
  AccountLocked: accountLockedVersions,
};
