/**
 * An Excel export of 100,000 volunteers, run as the export job runs it (api/exports/run.ts: the volunteers source's
 * keyset batches → exceljs's streaming writer → the storage port), timed, with the process's RSS sampled every 20 ms.
 * `node bench/exports.ts` (ROWS=100000 by default). The rows are loaded in bulk (one INSERT … SELECT from
 * generate_series) into rm.registrations, the read model the source reads, created by the registrations projection's
 * own setup (its indexes included); no events are replayed. Writes nothing but its figures on stdout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { type ExportEnv, runExport } from '../api/exports/run.ts';
import { LocalFolderStorage } from '../commands/files/storage.ts';
import { LookupSnapshot } from '../domain/lookups/snapshot.ts';
import type { ExportState } from '../domain/reports/decide.ts';
import { type ExportProgressDB, reportProgress } from '../projections/exports/progress.ts';
import { registrationsProjection } from '../projections/registration/registrations.ts';
import type { AnyDB } from '../projections/runner/projection.ts';
import { freshDatabase, migrateOurs } from './support.ts';

const ROWS = Number(process.env.ROWS ?? 100_000);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main() {
  const database = await freshDatabase('exports');
  const dir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  const { pool } = await migrateOurs(database.url, 4);
  const db = new Kysely<AnyDB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await registrationsProjection.setup({ tx: db, table: (t) => `rm.${t}` });
    const t0 = Date.now();
    await sql`
      insert into rm.registrations (volunteer_id, reference_number, status, name_ar, name_en, id_number, mobile,
                                    region_id, city_id, created_at, submitted_at, updated_at)
      select gen_random_uuid(), 'R' || lpad(i::text, 8, '0'), 5,
             'عبدالله محمد الشمري ' || i, 'Abdullah Alshammari ' || i,
             (1000000000 + i)::text, '05' || lpad(i::text, 8, '0'),
             1 + i % 13, 1 + i % 40,
             now() - make_interval(mins => i), now() - make_interval(mins => i), now()
        from generate_series(1, ${ROWS}) as i`.execute(db);
    await sql`analyze rm.registrations`.execute(db);
    const loadMs = Date.now() - t0;

    const regions = Array.from({ length: 13 }, (_, i) => ({
      id: i + 1,
      nameAr: `المنطقة ${i + 1}`,
      nameEn: `Region ${i + 1}`,
      parentId: null,
      flags: {} as never,
      active: true,
    }));
    const job: ExportState = {
      exportId: '00000000-0000-4000-8000-00000000be00',
      source: 'volunteers',
      format: 'xlsx',
      formatted: true,
      language: 'ar',
      filters: { status: '5' },
      scope: null,
      status: 'requested',
      requestedAt: new Date().toISOString(),
      finishedAt: null,
      rows: null,
      fileId: null,
      reason: null,
    };
    let updates = 0;
    const env: ExportEnv = {
      db,
      lookups: new LookupSnapshot({ region: regions }),
      files: { storage: new LocalFolderStorage(dir), pdf: { render: () => Promise.reject(new Error('no PDF here')) } },
      now: new Date(),
      progress: async (p) => {
        updates++;
        await reportProgress(db as unknown as Kysely<ExportProgressDB>, job.exportId, p);
      },
    };

    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const start = performance.now();
    const result = await runExport(env, job);
    const ms = performance.now() - start;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const file = await env.files.storage.open(result.fileId);
    file?.stream.destroy();

    console.log(`rows loaded into rm.registrations: ${ROWS} in ${loadMs} ms (INSERT … SELECT, not events)`);
    console.log(`export: ${result.rows} rows, ${mb(file?.meta.size ?? 0)} MB xlsx, ${(ms / 1000).toFixed(2)} s`);
    console.log(`rss: ${mb(base)} MB before, ${mb(peak)} MB peak, growth ${mb(peak - base)} MB`);
    console.log(`progress updates: ${updates}`);
    const during = process.memoryUsage();
    global.gc?.();
    const after = process.memoryUsage();
    console.log(
      `after the export: heap ${mb(during.heapUsed)} MB, after a full GC ${mb(after.heapUsed)} MB` +
        ` (external ${mb(after.external)} MB, array buffers ${mb(after.arrayBuffers)} MB)`,
    );
  } finally {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
