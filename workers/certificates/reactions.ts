import { type CertificateDeps, reconcileCertificates } from '../../commands/certificate/handlers.ts';
import { formatPosition, parsePosition } from '../../commands/event-store/port.ts';
import type { CommandContext } from '../../commands/handle.ts';
import { TransientError } from '../../projections/runner/parking.ts';
import { waitForPosition } from '../../projections/runner/status.ts';
import type { JobQueue } from '../jobs/port.ts';
import { reactor } from '../jobs/reactor.ts';

export const RECONCILE_JOB = 'certificate.reconcile';

export interface ReconcileJob {
  volunteerId: string;
  /** The hours event: its id makes the command id, its position is what the read model must hold first. */
  eventId: string;
  position: string;
  correlationId: string;
}

/** The hours events that change what a certificate certifies. */
export const HOURS_EVENTS = ['HoursApproved', 'HoursRejected', 'HoursDeleted'] as const;

/**
 * Reacts to a volunteer's hours being approved, rejected or deleted: a job re-checks the volunteer's certificates
 * (revokes those certifying an entry no longer approved, re-issues what changed) once the participations read model
 * holds the change. Issued and revoked certificates are events on `certificates-<volunteerId>`, so the log audits them.
 */
export function certificateReactions(queue: JobQueue, deps: CertificateDeps) {
  queue.handle(RECONCILE_JOB, async (job) => {
    const p = job.payload as ReconcileJob;
    const ready = await waitForPosition(deps.db, ['participations'], parsePosition(p.position), 30_000);
    if (!ready) throw new TransientError(new Error('participations read model behind'));
    const ctx: CommandContext = {
      actorId: null,
      actorRole: null,
      correlationId: p.correlationId,
      causationId: p.eventId,
      clientCode: deps.client.code,
      commandId: `certificates:${p.eventId}`,
      now: new Date(),
    };
    await reconcileCertificates(deps, p.volunteerId, ctx);
  });
  return reactor('reactions-certificates', HOURS_EVENTS, queue, (e) => {
    const volunteerId = e.streamId.slice('participation-'.length).split('_')[1];
    if (!volunteerId) return null;
    const payload: ReconcileJob = {
      volunteerId,
      eventId: e.id,
      position: formatPosition(e.position),
      correlationId: e.metadata.correlationId,
    };
    return { job: RECONCILE_JOB, payload };
  });
}
