import { describe, expect, it } from 'vitest';
import { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import {
  cellText,
  dateColumn,
  dateText,
  lookupName,
  nameColumn,
  nameIn,
  specOf,
  textColumn,
  toDate,
  workbookValue,
} from './columns.ts';
import { PDF_MAX_ROWS, pdfDocument } from './pdf.ts';

const moment = new Date('2026-03-01T10:05:09Z');
const flags = {} as never;
const lookups = new LookupSnapshot({
  region: [{ id: 1, nameAr: 'الرياض', nameEn: 'Riyadh', parentId: null, flags, active: true }],
});

describe('export columns', () => {
  it('fills a column spec with its defaults', () => {
    expect(specOf({ key: 'a', ar: 'أ', en: 'A', value: () => null })).toEqual({
      key: 'a',
      ar: 'أ',
      en: 'A',
      kind: 'text',
      width: 20,
    });
  });

  it('builds the date, name and text columns', () => {
    const row = { at: '2026-03-01T10:05:09Z', ar: '', en: 'Sarah', text: { ar: 'نص', en: 'Text' } };
    const ar = { lookups, lang: 'ar' as const };
    const at = dateColumn<typeof row>('at', 'الوقت', 'When', 18, (r) => r.at);
    expect(specOf(at)).toEqual({ key: 'at', ar: 'الوقت', en: 'When', kind: 'datetime', width: 18 });
    expect(at.value(row, ar)).toEqual(moment);
    expect(dateColumn<typeof row>('day', 'اليوم', 'Day', 12, () => null, 'date').kind).toBe('date');
    expect(nameColumn<typeof row>('name', 'الاسم', 'Name', 28, (r) => [r.ar, r.en]).value(row, ar)).toBe('Sarah');
    expect(textColumn<typeof row>('t', 'ن', 'T', 10, (r) => r.text).value(row, ar)).toBe('نص');
    expect(textColumn<typeof row>('t', 'ن', 'T', 10, () => null).value(row, ar)).toBeNull();
  });

  it('writes moments as text in UTC, by the column kind', () => {
    expect(dateText(moment, 'date')).toBe('2026-03-01');
    expect(dateText(moment, 'datetime')).toBe('2026-03-01 10:05');
    expect(cellText(moment, 'date')).toBe('2026-03-01');
    expect(cellText(moment, 'datetime')).toBe('2026-03-01 10:05');
    expect(cellText(null, 'text')).toBe('');
    expect(cellText(12.5, 'number')).toBe('12.5');
    expect(cellText(Number.NaN, 'number')).toBe('');
    expect(cellText('نص', 'text')).toBe('نص');
  });

  it('keeps dates for a formatted workbook and writes their text without formatting', () => {
    expect(workbookValue(moment, 'datetime', true)).toBe(moment);
    expect(workbookValue(moment, 'date', false)).toBe('2026-03-01');
    expect(workbookValue(3, 'number', false)).toBe(3);
    expect(workbookValue(null, 'text', true)).toBeNull();
  });

  it('reads timestamps, leaves empty and unreadable ones empty', () => {
    expect(toDate('2026-03-01T10:05:09.000Z')?.getTime()).toBe(moment.getTime());
    expect(toDate(null)).toBeNull();
    expect(toDate('')).toBeNull();
    expect(toDate('not a date')).toBeNull();
  });

  it('names master data and people in the export language', () => {
    expect(lookupName({ lookups, lang: 'ar' }, 'region', 1)).toBe('الرياض');
    expect(lookupName({ lookups, lang: 'en' }, 'region', 1)).toBe('Riyadh');
    expect(lookupName({ lookups, lang: 'en' }, 'region', 9)).toBe('9');
    expect(lookupName({ lookups, lang: 'en' }, 'region', null)).toBeNull();
    expect(nameIn({ lookups, lang: 'en' }, 'سارة', '')).toBe('سارة');
    expect(nameIn({ lookups, lang: 'ar' }, 'سارة', 'Sara')).toBe('سارة');
  });
});

describe('the PDF document', () => {
  const columns = [specOf({ key: 'n', ar: 'الاسم', en: 'Name', value: () => null })];
  const page = {
    title: 'بيانات المتطوعين',
    filters: ['الحالة: معتمد'],
    lang: 'ar' as const,
    formatted: true,
    now: moment,
  };

  it('has the title, filters, date and an escaped table, right to left', () => {
    const doc = pdfDocument(columns, [['<b>سارة</b>']], { ...page, truncated: false });
    expect(doc.css).toContain('direction:rtl');
    expect(doc.body).toContain('<h1>بيانات المتطوعين<span class="tl"');
    expect(doc.body).toContain('الحالة: معتمد');
    expect(doc.body).toContain('2026-03-01 10:05');
    expect(doc.body).toContain('<th>الاسم<span class="tl" aria-hidden="true">الاسم</span></th>');
    expect(doc.body).toContain('&lt;b&gt;سارة&lt;/b&gt;');
    expect(doc.body).not.toContain(String(PDF_MAX_ROWS));
  });

  it('says when rows past the bound were left out, and styles nothing without formatting', () => {
    const doc = pdfDocument(columns, [], { ...page, lang: 'en', formatted: false, truncated: true });
    expect(doc.css).toContain('direction:ltr');
    expect(doc.css).not.toContain('background');
    expect(doc.body).toContain(`Only the first ${PDF_MAX_ROWS} rows`);
    expect(doc.body).toContain('<th>Name<span');
  });
});
