import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { backoffMs, type EnqueueOptions, type JobHandler, type JobQueue, MAX_ATTEMPTS } from './port.ts';

/** BullMQ on Redis (REDIS_URL): workers can run in other processes and be scaled apart from the API. */
export class BullJobQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly queue: Queue;
  private readonly connection: Redis;
  private readonly handlers = new Map<string, JobHandler>();
  private worker: Worker | null = null;
  private readonly queueName: string;
  private readonly url: string;

  constructor(url: string, queueName = 'portal') {
    this.url = url;
    this.queueName = queueName;
    this.connection = new Redis(url, { maxRetriesPerRequest: null });
    this.queue = new Queue(queueName, {
      connection: this.connection,
      defaultJobOptions: {
        attempts: MAX_ATTEMPTS,
        backoff: { type: 'exponential', delay: backoffMs(1) },
        // Completed jobs are kept a week so that a re-enqueue of the same event id stays a no-op.
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    });
  }

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions): Promise<void> {
    // BullMQ ignores an add whose job id exists already: the event id makes the enqueue idempotent (ids may not contain ":").
    await this.queue.add(name, payload, { jobId: opts.jobId, ...(opts.delayMs ? { delay: opts.delayMs } : {}) });
  }

  handle(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async start(): Promise<void> {
    if (this.worker) return;
    this.worker = new Worker(
      this.queueName,
      async (job) => {
        const handler = this.handlers.get(job.name);
        if (!handler) throw new Error(`no handler for job ${job.name}`);
        await handler({ id: job.id ?? '', name: job.name, payload: job.data, attempt: job.attemptsMade + 1 });
      },
      { connection: new Redis(this.url, { maxRetriesPerRequest: null }), concurrency: 4 },
    );
    this.worker.on('error', () => {});
    await this.worker.waitUntilReady();
  }

  async counts() {
    const c = await this.queue.getJobCounts('waiting', 'active', 'failed', 'completed', 'delayed');
    return {
      waiting: (c.waiting ?? 0) + (c.delayed ?? 0),
      active: c.active ?? 0,
      failed: c.failed ?? 0,
      completed: c.completed ?? 0,
    };
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
    this.connection.disconnect();
  }
}
