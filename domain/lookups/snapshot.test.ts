import { describe, expect, it } from 'vitest';
import { LookupSnapshot } from './snapshot.ts';

const row = (id: number, active = true, flags = {}) => ({
  id,
  nameAr: `ع${id}`,
  nameEn: `n${id}`,
  parentId: null,
  flags,
  active,
});

describe('a lookup snapshot', () => {
  const s = new LookupSnapshot({ region: [row(3), row(1, false), row(16, true, { excludedFromRegistration: true })] });
  it('lists the active rows in display order, or all when asked', () => {
    expect(s.list('region').map((r) => r.id)).toEqual([3, 16]);
    expect(s.list('region', { includeInactive: true }).map((r) => r.id)).toEqual([3, 1, 16]);
    expect(s.list('city')).toEqual([]);
  });
  it('finds a row by kind and id, and reads its flags', () => {
    expect(s.get('region', 1)?.active).toBe(false);
    expect(s.get('nationality', 1)).toBeUndefined();
    expect(s.hasFlag('region', 16, 'excludedFromRegistration')).toBe(true);
    expect(s.hasFlag('region', 3, 'excludedFromRegistration')).toBe(false);
    expect(s.hasFlag('region', undefined, 'excludedFromRegistration')).toBe(false);
  });
});
