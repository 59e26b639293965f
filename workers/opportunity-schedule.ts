import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { EventStore } from '../commands/event-store/port.ts';
import { handleCommand } from '../commands/handle.ts';
import { opportunityDecider, opportunityStream } from '../domain/opportunity/decide.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import type { AnyDB } from '../projections/runner/projection.ts';
import { periodicJob } from './jobs/periodic.ts';
import type { JobQueue } from './jobs/port.ts';

export const STATUS_JOB = 'opportunities.status-by-date';

/**
 * Events move upcoming (0) → active (2) → closed (3) with their dates (spec). A job, enqueued every minute with the
 * minute in its id so that several workers enqueue it once, updates the events whose dates call for another status.
 */
export function opportunitySchedule(
  queue: JobQueue,
  store: EventStore,
  db: Kysely<AnyDB>,
  clientCode: ClientCode,
  clock: () => Date = () => new Date(),
) {
  async function run(now: Date): Promise<number> {
    const today = now.toISOString().slice(0, 10);
    const { rows } = await sql<{ opportunity_id: string }>`
      select opportunity_id::text from rm.opportunities
       where status <> 4 and status <> (case when ${today}::date < start_date then 0 when ${today}::date <= end_date then 2 else 3 end)`.execute(
      db,
    );
    for (const r of rows) {
      await handleCommand(
        store,
        opportunityStream(r.opportunity_id),
        opportunityDecider,
        { type: 'UpdateStatusByDate' },
        {
          actorId: null,
          actorRole: null,
          correlationId: STATUS_JOB,
          causationId: null,
          clientCode,
          commandId: randomUUID(),
          now,
        },
      );
    }
    return rows.length;
  }
  return periodicJob(queue, STATUS_JOB, run, {
    everyMs: 60_000,
    bucketOf: (now) => now.toISOString().slice(0, 16).replace(':', '-'),
    clock,
  });
}
