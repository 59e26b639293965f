import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { pairedWithStore } from '../../commands/event-store/paired.ts';
import type { FileStorage } from '../../commands/files/storage.ts';
import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { ExportState } from '../../domain/reports/decide.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import type { Cell, ExportContext } from './columns.ts';
import { PDF_MAX_ROWS, type PdfRenderer, pdfDocument } from './pdf.ts';
import { type ExportSource, sourceNamed } from './registry.ts';
// The sources register themselves on import: whoever runs an export has them all.
import './sources.ts';
import { workbookStream, XLSX_TYPE } from './xlsx.ts';

export const PDF_TYPE = 'application/pdf';

/** Where export files go (a storage of their own, so no upload route serves them) and what renders PDFs. */
export interface ExportFiles {
  /** Its files are swept after EXPORT_FILE_DAYS (removeOlderThan: the local folder's; an object store's lifecycle rule). */
  storage: FileStorage & { removeOlderThan?(before: Date): Promise<number> };
  pdf: PdfRenderer;
}

/** The runtime pairs its export storage and PDF renderer with its store (as it does the certificates). */
const paired = pairedWithStore<ExportFiles>('export files');
export const pairExports = paired.pair;
export const exportsFor = paired.of;

export interface Progress {
  done: number;
  total: number | null;
  truncated?: boolean;
}

export interface ExportEnv {
  db: Kysely<AnyDB>;
  lookups: LookupSnapshot;
  files: ExportFiles;
  now: Date;
  /** Called with the rows written so far: at the start, every `every` rows, and at the end. */
  progress: (p: Progress) => Promise<void>;
  every?: number;
}

export interface ExportResult {
  rows: number;
  fileId: string;
  truncated: boolean;
}

export const fileNameOf = (source: string, format: 'xlsx' | 'pdf', now: Date) =>
  `${source}-${now.toISOString().slice(0, 10)}.${format}`;

/** The rows of an opened export, counted as they pass and reported every `every` rows. */
async function* counted(
  rows: AsyncIterable<Cell[]>,
  onRow: (n: number) => Promise<void>,
  every: number,
): AsyncGenerator<Cell[]> {
  let n = 0;
  for await (const r of rows) {
    yield r;
    if (++n % every === 0) await onRow(n);
  }
}

/**
 * Runs one export job: opens its source with the filters and scope it was asked with, streams the rows into a file
 * through the storage port (Excel: exceljs's streaming writer; PDF: an HTML table rendered by the shared Chromium pool,
 * at most PDF_MAX_ROWS rows) and reports the progress. Memory holds one batch of rows (Excel) or the bounded table
 * (PDF), never the whole selection.
 */
export async function runExport(env: ExportEnv, job: ExportState): Promise<ExportResult> {
  const source: ExportSource | undefined = sourceNamed(job.source);
  if (!source) throw new Error(`unknown export source ${job.source}`);
  const ctx: ExportContext = { lookups: env.lookups, lang: job.language };
  const opened = source.open(env.db, job.filters, job.scope, ctx);
  const total = await opened.count();
  const every = env.every ?? 1000;
  await env.progress({ done: 0, total });
  const name = fileNameOf(source.name, job.format, env.now);
  let written = 0;
  const onRow = async (n: number) => {
    written = n;
    await env.progress({ done: n, total });
  };

  if (job.format === 'xlsx') {
    let rows = 0;
    async function* all() {
      for await (const r of counted(opened.rows(), onRow, every)) {
        rows++;
        yield r;
      }
    }
    const stored = await env.files.storage.putStream(
      workbookStream(source.columns, all(), {
        sheetName: source.title[ctx.lang],
        lang: ctx.lang,
        formatted: job.formatted,
      }),
      name,
      XLSX_TYPE,
    );
    await env.progress({ done: rows, total });
    return { rows, fileId: stored.fileId, truncated: false };
  }

  const table: Cell[][] = [];
  let truncated = false;
  for await (const r of counted(opened.rows(), onRow, every)) {
    if (table.length === PDF_MAX_ROWS) {
      truncated = true;
      break;
    }
    table.push(r);
  }
  written = table.length;
  const doc = pdfDocument(source.columns, table, {
    title: source.title[ctx.lang],
    filters: opened.describe(),
    lang: ctx.lang,
    formatted: job.formatted,
    now: env.now,
    truncated,
  });
  const pdf = await env.files.pdf.render({ ...doc, lang: ctx.lang });
  const stored = await env.files.storage.putStream(Readable.from([pdf]), name, PDF_TYPE);
  await env.progress({ done: written, total, truncated });
  return { rows: written, fileId: stored.fileId, truncated };
}
