import type { EventStore } from '../commands/event-store/port.ts';
import { continueExtensionProcess, joinProcess, staffAcceptProcess } from '../commands/participation/handlers.ts';
import { registerProcess, updateProcess } from '../commands/registration/handlers.ts';
import { isFinished, loadProcess, resumeWith, type Workflow } from '../commands/workflow/process.ts';
import { DomainError } from '../domain/shared/errors.ts';
import type { Projection } from '../projections/runner/projection.ts';
import type { JobQueue } from './jobs/port.ts';

export const RESUME_JOB = 'process.resume';

/** Every kind of durable process (commands/workflow/process.ts), by kind. */
const WORKFLOWS = new Map<string, Workflow<never, never, unknown>>(
  [staffAcceptProcess, joinProcess, continueExtensionProcess, registerProcess, updateProcess].map((w) => [
    w.kind,
    w as unknown as Workflow<never, never, unknown>,
  ]),
);

/**
 * Brings one process to its end, from its stream: forward to completion, or through its compensation. A finished one
 * is left alone; a refusal is the process's recorded outcome, not a failure of the job.
 */
export async function resumeProcess(store: EventStore, commandId: string): Promise<'finished' | 'resumed'> {
  const s = await loadProcess(store, commandId);
  if (!s.started || isFinished(s)) return 'finished';
  const wf = WORKFLOWS.get(s.started.kind);
  if (!wf) throw new Error(`no workflow of kind ${s.started.kind}`);
  try {
    await resumeWith(store, wf, s, commandId);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
  }
  return 'resumed';
}

/**
 * Finds processes abandoned by a crash. A reactor (a projection without tables: the runner's checkpoint, lock and
 * crash safety) sees each ProcessStarted; unless the same batch already holds its end, it enqueues a resume job
 * delayed by the lease (job id = the start event's id, so a replay enqueues it once). The job finds most processes
 * finished by the request that ran them and does nothing; the others it resumes. The lease only has to outlast a
 * normal run: a resume that overlaps a slow live run is still safe, since every step is idempotent by its command id
 * and the process stream is appended at its revision.
 */
export function processReactions(queue: JobQueue, store: EventStore, leaseMs = 5_000): Projection {
  queue.handle(RESUME_JOB, async (job) => {
    await resumeProcess(store, (job.payload as { commandId: string }).commandId);
  });
  return {
    name: 'reactions-process',
    version: 1,
    tables: [],
    types: ['ProcessStarted', 'ProcessCompleted', 'ProcessFailed'],
    async setup() {},
    async apply({ tx }, events) {
      const ended = new Set(events.filter((e) => e.type !== 'ProcessStarted').map((e) => e.streamId));
      for (const e of events) {
        if (e.type !== 'ProcessStarted' || ended.has(e.streamId)) continue;
        const age = Date.now() - e.recordedAt.getTime();
        await queue.enqueue(
          RESUME_JOB,
          { commandId: e.streamId.slice('process-'.length) },
          { jobId: `${RESUME_JOB}.${e.id}`, tx, delayMs: Math.max(0, leaseMs - age) },
        );
      }
    },
  };
}
