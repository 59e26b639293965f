import { decode } from '../commands/event-store/decode.ts';
import type { EventStore, StoredEvent } from '../commands/event-store/port.ts';
import type { CommandContext } from '../commands/handle.ts';
import { offerExtension } from '../commands/participation/handlers.ts';
import {
  evolve as evolveOpportunity,
  initialOpportunity,
  type Opportunity,
  opportunityEvents,
  opportunityStream,
} from '../domain/opportunity/decide.ts';
import { OpportunityStatus } from '../domain/opportunity/rules.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import { day } from '../domain/shared/days.ts';
import { DomainError } from '../domain/shared/errors.ts';
import type { JobQueue } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';

export const EXTENSION_JOB = 'participation.offer-extension';

/** What the reactor hands the job: the edit (by its id and revision) and the end date it moved. */
export interface ExtensionJob {
  opportunityId: string;
  /** Id of the OpportunityEdited event: the commands' ids derive from it, so a replay appends nothing twice. */
  editEventId: string;
  /** Revision of that event in the event's stream: the seat holders are read as of the edit. */
  editRevision: string;
  correlationId: string;
  previousEndDate: string;
  newEndDate: string;
}

/** The edit's end-date move when it extends the event (the end date moved later), else null. */
export function extensionOf(
  stored: Pick<StoredEvent, 'type' | 'data' | 'metadata'>,
): { previousEndDate: string; newEndDate: string } | null {
  const e = decode(opportunityEvents, stored);
  if (e?.type !== 'OpportunityEdited') return null;
  const change = e.data.changes.find((c) => c.field === 'endDate');
  if (!change || typeof change.from !== 'string' || typeof change.to !== 'string') return null;
  return day(change.to) > day(change.from) ? { previousEndDate: change.from, newEndDate: change.to } : null;
}

/** The event's stream folded up to (and including) one revision. */
async function opportunityAt(store: EventStore, opportunityId: string, revision: bigint): Promise<Opportunity> {
  let state = initialOpportunity();
  for await (const e of store.readStream(opportunityStream(opportunityId))) {
    if (e.revision > revision) break;
    const event = decode(opportunityEvents, e);
    if (event) state = evolveOpportunity(state, event);
  }
  return state;
}

/**
 * Offer the extension to every volunteer who held a seat when the event was extended (the event stream's fold, as
 * of the edit: not a read model). One command per volunteer with an id made of the edit's id and the volunteer's,
 * so running the job again (a replayed reactor, a retried job) appends nothing twice. A volunteer who left the seat
 * since, or is not in status 4, is refused by the domain and skipped. Returns the volunteers offered the extension.
 */
export async function offerExtensions(
  store: EventStore,
  job: ExtensionJob,
  clientCode: ClientCode,
  now: Date = new Date(),
): Promise<string[]> {
  const o = await opportunityAt(store, job.opportunityId, BigInt(job.editRevision));
  if (!o.exists || o.approval !== 'approved' || o.status === OpportunityStatus.Deleted) return [];
  const offered: string[] = [];
  for (const volunteerId of o.seats) {
    const ctx: CommandContext = {
      actorId: null,
      actorRole: null,
      correlationId: job.correlationId,
      causationId: job.editEventId,
      clientCode,
      commandId: `extension:${job.editEventId}:${volunteerId}`,
      now,
    };
    try {
      await offerExtension(
        store,
        job.opportunityId,
        volunteerId,
        { previousEndDate: job.previousEndDate, newEndDate: job.newEndDate },
        ctx,
      );
      offered.push(volunteerId);
    } catch (e) {
      // A refusal is final for this volunteer (no longer in status 4, event deleted); a conflict is retried.
      if (!(e instanceof DomainError) || e.code === 'ConcurrencyConflict') throw e;
    }
  }
  return offered;
}

/** Reacts to an approved event's end date moving later: a job offers the extension to each seat holder. */
export function extensionReactions(queue: JobQueue, store: EventStore, clientCode: ClientCode) {
  queue.handle(EXTENSION_JOB, async (job) => {
    await offerExtensions(store, job.payload as ExtensionJob, clientCode);
  });
  return reactor('reactions-extension', ['OpportunityEdited'], queue, (e) => {
    const moved = extensionOf(e);
    if (!moved) return null;
    const payload: ExtensionJob = {
      opportunityId: e.streamId.slice('opportunity-'.length),
      editEventId: e.id,
      editRevision: e.revision.toString(),
      correlationId: e.metadata.correlationId,
      ...moved,
    };
    return { job: EXTENSION_JOB, payload };
  });
}
