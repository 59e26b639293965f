import { type Kysely, sql } from 'kysely';
import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import {
  continueExtensionProcess,
  joinProcess,
  participationActionProcess,
  staffAcceptProcess,
} from '../commands/participation/handlers.ts';
import { registerProcess, updateProcess } from '../commands/registration/handlers.ts';
import { publishProcess } from '../commands/survey/handlers.ts';
import { changeDepartmentProcess, createStaffProcess, editUserProcess } from '../commands/users/handlers.ts';
import {
  isFinished,
  loadProcess,
  loadProcessOf,
  processEvents,
  processIdOfStep,
  processStream,
  resumeWith,
  type Workflow,
} from '../commands/workflow/process.ts';
import { DomainError } from '../domain/shared/errors.ts';
import type { AnyDB, Projection } from '../projections/runner/projection.ts';
import type { JobQueue } from './jobs/port.ts';

export const SWEEP_JOB = 'process.sweep';

/** Every kind of durable process (commands/workflow/process.ts), by kind. */
const WORKFLOWS = new Map<string, Workflow<never, never, unknown>>(
  [
    staffAcceptProcess,
    joinProcess,
    continueExtensionProcess,
    participationActionProcess,
    registerProcess,
    updateProcess,
    publishProcess,
    createStaffProcess,
    editUserProcess,
    changeDepartmentProcess,
  ].map((w) => [w.kind, w as unknown as Workflow<never, never, unknown>]),
);

/**
 * Brings one process to its end, from its stream: forward to completion, or through its compensation. A finished one
 * is left alone; a refusal is the process's recorded outcome, not a failure. `startedIn`: the stream its start was
 * seen in (an inline process's is its first writing step's stream; commands/workflow/process.ts).
 */
export async function resumeProcess(
  store: EventStore,
  commandId: string,
  startedIn?: string,
): Promise<'finished' | 'resumed'> {
  const first = await loadProcess(
    store,
    commandId,
    startedIn && startedIn !== processStream(commandId) ? [startedIn] : [],
  );
  if (!first.started) return 'finished';
  const wf = WORKFLOWS.get(first.started.kind);
  if (!wf) throw new Error(`no workflow of kind ${first.started.kind}`);
  // An inline process's end is in its last step's stream: read every stream its steps write.
  const s = wf.inline ? await loadProcessOf(store, wf, first.started.input as never, commandId) : first;
  if (!s.started || isFinished(s)) return 'finished';
  try {
    await resumeWith(store, wf, s, commandId);
  } catch (e) {
    if (!(e instanceof DomainError)) throw e;
  }
  return 'resumed';
}

/**
 * The process a process event belongs to: its own stream's, or (an inline process's start or end, in a step's
 * stream) the process of the step's command id.
 */
function processIdOf(stored: { streamId: string; metadata: { commandId?: string } }): string | null {
  if (stored.streamId.startsWith('process-')) return stored.streamId.slice('process-'.length);
  return stored.metadata.commandId ? processIdOfStep(stored.metadata.commandId) : null;
}

/**
 * The processes started and not finished (rm.open_processes), kept by a projection of the process events: the
 * runner's checkpoint, lock and crash safety, and per batch at most one insert and one delete — a process that
 * starts and ends within a batch (the usual case under load) touches no row at all. Nothing per command is queued:
 * a job per command cost more than the command's own appends. An inline process starts and ends in its steps'
 * streams (each process starts once, wherever); the row keeps where it started, for the resume to find it.
 */
export const openProcessesProjection: Projection = {
  name: 'processes',
  version: 2,
  tables: ['open_processes'],
  types: ['ProcessStarted', 'ProcessCompleted', 'ProcessFailed'],
  async setup({ tx, table }) {
    const t = table('open_processes');
    await sql
      .raw(`create table ${t} (process_id text primary key, kind text not null, started_at timestamptz not null,
              stream_id text not null);
            create index on ${t} (started_at);`)
      .execute(tx);
  },
  async apply({ tx, table }, events) {
    const started = new Map<string, { kind: string; at: Date; stream: string }>();
    const ended: string[] = [];
    for (const stored of events) {
      const id = processIdOf(stored);
      if (id === null) continue;
      const e = decode(processEvents, stored);
      if (e?.type === 'ProcessStarted')
        started.set(id, { kind: e.data.kind, at: stored.recordedAt, stream: stored.streamId });
      else if (!started.delete(id)) ended.push(id);
    }
    const t = table('open_processes');
    if (started.size)
      await tx
        .insertInto(t)
        .values(
          [...started].map(([id, s]) => ({ process_id: id, kind: s.kind, started_at: s.at, stream_id: s.stream })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (ended.length) await tx.deleteFrom(t).where('process_id', 'in', ended).execute();
  },
};

/**
 * Finds processes abandoned by a crash and resumes them: every lease (a job with the time bucket in its id, so that
 * several workers run it once), the open processes older than the lease are resumed from their streams. The lease
 * only has to outlast a normal run; a resume that overlaps a slow live run is still safe, since every step is
 * idempotent by its command id and the process stream is appended at its revision.
 */
export function processSweeper(queue: JobQueue, store: EventStore, db: Kysely<AnyDB>, leaseMs = 5_000) {
  async function run(): Promise<number> {
    const { rows } = await sql<{ process_id: string; stream_id: string }>`
      select process_id, stream_id from rm.open_processes
       where started_at < now() - make_interval(secs => ${leaseMs / 1000}) order by started_at limit 500`.execute(db);
    for (const r of rows) await resumeProcess(store, r.process_id, r.stream_id);
    return rows.length;
  }
  queue.handle(SWEEP_JOB, async () => {
    await run();
  });
  let timer: NodeJS.Timeout | null = null;
  return {
    run,
    start() {
      const tick = () => {
        const bucket = Math.floor(Date.now() / leaseMs);
        queue.enqueue(SWEEP_JOB, {}, { jobId: `${SWEEP_JOB}.${bucket}` }).catch(() => {});
      };
      timer = setInterval(tick, leaseMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
    },
  };
}
