import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';

/** One cell of an export: text, a number, a moment, or empty. */
export type Cell = string | number | Date | null;

/** How a column's values are shown: dates and times get their formats in a formatted workbook and in a PDF. */
export type ColumnKind = 'text' | 'number' | 'date' | 'datetime';

export type ExportLanguage = 'ar' | 'en';

/** What a column's value may look up: the master data (region and city names) and the export's language. */
export interface ExportContext {
  lookups: LookupSnapshot;
  lang: ExportLanguage;
}

/** A column as the writers see it: its headers in both languages, its kind and its width (in characters). */
export interface ColumnSpec {
  key: string;
  ar: string;
  en: string;
  kind: ColumnKind;
  width: number;
}

/** A column of a source: its spec and how it reads a row. */
export interface ExportColumn<R> extends Partial<Pick<ColumnSpec, 'kind' | 'width'>> {
  key: string;
  ar: string;
  en: string;
  value: (row: R, ctx: ExportContext) => Cell;
}

/** A number column (its values right-aligned, with Excel's number format when formatted). */
export const numberColumn = <R>(
  key: string,
  ar: string,
  en: string,
  width: number,
  value: ExportColumn<R>['value'],
): ExportColumn<R> => ({ key, ar, en, kind: 'number', width, value });

/** A row's approved hours (events, event reports, an event's roster and its participants): one heading everywhere. */
export const approvedHoursColumn = <R extends { approvedHours: number | null }>() =>
  numberColumn<R>('approvedHours', 'الساعات المعتمدة', 'Approved hours', 12, (r) => r.approvedHours);
/** A row's incidents recorded (event reports, an event's roster). */
export const incidentsColumn = <R extends { incidents: number | null }>() =>
  numberColumn<R>('incidents', 'الحالات المسجلة', 'Incidents', 11, (r) => r.incidents);

export const specOf = <R>(c: ExportColumn<R>): ColumnSpec => ({
  key: c.key,
  ar: c.ar,
  en: c.en,
  kind: c.kind ?? 'text',
  width: c.width ?? 20,
});

export const headerOf = (c: ColumnSpec, lang: ExportLanguage) => (lang === 'ar' ? c.ar : c.en);

/** Excel's number formats of the formatted workbook. */
export const NUM_FMT: Record<ColumnKind, string | undefined> = {
  text: undefined,
  number: '#,##0.##',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as text, in UTC (the workbook's dates are UTC too): `2026-03-01` or `2026-03-01 10:05`. */
export function dateText(d: Date, kind: 'date' | 'datetime'): string {
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return kind === 'date' ? day : `${day} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** A timestamp or date text as a moment for a date column (null stays empty; an unreadable one stays as it was). */
export function toDate(value: string | Date | null | undefined): Date | null {
  if (value == null || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** A cell as text: a PDF's table and a workbook written without formatting. */
export function cellText(value: Cell, kind: ColumnKind): string {
  if (value == null) return '';
  if (value instanceof Date) return dateText(value, kind === 'date' ? 'date' : 'datetime');
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return value;
}

/**
 * A cell as the workbook gets it. Formatted: moments stay dates (Excel shows them with the column's format) and
 * numbers stay numbers. Without formatting: plain values, moments as their text, so no cell depends on a style.
 */
export function workbookValue(value: Cell, kind: ColumnKind, formatted: boolean): string | number | Date | null {
  if (value == null) return null;
  if (value instanceof Date) return formatted ? value : dateText(value, kind === 'date' ? 'date' : 'datetime');
  return value;
}

/** A name of the master data in the export's language, or the id when it is not (or no longer) there. */
export function lookupName(
  ctx: ExportContext,
  kind: Parameters<LookupSnapshot['get']>[0],
  id: number | null | undefined,
): string | null {
  if (id == null) return null;
  const row = ctx.lookups.get(kind, id);
  if (!row) return String(id);
  return ctx.lang === 'ar' ? row.nameAr : row.nameEn;
}

/** A name in the export's language, the other when it is empty. */
export const nameIn = (ctx: ExportContext, ar: string | null | undefined, en: string | null | undefined) =>
  (ctx.lang === 'ar' ? ar || en : en || ar) || null;

/** A column of moments (`datetime`, the default) or days (`date`): the row's timestamp or day as a date. */
export const dateColumn = <R>(
  key: string,
  ar: string,
  en: string,
  width: number,
  moment: (row: R) => string | Date | null | undefined,
  kind: 'date' | 'datetime' = 'datetime',
): ExportColumn<R> => ({ key, ar, en, kind, width, value: (r) => toDate(moment(r)) });

/** A column of a name given in both languages, `[ar, en]`, printed in the file's language (the other when empty). */
export const nameColumn = <R>(
  key: string,
  ar: string,
  en: string,
  width: number,
  names: (row: R) => readonly [string | null | undefined, string | null | undefined],
): ExportColumn<R> => ({ key, ar, en, width, value: (r, c) => nameIn(c, ...names(r)) });

/** A column of a text the row has in both languages (a table's or a figure's name), printed in the file's language. */
export const textColumn = <R>(
  key: string,
  ar: string,
  en: string,
  width: number,
  text: (row: R) => { ar: string; en: string } | null,
): ExportColumn<R> => ({ key, ar, en, width, value: (r, c) => text(r)?.[c.lang] ?? null });
