import type { Kysely } from 'kysely';
import type { AnyDB } from '../db/kysely.ts';

export interface Job<P = unknown> {
  id: string;
  name: string;
  payload: P;
  attempt: number;
}

export type JobHandler<P = unknown> = (job: Job<P>) => Promise<void>;

export interface EnqueueOptions {
  /** The event id that caused the job: enqueuing the same id twice runs the job once. */
  jobId: string;
  /** Where the queue can join the caller's transaction (the PostgreSQL queue), it does. */
  tx?: Kysely<AnyDB>;
  delayMs?: number;
}

/** The job port. Adapters: PostgreSQL (in-process, embedded default) and BullMQ (REDIS_URL). */
export interface JobQueue {
  readonly kind: 'postgres' | 'bullmq';
  enqueue(name: string, payload: unknown, opts: EnqueueOptions): Promise<void>;
  /** Register the handler of a job name; call before start(). */
  handle(name: string, handler: JobHandler): void;
  /** Start processing (workers). A queue used only to enqueue is never started. */
  start(): Promise<void>;
  /** Counts by state, for health and metrics. */
  counts(): Promise<{ waiting: number; active: number; failed: number; completed: number }>;
  close(): Promise<void>;
}

export const MAX_ATTEMPTS = 5;
/** Exponential back-off: 1 s, 2 s, 4 s, 8 s. */
export const backoffMs = (attempt: number) => 1000 * 2 ** (attempt - 1);
