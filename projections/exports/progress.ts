import { type Generated, type Kysely, sql } from 'kysely';
import { registerSchema } from '../../commands/db/migrate.ts';

// An export's progress while its job runs: rows written and rows selected. Not a read model of the log (the rows done
// are no event): the job writes it, GET /api/exports/:id reads it beside the requester's stream.
registerSchema(
  'exports',
  `
      create table if not exists exports.progress (
        export_id uuid primary key,
        done int not null default 0,
        total int,
        truncated boolean not null default false,
        updated_at timestamptz not null default now()
      );`,
);

export interface ExportProgressDB {
  'exports.progress': {
    export_id: string;
    done: number;
    total: number | null;
    truncated: boolean;
    updated_at: Generated<Date>;
  };
}

export interface ExportProgress {
  done: number;
  total: number | null;
  truncated: boolean;
}

export async function reportProgress(
  db: Kysely<ExportProgressDB>,
  exportId: string,
  p: { done: number; total: number | null; truncated?: boolean },
): Promise<void> {
  await db
    .insertInto('exports.progress')
    .values({ export_id: exportId, done: p.done, total: p.total, truncated: p.truncated ?? false })
    .onConflict((oc) =>
      oc.column('export_id').doUpdateSet({
        done: p.done,
        total: p.total,
        truncated: p.truncated ?? false,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function progressOf(db: Kysely<ExportProgressDB>, exportId: string): Promise<ExportProgress | null> {
  const r = await db
    .selectFrom('exports.progress')
    .select(['done', 'total', 'truncated'])
    .where('export_id', '=', exportId)
    .executeTakeFirst();
  return r ? { done: r.done, total: r.total, truncated: r.truncated } : null;
}
