import { type OpportunityEvent, opportunityEvents, opportunityStream } from '../../domain/opportunity/decide.ts';
import { type ParticipationEvent, participationEvents } from '../../domain/participation/decide.ts';
import type { EventHistory, ParticipationHistory, Timed } from '../../domain/reports/event-report.ts';
import type { DomainEvent } from '../../domain/shared/decider.ts';
import type { EventTypes } from '../../domain/shared/upcast.ts';
import { decode } from '../event-store/decode.ts';
import type { EventStore } from '../event-store/port.ts';
import { participationStream } from '../participation/handlers.ts';

/** A stream's events decoded, each with the moment it happened (its command's `now`, else when it was recorded). */
async function timedStream<E extends DomainEvent>(
  store: EventStore,
  stream: string,
  types: EventTypes<E>,
): Promise<Timed<E>[]> {
  const out: Timed<E>[] = [];
  for await (const stored of store.readStream(stream)) {
    const event = decode(types, stored);
    if (!event) continue;
    const at = stored.metadata.occurredAt;
    out.push({ event, occurredAt: at && !Number.isNaN(Date.parse(at)) ? at : stored.recordedAt.toISOString() });
  }
  return out;
}

/** An event's own stream, timed (domain/reports/event-report.ts, opportunityAt, folds it to a moment). */
export function opportunityHistory(store: EventStore, opportunityId: string): Promise<Timed<OpportunityEvent>[]> {
  return timedStream<OpportunityEvent>(store, opportunityStream(opportunityId), opportunityEvents);
}

/**
 * An event's history as domain/reports folds it: the opportunity stream and the participation streams of the given
 * volunteers (the read model names everyone who ever had one), read in full from the log, never from a read model.
 */
export async function eventHistory(
  store: EventStore,
  opportunityId: string,
  volunteerIds: readonly string[],
): Promise<EventHistory> {
  const [opportunity, participations] = await Promise.all([
    opportunityHistory(store, opportunityId),
    Promise.all(
      volunteerIds.map(
        async (volunteerId): Promise<ParticipationHistory> => ({
          volunteerId,
          events: await timedStream<ParticipationEvent>(
            store,
            participationStream(opportunityId, volunteerId),
            participationEvents,
          ),
        }),
      ),
    ),
  ]);
  return { opportunity, participations };
}
