import type { Kysely } from 'kysely';
import { type ExportFiles, runExport } from '../api/exports/run.ts';
import { decode } from '../commands/event-store/decode.ts';
import type { EventStore } from '../commands/event-store/port.ts';
import { exportOf, recordExport } from '../commands/reports/handlers.ts';
import type { LookupSnapshot } from '../domain/lookups/snapshot.ts';
import { reportEvents } from '../domain/reports/decide.ts';
import type { ClientCode } from '../domain/shared/clients.ts';
import type { ExportProgressDB } from '../projections/exports/progress.ts';
import { reportProgress } from '../projections/exports/progress.ts';
import type { AnyDB } from '../projections/runner/projection.ts';
import '../api/exports/sources.ts';
import { ZodError } from 'zod';
import { DomainError } from '../domain/shared/errors.ts';
import { periodicJob } from './jobs/periodic.ts';
import { type JobQueue, MAX_ATTEMPTS } from './jobs/port.ts';
import { reactor } from './jobs/reactor.ts';

const REPORTS_PREFIX = 'reports-';

interface ExportJob {
  userId: string;
  exportId: string;
}

/**
 * Export jobs: `ExportRequested` → job `export.run` (job id: the event id). The job writes the file through the
 * storage port, keeps the progress in exports.progress, and records `ExportCompleted` (rows, file) or `ExportFailed`
 * on the requester's stream. A job whose export is already finished (a job run twice) does nothing.
 */
export function exportReactions(
  queue: JobQueue,
  store: EventStore,
  db: Kysely<AnyDB>,
  lookups: () => Promise<LookupSnapshot>,
  files: ExportFiles,
  clientCode: ClientCode,
) {
  queue.handle('export.run', async (job) => {
    const p = job.payload as ExportJob;
    const state = await exportOf(store, p.userId, p.exportId);
    if (state?.status !== 'requested') return;
    const ctx = (what: string) => ({
      actorId: p.userId,
      actorRole: null,
      correlationId: job.id,
      causationId: job.id,
      clientCode,
      commandId: `${job.id}:${what}`,
      now: new Date(),
    });
    await exportAttempt(
      job.attempt,
      async () => {
        const result = await runExport(
          {
            db,
            lookups: await lookups(),
            files,
            now: new Date(),
            progress: (pr) => reportProgress(db as Kysely<ExportProgressDB>, p.exportId, pr),
          },
          state,
        );
        await recordExport(
          store,
          p.userId,
          { type: 'CompleteExport', exportId: p.exportId, rows: result.rows, fileId: result.fileId },
          ctx('completed'),
        );
      },
      (reason) => recordExport(store, p.userId, { type: 'FailExport', exportId: p.exportId, reason }, ctx('failed')),
    );
  });

  return reactor('reactions-exports', ['ExportRequested'], queue, (e) => {
    if (!e.streamId.startsWith(REPORTS_PREFIX)) return null;
    const ev = decode(reportEvents, e);
    if (ev?.type !== 'ExportRequested') return null;
    const payload: ExportJob = { userId: e.streamId.slice(REPORTS_PREFIX.length), exportId: ev.data.exportId };
    return { job: 'export.run', payload };
  });
}

/** An error no other attempt can mend: filters that no longer parse, an unknown source, a refusal of the domain. */
export const isPermanent = (e: unknown) =>
  e instanceof ZodError || e instanceof DomainError || (e instanceof Error && e.message.startsWith('unknown export'));

/**
 * One attempt of an export job. A transient failure (the database, the storage, the PDF browser) is thrown back to
 * the job port, which runs the job again after its back-off (1 s, 2 s, 4 s, 8 s); `ExportFailed` is recorded only on
 * the last attempt (MAX_ATTEMPTS) or for a permanent error, so the requester sees one outcome.
 */
export async function exportAttempt(
  attempt: number,
  work: () => Promise<void>,
  fail: (reason: string) => Promise<unknown>,
  maxAttempts = MAX_ATTEMPTS,
): Promise<void> {
  try {
    await work();
  } catch (e) {
    if (!isPermanent(e) && attempt < maxAttempts) throw e;
    await fail(e instanceof Error ? e.message : String(e));
  }
}

/** How long an export's file is kept: 7 days, then the sweep removes it (its link answers 404). */
export const EXPORT_FILE_DAYS = 7;
export const SWEEP_JOB = 'exports.sweep';

/**
 * The sweep of old export files: a job enqueued every hour (the hour in its id, so several workers enqueue it once)
 * and once at the start, removing the files written more than EXPORT_FILE_DAYS days ago.
 */
export function exportSweep(queue: JobQueue, files: ExportFiles, clock: () => Date = () => new Date()) {
  const run = async (now: Date): Promise<number> =>
    (await files.storage.removeOlderThan?.(new Date(now.getTime() - EXPORT_FILE_DAYS * 86_400_000))) ?? 0;
  return periodicJob(queue, SWEEP_JOB, run, {
    everyMs: 3_600_000,
    bucketOf: (now) => now.toISOString().slice(0, 13),
    clock,
  });
}
