import { describe, expect, it } from 'vitest';
import { KpiQuery, StatisticsQuery } from '../contracts/statistics.ts';
import { asOfOf } from './routes.ts';

describe('statistics requests', () => {
  it('reads a day as of its end (UTC) and a moment as itself; none is now', () => {
    expect(asOfOf('2026-01-31')).toBe('2026-01-31T23:59:59.999Z');
    expect(asOfOf('2026-01-31T10:00:00+03:00')).toBe('2026-01-31T07:00:00.000Z');
    expect(asOfOf(undefined)).toBeNull();
  });
  it('refuses an impossible as-of day and unknown filter values', () => {
    expect(StatisticsQuery.safeParse({ asOf: '2026-02-30' }).success).toBe(false);
    expect(StatisticsQuery.safeParse({ genderType: '3' }).success).toBe(false);
    expect(StatisticsQuery.safeParse({ eventStatus: '1' }).success).toBe(false);
    expect(StatisticsQuery.safeParse({ regionId: '3', isPublic: '1', asOf: '2026-01-31' }).success).toBe(true);
  });
  it('requires the KPI period kind, selection and base, each within its kind', () => {
    const ok = { kind: 'quarter', selectionYear: '2026', selectionIndex: '1', baseYear: '2026', baseIndex: '2' };
    expect(KpiQuery.safeParse(ok).success).toBe(true);
    expect(KpiQuery.safeParse({ ...ok, selectionIndex: '5' }).success).toBe(false);
    expect(KpiQuery.safeParse({ ...ok, kind: 'half', baseIndex: '3' }).success).toBe(false);
    const { baseYear: _, ...noBase } = ok;
    expect(KpiQuery.safeParse(noBase).success).toBe(false);
    expect(KpiQuery.safeParse({ ...ok, kind: 'week' }).success).toBe(false);
  });
});
