import type { JobQueue } from './port.ts';

/** A job the workers run now and then: `run` itself (also called directly), `start` to enqueue it, `stop`. */
export interface PeriodicJob {
  run(now: Date): Promise<number>;
  start(intervalMs?: number): void;
  stop(): void;
}

/**
 * A job enqueued at the start and every interval, with its time bucket (`bucketOf(now)`: the minute, the hour…) in
 * its id, so that several workers enqueue it once a bucket; whichever worker takes it calls `run` with the clock's
 * time.
 */
export function periodicJob(
  queue: JobQueue,
  name: string,
  run: (now: Date) => Promise<number>,
  timing: { everyMs: number; bucketOf: (now: Date) => string; clock: () => Date },
): PeriodicJob {
  const { clock } = timing;
  queue.handle(name, async () => {
    await run(clock());
  });
  let timer: NodeJS.Timeout | null = null;
  return {
    run,
    start(intervalMs = timing.everyMs) {
      const tick = () => {
        queue.enqueue(name, {}, { jobId: `${name}.${timing.bucketOf(clock())}` }).catch(() => {});
      };
      tick();
      timer = setInterval(tick, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
