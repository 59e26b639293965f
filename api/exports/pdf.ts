import { type Cell, type ColumnSpec, cellText, dateText, type ExportLanguage, headerOf } from './columns.ts';

/**
 * A PDF holds at most this many rows (a table of 2,000 rows is some 60 A4 pages, and Chromium lays the whole table
 * out in memory at once): past it the export says it was cut and names the bound. Excel has no such bound.
 */
export const PDF_MAX_ROWS = 2000;

/** What renders HTML to PDF: the shared Chromium pool of the certificates (workers/certificates/browser-pool.ts). */
export interface PdfRenderer {
  render(input: { css: string; body: string; lang: ExportLanguage }): Promise<Buffer>;
}

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export interface PdfPage {
  title: string;
  /** The filters the export was made with, as "name: value" lines. */
  filters: readonly string[];
  lang: ExportLanguage;
  formatted: boolean;
  now: Date;
  /** True when rows past PDF_MAX_ROWS were left out. */
  truncated: boolean;
}

const TEXTS = {
  ar: {
    date: 'تاريخ التصدير',
    filters: 'عوامل التصفية',
    none: 'بلا',
    rows: 'عدد الصفوف',
    cut: `اقتصر الملف على أول ${PDF_MAX_ROWS} صف؛ صدّر إلى Excel للحصول على كل الصفوف.`,
  },
  en: {
    date: 'Exported on',
    filters: 'Filters',
    none: 'none',
    rows: 'Rows',
    cut: `Only the first ${PDF_MAX_ROWS} rows are shown; export to Excel for all of them.`,
  },
} as const;

/**
 * The PDF's document: a page header (title, filters, date), then the table, right to left in Arabic, headers repeated
 * on every page (thead). With formatting: shaded header and striped rows; without, a bare table.
 */
export function pdfDocument(
  columns: readonly ColumnSpec[],
  rows: readonly (readonly Cell[])[],
  page: PdfPage,
): { css: string; body: string } {
  const t = TEXTS[page.lang];
  const css = `@page{size:A4 landscape;margin:12mm 10mm}
body{font-size:${page.formatted ? 9 : 10}pt;direction:${page.lang === 'ar' ? 'rtl' : 'ltr'}}
h1{font-size:14pt;margin:0 0 4pt}
.meta{margin:0 0 6pt;font-size:9pt}
table{border-collapse:collapse;width:100%}
th,td{border:1px solid #999;padding:2pt 4pt;text-align:start;vertical-align:top;word-break:break-word}
thead{display:table-header-group}
tr{break-inside:avoid}
${page.formatted ? 'th{background:#1f5f8b;color:#fff}tbody tr:nth-child(even){background:#eef3f7}' : 'th{font-weight:700}'}
.cut{margin-top:6pt;font-weight:700}
th,td,h1{position:relative}
.tl{position:absolute;inset-inline-start:0;top:0;font-size:2pt;line-height:1;color:transparent;white-space:nowrap;
font-feature-settings:'ccmp' 0,'init' 0,'medi' 0,'fina' 0,'isol' 0,'rlig' 0,'liga' 0,'calt' 0,'mark' 0,'mkmk' 0}`;
  // Each text again in a searchable layer (the certificates' technique, workers/certificates/templates.ts): Noto
  // Naskh's shaped Arabic draws letters from dotless bodies and separate dots that copy, search and screen readers
  // cannot read back; the unshaped copy, invisible, maps each glyph to its letter.
  const both = (text: string) => (text ? `${html(text)}<span class="tl" aria-hidden="true">${html(text)}</span>` : '');
  const head = columns.map((c) => `<th>${both(headerOf(c, page.lang))}</th>`).join('');
  const body = rows
    .map((r) => `<tr>${columns.map((c, i) => `<td>${both(cellText(r[i] ?? null, c.kind))}</td>`).join('')}</tr>`)
    .join('');
  const filters = page.filters.length ? page.filters.map(html).join(' · ') : t.none;
  return {
    css,
    body:
      `<h1>${both(page.title)}</h1>` +
      `<p class="meta">${t.date}: ${dateText(page.now, 'datetime')} · ${t.rows}: ${rows.length}</p>` +
      `<p class="meta">${t.filters}: ${filters}</p>` +
      `<table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>` +
      (page.truncated ? `<p class="cut">${t.cut}</p>` : ''),
  };
}
