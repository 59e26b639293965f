import { randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../tests/support/db.ts';
import { BullJobQueue } from './bullmq-queue.ts';
import type { Job, JobQueue } from './port.ts';
import './postgres-queue.ts';
import { PostgresJobQueue } from './postgres-queue.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!cond() && Date.now() < deadline) await sleep(20);
  return cond();
}

function queueContract(
  name: string,
  open: () => Promise<{ queue: JobQueue; reopen(): JobQueue; close(): Promise<void> }>,
) {
  describe(`job queue: ${name}`, () => {
    let q: JobQueue;
    let reopen: () => JobQueue;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ queue: q, reopen, close } = await open());
    });
    afterAll(async () => {
      await close();
    });

    it('runs an enqueued job once even when the same job id is enqueued twice', async () => {
      const seen: Job[] = [];
      const jobName = `once-${randomUUID().slice(0, 6)}`;
      const worker = reopen();
      worker.handle(jobName, async (job) => {
        seen.push(job);
      });
      await worker.start();
      const id = randomUUID();
      await q.enqueue(jobName, { n: 1 }, { jobId: id });
      await q.enqueue(jobName, { n: 2 }, { jobId: id });
      expect(await until(() => seen.length >= 1)).toBe(true);
      await sleep(300);
      expect(seen).toHaveLength(1);
      expect(seen[0]!.payload).toEqual({ n: 1 });
      await worker.close();
    });

    it('retries a failing job until it succeeds', async () => {
      let attempts = 0;
      const jobName = `retry-${randomUUID().slice(0, 6)}`;
      const worker = reopen();
      worker.handle(jobName, async () => {
        attempts++;
        if (attempts < 2) throw new Error('transient');
      });
      await worker.start();
      await q.enqueue(jobName, {}, { jobId: randomUUID() });
      expect(await until(() => attempts >= 2, 20_000)).toBe(true);
      await worker.close();
    });
  });
}

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase('jobs');
});
afterAll(async () => {
  await t.drop();
});

queueContract('PostgreSQL', async () => {
  const queue = new PostgresJobQueue(t.db, { pollMs: 20 });
  return { queue, reopen: () => new PostgresJobQueue(t.db, { pollMs: 20 }), close: async () => {} };
});

// BullMQ runs against REDIS_URL, or the local Redis when one answers; a machine without Redis says so and skips.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const redisAnswers = await new Promise<boolean>((resolve) => {
  const u = new URL(redisUrl);
  const socket = connect({ host: u.hostname, port: Number(u.port || 6379) });
  socket.setTimeout(1000);
  socket.once('connect', () => {
    socket.destroy();
    resolve(true);
  });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => resolve(false));
}).then((ok) => {
  if (!ok) console.log(`[job queue] BullMQ skipped: no Redis answers at ${redisUrl} (set REDIS_URL)`);
  return ok;
});
describe.skipIf(!redisAnswers)('BullMQ', () => {
  const queueName = `test-${randomUUID().slice(0, 8)}`;
  const opened: BullJobQueue[] = [];
  queueContract(`BullMQ (${redisUrl})`, async () => {
    const queue = new BullJobQueue(redisUrl, queueName);
    opened.push(queue);
    return {
      queue,
      reopen: () => {
        const w = new BullJobQueue(redisUrl, queueName);
        opened.push(w);
        return w;
      },
      close: async () => {
        await Promise.all(opened.map((o) => o.close().catch(() => {})));
      },
    };
  });
});

describe('PostgreSQL queue durability', () => {
  it('runs again a job whose worker died holding it, once its lease ran out', async () => {
    const jobName = `lease-${randomUUID().slice(0, 6)}`;
    const q = new PostgresJobQueue(t.db, { pollMs: 20 });
    const id = randomUUID();
    await q.enqueue(jobName, {}, { jobId: id });
    // A worker claimed it and then crashed: state active, lease expired.
    await t.pool.query(
      `update jobs.queue set state = 'active', attempts = 1, locked_until = now() - interval '1 second' where id = $1`,
      [id],
    );
    let ran = 0;
    q.handle(jobName, async () => {
      ran++;
    });
    await q.start();
    expect(await until(() => ran === 1)).toBe(true);
    await q.close();
    const { rows } = await t.pool.query('select state, attempts from jobs.queue where id = $1', [id]);
    expect(rows[0]).toEqual({ state: 'completed', attempts: 2 });
  });
});
