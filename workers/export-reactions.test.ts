import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LocalFolderStorage } from '../commands/files/storage.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { EXPORT_FILE_DAYS, exportAttempt, exportSweep, SWEEP_JOB } from './export-reactions.ts';
import type { JobHandler, JobQueue } from './jobs/port.ts';

describe('an export job attempt', () => {
  const attempt = async (n: number, error: unknown, max = 5) => {
    const failed: string[] = [];
    let thrown: unknown = null;
    await exportAttempt(
      n,
      async () => {
        throw error;
      },
      async (reason) => failed.push(reason),
      max,
    ).catch((e) => {
      thrown = e;
    });
    return { failed, thrown };
  };

  it('throws a transient failure back to the queue (to be retried) and records nothing before the last attempt', async () => {
    for (const n of [1, 2, 3, 4]) {
      const r = await attempt(n, new Error('connection terminated'));
      expect(r.failed).toEqual([]);
      expect((r.thrown as Error).message).toBe('connection terminated');
    }
  });

  it('records ExportFailed with the reason on the last attempt, and does not throw', async () => {
    const r = await attempt(5, new Error('connection terminated'));
    expect(r.failed).toEqual(['connection terminated']);
    expect(r.thrown).toBeNull();
  });

  it('fails at once for a permanent error: filters that do not parse, a domain refusal, an unknown source', async () => {
    const zod = z.object({ a: z.number() }).safeParse({ a: 'x' }).error;
    for (const e of [zod, new DomainError('NotFound'), new Error('unknown export source nope')]) {
      const r = await attempt(1, e);
      expect(r.failed).toHaveLength(1);
      expect(r.thrown).toBeNull();
    }
  });

  it('records nothing when the work succeeds', async () => {
    const failed: string[] = [];
    let ran = 0;
    await exportAttempt(
      1,
      async () => {
        ran++;
      },
      async (r) => failed.push(r),
    );
    expect(ran).toBe(1);
    expect(failed).toEqual([]);
  });
});

describe('the sweep of export files', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  function fakeQueue() {
    const handlers = new Map<string, JobHandler>();
    const enqueued: string[] = [];
    const queue = {
      kind: 'postgres',
      handle: (name: string, h: JobHandler) => handlers.set(name, h),
      enqueue: async (_n: string, _p: unknown, o: { jobId: string }) => {
        enqueued.push(o.jobId);
      },
    } as unknown as JobQueue;
    return { queue, handlers, enqueued };
  }

  it(`removes the files written more than ${EXPORT_FILE_DAYS} days ago (and their descriptions), keeps the others`, async () => {
    dir = await mkdtemp(join(tmpdir(), 'exports-sweep-'));
    const storage = new LocalFolderStorage(dir);
    const now = new Date('2026-11-24T12:00:00Z');
    const old = await storage.putStream(Readable.from([Buffer.from('old')]), 'old.xlsx', 'application/pdf');
    const recent = await storage.putStream(Readable.from([Buffer.from('new')]), 'new.xlsx', 'application/pdf');
    const eightDaysAgo = new Date(now.getTime() - 8 * 86_400_000);
    const sixDaysAgo = new Date(now.getTime() - 6 * 86_400_000);
    await utimes(join(dir, old.fileId), eightDaysAgo, eightDaysAgo);
    await utimes(join(dir, recent.fileId), sixDaysAgo, sixDaysAgo);

    const { queue, handlers, enqueued } = fakeQueue();
    const sweep = exportSweep(queue, { storage, pdf: {} as never }, () => now);
    sweep.start(60_000);
    sweep.stop();
    expect(enqueued).toEqual([`${SWEEP_JOB}.2026-11-24T12`]);
    await handlers.get(SWEEP_JOB)!({ id: 'j', name: SWEEP_JOB, payload: {}, attempt: 1 });

    expect(await storage.open(old.fileId)).toBeNull();
    const kept = await storage.open(recent.fileId);
    expect(kept?.meta.name).toBe('new.xlsx');
    kept?.stream.destroy();
    expect(await sweep.run(now)).toBe(0);
  });

  it('answers 0 when the folder does not exist yet', async () => {
    const storage = new LocalFolderStorage(join(tmpdir(), `no-such-${Date.now()}`));
    const { queue } = fakeQueue();
    expect(await exportSweep(queue, { storage, pdf: {} as never }).run(new Date())).toBe(0);
  });
});
