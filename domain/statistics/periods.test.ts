import { describe, expect, it } from 'vitest';
import {
  change,
  isValidPeriod,
  nextValidFrom,
  percentage,
  periodOf,
  periodRange,
  previousPeriod,
  validAt,
} from './periods.ts';

describe('KPI periods: year, half, quarter and month boundaries', () => {
  it('a year runs from 1 January to the next 1 January', () => {
    expect(periodRange({ kind: 'year', year: 2025, index: 1 })).toEqual({ from: '2025-01-01', to: '2026-01-01' });
  });
  it('halves split at 1 July', () => {
    expect(periodRange({ kind: 'half', year: 2025, index: 1 })).toEqual({ from: '2025-01-01', to: '2025-07-01' });
    expect(periodRange({ kind: 'half', year: 2025, index: 2 })).toEqual({ from: '2025-07-01', to: '2026-01-01' });
  });
  it('quarters start in January, April, July and October; Q4 ends at the next year', () => {
    expect([1, 2, 3, 4].map((index) => periodRange({ kind: 'quarter', year: 2024, index }))).toEqual([
      { from: '2024-01-01', to: '2024-04-01' },
      { from: '2024-04-01', to: '2024-07-01' },
      { from: '2024-07-01', to: '2024-10-01' },
      { from: '2024-10-01', to: '2025-01-01' },
    ]);
  });
  it('months: February of a leap year, December rolling over', () => {
    expect(periodRange({ kind: 'month', year: 2024, index: 2 })).toEqual({ from: '2024-02-01', to: '2024-03-01' });
    expect(periodRange({ kind: 'month', year: 2024, index: 12 })).toEqual({ from: '2024-12-01', to: '2025-01-01' });
  });
  it('finds the period of a day, on both sides of a boundary', () => {
    expect(periodOf('quarter', '2025-03-31')).toEqual({ kind: 'quarter', year: 2025, index: 1 });
    expect(periodOf('quarter', '2025-04-01')).toEqual({ kind: 'quarter', year: 2025, index: 2 });
    expect(periodOf('half', '2025-06-30')).toEqual({ kind: 'half', year: 2025, index: 1 });
    expect(periodOf('half', '2025-07-01')).toEqual({ kind: 'half', year: 2025, index: 2 });
    expect(periodOf('month', '2025-12-31')).toEqual({ kind: 'month', year: 2025, index: 12 });
    expect(periodOf('year', '2025-12-31')).toEqual({ kind: 'year', year: 2025, index: 1 });
  });
  it('the period before crosses into the previous year', () => {
    expect(previousPeriod({ kind: 'quarter', year: 2025, index: 1 })).toEqual({
      kind: 'quarter',
      year: 2024,
      index: 4,
    });
    expect(previousPeriod({ kind: 'month', year: 2025, index: 7 })).toEqual({ kind: 'month', year: 2025, index: 6 });
    expect(previousPeriod({ kind: 'year', year: 2025, index: 1 })).toEqual({ kind: 'year', year: 2024, index: 1 });
  });
  it('refuses an index outside its kind', () => {
    expect(isValidPeriod({ kind: 'quarter', year: 2025, index: 5 })).toBe(false);
    expect(isValidPeriod({ kind: 'half', year: 2025, index: 0 })).toBe(false);
    expect(isValidPeriod({ kind: 'year', year: 2025, index: 2 })).toBe(false);
    expect(isValidPeriod({ kind: 'month', year: 2025, index: 12 })).toBe(true);
  });
});

describe('changes and percentages', () => {
  it('gives the change absolute and in percent of the base', () => {
    expect(change(15, 10)).toEqual({ absolute: 5, percent: 50 });
    expect(change(2, 3)).toEqual({ absolute: -1, percent: -33.33 });
  });
  it('has no percentage over an empty base', () => {
    expect(change(4, 0)).toEqual({ absolute: 4, percent: null });
  });
  it('rounds shares to two decimals and makes an empty whole 0', () => {
    expect(percentage(1, 3)).toBe(33.33);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('validity periods', () => {
  it('a new version starts when its event occurred', () => {
    expect(nextValidFrom('2025-01-10T00:00:00.000Z', '2025-02-01T00:00:00.000Z')).toBe('2025-02-01T00:00:00.000Z');
    expect(nextValidFrom(null, '2025-02-01T00:00:00.000Z')).toBe('2025-02-01T00:00:00.000Z');
  });
  it('never before the version it replaces began (a clock behind)', () => {
    expect(nextValidFrom('2025-03-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z')).toBe('2025-03-01T00:00:00.000Z');
  });
  const v = { from: '2025-01-10T00:00:00.000Z', to: '2025-02-01T00:00:00.000Z' };
  it('a closed version holds from its start (inclusive) to its end (exclusive)', () => {
    expect(validAt(v, '2025-01-10T00:00:00.000Z')).toBe(true);
    expect(validAt(v, '2025-01-31T23:59:59.999Z')).toBe(true);
    expect(validAt(v, '2025-02-01T00:00:00.000Z')).toBe(false);
    expect(validAt(v, '2025-01-09T23:59:59.999Z')).toBe(false);
  });
  it('now reads only the open version', () => {
    expect(validAt(v, null)).toBe(false);
    expect(validAt({ from: v.to, to: null }, null)).toBe(true);
    expect(validAt({ from: v.to, to: null }, '2030-01-01T00:00:00.000Z')).toBe(true);
  });
});
