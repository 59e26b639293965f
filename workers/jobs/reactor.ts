import type { StoredEvent } from '../../commands/event-store/port.ts';
import { TransientError } from '../../projections/runner/parking.ts';
import type { Projection } from '../../projections/runner/projection.ts';
import type { JobQueue } from './port.ts';

export interface Reaction {
  job: string;
  payload: unknown;
  /** What makes the job one of a kind (the event id by default): events sharing a key enqueue one job. */
  key?: string;
}

/**
 * A consumer of committed events that enqueues their side effects, with the event id as the job id: a replay or a
 * crash between enqueue and checkpoint never sends twice. It runs as a projection without tables, so it gets the
 * runner's checkpoint, lock and crash safety. With the PostgreSQL queue the enqueue joins the checkpoint's transaction.
 */
export function reactor(
  name: string,
  types: readonly string[],
  queue: JobQueue,
  /** One side effect, several (one job each: a mail per recipient), or none. */
  react: (e: StoredEvent) => Reaction | readonly Reaction[] | null,
): Projection {
  return {
    name,
    version: 1,
    tables: [],
    types,
    async setup() {},
    async apply({ tx }, events) {
      for (const e of events) {
        const reactions = react(e);
        const list: readonly Reaction[] = reactions === null ? [] : 'job' in reactions ? [reactions] : reactions;
        for (const r of list) {
          try {
            await queue.enqueue(r.job, r.payload, { jobId: `${r.job}.${r.key ?? e.id}`, tx });
          } catch (err) {
            // A queue that is down (Redis) says nothing about the event: retry the batch, never park it. A SQL error
            // from the PostgreSQL queue's insert goes to the runner as it is (it may be the payload's values).
            const sqlState =
              typeof (err as { code?: unknown }).code === 'string' &&
              /^[0-9A-Z]{5}$/.test((err as { code: string }).code);
            throw sqlState ? err : new TransientError(err);
          }
        }
      }
    },
  };
}
