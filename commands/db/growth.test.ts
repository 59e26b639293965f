import { describe, expect, it } from 'vitest';
import { GrowthSchedule } from './growth.ts';

describe('growth schedule', () => {
  it('is due once the count reaches the first mark, then each time it doubles', () => {
    const g = new GrowthSchedule(64);
    const due = [10, 50, 4, 60, 1, 128, 100, 300].map((n) => g.add(n));
    // running totals: 10, 60, 64 (due, next 128), 124, 125, 253 (due, next 506), 353, 653 (due)
    expect(due).toEqual([false, false, true, false, false, true, false, true]);
  });

  it('is due at once for a first batch past the mark', () => {
    const g = new GrowthSchedule(64);
    expect(g.add(500)).toBe(true);
    expect(g.add(499)).toBe(false);
    expect(g.add(1)).toBe(true);
  });
});
