import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { type Cell, type ColumnSpec, type ExportLanguage, headerOf, NUM_FMT, workbookValue } from './columns.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export interface WorkbookOptions {
  /** The sheet's name (Excel allows 31 characters; cut to fit). */
  sheetName: string;
  lang: ExportLanguage;
  /** Header style, column widths and date formats; without it, plain values. */
  formatted: boolean;
}

/** Excel refuses these in a sheet name. */
const sheetNameOf = (name: string) => name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * An export as an Excel workbook (ExporttoExcel): one sheet, right to left with Arabic headers when Arabic, the rows
 * written and committed one by one by exceljs's streaming WorkbookWriter as they are read, so memory stays flat
 * whatever the number of rows. A failure while reading ends the stream with that error. Every export (direct
 * downloads and jobs) writes its workbooks here.
 */
export function workbookStream(
  columns: readonly ColumnSpec[],
  rows: AsyncIterable<readonly Cell[]>,
  opts: WorkbookOptions,
): Readable {
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: opts.formatted,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(sheetNameOf(opts.sheetName), {
    views: [{ rightToLeft: opts.lang === 'ar', ...(opts.formatted ? { state: 'frozen', ySplit: 1 } : {}) }],
  });
  sheet.columns = columns.map((c) => {
    const numFmt = NUM_FMT[c.kind];
    return {
      header: headerOf(c, opts.lang),
      key: c.key,
      ...(opts.formatted ? { width: c.width, ...(numFmt ? { style: { numFmt } } : {}) } : {}),
    };
  });
  if (opts.formatted) {
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F5F8B' } };
    header.alignment = { vertical: 'middle', horizontal: 'center', wrapText: true };
  }
  void (async () => {
    let written = 0;
    for await (const r of rows) {
      sheet.addRow(columns.map((c, i) => workbookValue(r[i] ?? null, c.kind, opts.formatted))).commit();
      // Every few hundred rows the zip gets its turn to compress what was committed; a slow reader then holds the
      // reading back instead of piling the file up in memory, and a closed one ends it.
      if (++written % 200 === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
        if (out.destroyed) return;
      }
    }
    sheet.commit();
    await book.commit();
  })().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}
