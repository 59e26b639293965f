import { type Kysely, sql } from 'kysely';
import { registerSchema } from '../../commands/db/migrate.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import { backoffMs, type EnqueueOptions, type JobHandler, type JobQueue, MAX_ATTEMPTS } from './port.ts';

registerSchema(
  'jobs',
  `
      create table if not exists jobs.queue (
        id text primary key,
        name text not null,
        payload jsonb not null,
        state text not null default 'waiting' check (state in ('waiting', 'active', 'completed', 'failed')),
        attempts int not null default 0,
        run_at timestamptz not null default now(),
        locked_until timestamptz,
        last_error text,
        created_at timestamptz not null default now(),
        finished_at timestamptz
      );
      create index if not exists queue_ready_idx on jobs.queue (run_at) where state in ('waiting', 'active');`,
);

const LEASE_SECONDS = 300;

/**
 * Durable jobs in PostgreSQL, run in this process: a job survives a crash (its lease expires and it runs again),
 * and it can be enqueued in the same transaction as the consumer's checkpoint.
 */
export class PostgresJobQueue implements JobQueue {
  readonly kind = 'postgres' as const;
  private readonly db: Kysely<AnyDB>;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly concurrency: number;
  private readonly pollMs: number;
  private running = false;
  private loops: Promise<void>[] = [];
  private wakers = new Set<() => void>();

  constructor(db: Kysely<AnyDB>, opts: { concurrency?: number; pollMs?: number } = {}) {
    this.db = db;
    this.concurrency = opts.concurrency ?? 2;
    this.pollMs = opts.pollMs ?? 250;
  }

  async enqueue(name: string, payload: unknown, opts: EnqueueOptions): Promise<void> {
    const runAt = new Date(Date.now() + (opts.delayMs ?? 0)).toISOString();
    await sql`insert into jobs.queue (id, name, payload, run_at) values (${opts.jobId}, ${name}, ${JSON.stringify(payload)}::jsonb, ${runAt})
              on conflict (id) do nothing`.execute(opts.tx ?? this.db);
    for (const w of this.wakers) w();
  }

  handle(name: string, handler: JobHandler): void {
    this.handlers.set(name, handler);
  }

  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    this.loops = Array.from({ length: this.concurrency }, () => this.loop());
  }

  private async claim() {
    const names = [...this.handlers.keys()];
    if (names.length === 0) return null;
    const { rows } = await sql<{ id: string; name: string; payload: unknown; attempts: number }>`
      update jobs.queue q set state = 'active', attempts = q.attempts + 1,
             locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
       where q.id = (select id from jobs.queue
                      where name = any(${names}) and run_at <= now()
                        and (state = 'waiting' or (state = 'active' and locked_until < now()))
                      order by run_at for update skip locked limit 1)
      returning q.id, q.name, q.payload, q.attempts`.execute(this.db);
    return rows[0] ?? null;
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let job: Awaited<ReturnType<PostgresJobQueue['claim']>> = null;
      try {
        job = await this.claim();
      } catch {
        job = null;
      }
      if (!job) {
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(t);
            this.wakers.delete(done);
            resolve();
          };
          const t = setTimeout(done, this.pollMs);
          this.wakers.add(done);
        });
        continue;
      }
      try {
        await this.handlers.get(job.name)!({ id: job.id, name: job.name, payload: job.payload, attempt: job.attempts });
        await sql`update jobs.queue set state = 'completed', finished_at = now(), locked_until = null where id = ${job.id}`.execute(
          this.db,
        );
      } catch (e) {
        const failed = job.attempts >= MAX_ATTEMPTS;
        await sql`update jobs.queue set state = ${failed ? 'failed' : 'waiting'}, last_error = ${String(e)}, locked_until = null,
                   run_at = now() + make_interval(secs => ${backoffMs(job.attempts) / 1000}),
                   finished_at = ${failed ? new Date().toISOString() : null}
                  where id = ${job.id}`
          .execute(this.db)
          .catch(() => {});
      }
    }
  }

  async counts() {
    const { rows } = await sql<{
      state: string;
      n: string;
    }>`select state, count(*)::text as n from jobs.queue group by state`.execute(this.db);
    const get = (s: string) => Number(rows.find((r) => r.state === s)?.n ?? 0);
    return { waiting: get('waiting'), active: get('active'), failed: get('failed'), completed: get('completed') };
  }

  async close(): Promise<void> {
    this.running = false;
    for (const w of this.wakers) w();
    await Promise.all(this.loops);
  }
}
