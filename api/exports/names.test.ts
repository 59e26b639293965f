import { describe, expect, it } from 'vitest';
import { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { ExportContext } from './columns.ts';
import { areaLines, codeLine, EVENT_STATUS_NAMES, filterLine, lookupLine, periodLines } from './names.ts';

const flags = {} as never;
const lookups = new LookupSnapshot({
  region: [{ id: 1, nameAr: 'الرياض', nameEn: 'Riyadh', parentId: null, flags, active: true }],
  city: [{ id: 5, nameAr: 'جدة', nameEn: 'Jeddah', parentId: 2, flags, active: true }],
});
const ar: ExportContext = { lookups, lang: 'ar' };
const en: ExportContext = { lookups, lang: 'en' };

describe("an export file's filter lines", () => {
  it('says a given filter as it was given, and nothing for one not set, empty or 0', () => {
    expect(filterLine(en, 'بحث', 'Search', 'sara')).toEqual(['Search: sara']);
    expect(filterLine(ar, 'بحث', 'Search', 'sara')).toEqual(['بحث: sara']);
    expect(filterLine(en, 'بحث', 'Search', undefined)).toEqual([]);
    expect(filterLine(en, 'بحث', 'Search', '')).toEqual([]);
    expect(filterLine(en, 'المنطقة', 'Region', 0)).toEqual([]);
  });

  it('names a coded filter in the file language, 0 being a code too', () => {
    expect(codeLine(ar, 'الحالة', 'Status', EVENT_STATUS_NAMES, 0)).toEqual(['الحالة: قادمة']);
    expect(codeLine(en, 'الحالة', 'Status', EVENT_STATUS_NAMES, 3)).toEqual(['Status: Closed']);
    expect(codeLine(en, 'الحالة', 'Status', EVENT_STATUS_NAMES, 9)).toEqual(['Status: 9']);
    expect(codeLine(en, 'الحالة', 'Status', EVENT_STATUS_NAMES, undefined)).toEqual([]);
  });

  it('names master data, the area and the period', () => {
    expect(lookupLine(ar, 'المنطقة', 'Region', 'region', 1)).toEqual(['المنطقة: الرياض']);
    expect(lookupLine(ar, 'المنطقة', 'Region', 'region', undefined)).toEqual([]);
    expect(areaLines(en, { regionId: 1, cityId: 5 })).toEqual(['Region: Riyadh', 'City: Jeddah']);
    expect(areaLines(en, { cityId: 5 })).toEqual(['City: Jeddah']);
    expect(periodLines(ar, { from: '2026-01-01', to: '2026-02-01' })).toEqual(['من: 2026-01-01', 'إلى: 2026-02-01']);
    expect(periodLines(en, { to: '2026-02-01' })).toEqual(['To: 2026-02-01']);
  });
});
