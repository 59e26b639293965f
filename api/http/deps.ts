import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Captcha } from '../../commands/account/captcha.ts';
import type { EventStore } from '../../commands/event-store/port.ts';
import { parsePosition } from '../../commands/event-store/port.ts';
import type { CommandContext } from '../../commands/handle.ts';
import type { IdentityService } from '../../commands/identity/nic-service.ts';
import type { SignOnState } from '../../commands/identity/sign-on-state.ts';
import type { SingleSignOn } from '../../commands/identity/single-sign-on.ts';
import type { JobQueue } from '../../commands/jobs/port.ts';
import type { EmployeeDirectory } from '../../commands/registration/employee-directory.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { LookupCache } from '../../projections/lookups/cache.ts';
import type { PermissionCache } from '../../projections/permissions/cache.ts';
import type { ReadModels } from '../../projections/read-models.ts';
import type { Projection } from '../../projections/runner/projection.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import type { MapTiles } from './map-tiles.ts';
import type { SessionStore } from './sessions.ts';

/** What the routes need; built once by the runtime (workers/runtime.ts). */
export interface ApiDeps {
  store: EventStore;
  /** The read models (projections/read-models.ts); each query takes its own folder's interface. */
  db: Kysely<ReadModels>;
  sessions: SessionStore;
  client: ClientConfig;
  queue: JobQueue;
  projections: readonly Projection[];
  /** Longest a read waits for ?after= (read-your-writes). */
  readWaitMs: number;
  /** The client's HR system, for employee numbers. */
  employees: EmployeeDirectory;
  /** The practitioners' course (spec: Course_URL), if the deployment has one. */
  courseUrl: string | null;
  /** The deployment's map tiles (MAP_TILE_URL), null for the offline base layer only. */
  mapTiles: MapTiles | null;
  /** The national identity service (NIC). */
  identity: IdentityService;
  /** The national single sign-on (HasSingleSignOn), null when the portal has none. */
  sso: SingleSignOn | null;
  /** Sign-ons in progress and identities waiting for verification (server-side, behind httpOnly cookies). */
  signOn: SignOnState;
  /** The admin site of the spec's hashed-key redirect, null when none is configured. */
  adminSiteUrl: string | null;
  /** The screens × roles matrix (read-only here; the guards ask it). */
  permissions: PermissionCache;
  /** The master data (lookups read model, cached per process). */
  lookups: LookupCache;
  /** The self-hosted captcha: login, forgot password and user name, registration (off where the spec hides it). */
  captcha: Captcha;
  /** Signs forgotten-password links. */
  resetLinkKey: Buffer;
}

/** A client's command id: letters, digits, '-' and '_', 8 to 100 of them (a UUID fits; nothing that splits a stream name). */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key, if it sent one; a malformed one is refused with ValidationFailed (422). */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers['idempotency-key'];
  if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key)))
    throw new DomainError('ValidationFailed', { field: 'Idempotency-Key' });
  return key;
}

/**
 * The command's context. The Idempotency-Key header, when sent, is the command id: the same request sent again (a
 * retry after a lost answer) finishes or answers the same command instead of starting another. A malformed key is
 * refused (ValidationFailed), not replaced, since a replaced key would silently lose that guarantee.
 */
export function commandContext(req: FastifyRequest, deps: ApiDeps): CommandContext {
  const key = idempotencyKeyOf(req);
  return {
    actorId: req.session?.userId ?? null,
    actorRole: req.session?.roleId ?? null,
    correlationId: req.id,
    causationId: null,
    clientCode: deps.client.code,
    commandId: key ?? randomUUID(),
    now: new Date(),
  };
}

/**
 * Read-your-writes: when the request carries ?after=<position>, wait (bounded, deps.readWaitMs) until these read models
 * have it. When they have not by then (a server under load), the answer is what they hold now, marked with the header
 * `x-read-behind: 1` (api/app.ts), and the web reads again (web/src/app/api.ts): a change is never shown as not done.
 */
export async function readAfter(req: FastifyRequest, deps: ApiDeps, projectionNames: readonly string[]): Promise<void> {
  const after = (req.query as { after?: string } | undefined)?.after;
  if (!after) return;
  let position: ReturnType<typeof parsePosition>;
  try {
    position = parsePosition(after);
  } catch {
    return;
  }
  if (!(await waitForPosition(deps.db, projectionNames, position, deps.readWaitMs))) req.readBehind = true;
}

/**
 * For a read that found nothing where something must be (a session's account the read models do not hold yet): wait
 * (bounded) until these read models reach the log's newest event. False, and the answer marked x-read-behind so that
 * the web reads again, when they have not by then.
 */
export async function readCaughtUp(
  req: FastifyRequest,
  deps: ApiDeps,
  projectionNames: readonly string[],
): Promise<boolean> {
  const reached = await waitForPosition(deps.db, projectionNames, await deps.store.lastPosition(), deps.readWaitMs);
  if (!reached) req.readBehind = true;
  return reached;
}
