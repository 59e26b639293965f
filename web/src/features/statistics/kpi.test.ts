import { describe, expect, it } from 'vitest';
import { missingOf } from './KpiView.tsx';

describe('KPI comparison form (spec section 5: selection, base and view required)', () => {
  it('names every missing choice', () => {
    expect(missingOf({})).toEqual(['kind', 'selectionYear', 'baseYear', 'view']);
    expect(missingOf({ kind: 'quarter', selectionYear: 2026, baseYear: 2026, view: 'chart' })).toEqual([
      'selectionIndex',
      'baseIndex',
    ]);
  });
  it('needs no period index for whole years', () => {
    expect(missingOf({ kind: 'year', selectionYear: 2026, baseYear: 2025, view: 'table' })).toEqual([]);
  });
  it('is complete with both quarters and a view', () => {
    expect(
      missingOf({
        kind: 'quarter',
        selectionYear: 2026,
        selectionIndex: 1,
        baseYear: 2026,
        baseIndex: 2,
        view: 'table',
      }),
    ).toEqual([]);
  });
});
