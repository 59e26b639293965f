import { describe, expect, it } from 'vitest';
import { asOfInstant, validateAsOfSearch, validateReportsSearch } from './search.ts';

describe('the reports URL state', () => {
  it('keeps known filters and real days, drops the rest', () => {
    expect(
      validateReportsSearch({
        page: '2',
        pageSize: '7',
        search: ' EV-1 ',
        status: '3',
        from: '2026-01-01',
        to: '2026-02-30',
        asOf: '2026-01-12',
        other: 'x',
      }),
    ).toEqual({ page: 2, search: 'EV-1', status: 3, from: '2026-01-01', asOf: '2026-01-12' });
    expect(validateReportsSearch({ status: '1', asOf: '1949-12-31' })).toEqual({});
    expect(validateAsOfSearch({ asOf: '2026-01-12', page: 3 })).toEqual({ asOf: '2026-01-12' });
  });

  it('reads an as-of day as the end of that day in the browser’s zone', () => {
    const instant = asOfInstant('2026-01-12')!;
    expect(new Date(instant).getTime()).toBe(new Date('2026-01-12T23:59:59.999').getTime());
    expect(asOfInstant(undefined)).toBeUndefined();
  });
});
