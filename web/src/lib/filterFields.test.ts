import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { choices, idChoices, numberChoices, numberFilter, recentYears, textFilter } from './filterFields.ts';

interface Values {
  code?: string;
  year?: number;
  regionId?: number;
  cityId?: number;
}

/** A panel's state held outside React: setF applies an updater or a value, as useState's setter does. */
function panel(initial: Values) {
  let f = initial;
  const setF = (next: Values | ((old: Values) => Values)) => {
    f = typeof next === 'function' ? next(f) : next;
  };
  return { get: () => f, setF };
}
const change = <E>(value: string) => ({ currentTarget: { value } }) as unknown as ChangeEvent<E>;

describe('numberFilter', () => {
  it('shows an unset number as the blank option, sets the chosen number and unsets it on the blank option', () => {
    const p = panel({ code: 'x' });
    expect(numberFilter(p.get(), p.setF, 'year').value).toBe('');
    numberFilter(p.get(), p.setF, 'year').onChange(change<HTMLSelectElement>('2025'));
    expect(p.get()).toEqual({ code: 'x', year: 2025 });
    expect(numberFilter(p.get(), p.setF, 'year').value).toBe('2025');
    numberFilter(p.get(), p.setF, 'year').onChange(change<HTMLSelectElement>(''));
    expect(p.get()).toEqual({ code: 'x', year: undefined });
  });
});

describe('textFilter', () => {
  it('unsets a text cleared to blanks', () => {
    const p = panel({ year: 2024 });
    textFilter(p.get(), p.setF, 'code').onChange(change<HTMLInputElement>('AB'));
    expect(p.get()).toEqual({ year: 2024, code: 'AB' });
    textFilter(p.get(), p.setF, 'code').onChange(change<HTMLInputElement>('  '));
    expect(p.get().code).toBeUndefined();
  });
});

describe('numberChoices', () => {
  it('puts the blank "any" option first and lets a choice adjust the other values', () => {
    const p = panel({ regionId: 1, cityId: 7 });
    const choose = () => numberChoices(p.get(), p.setF, 'Any');
    const regions = idChoices([{ id: 1 }, { id: 2 }], (r) => `R${r.id}`);
    const dropCity = (next: Values) => ({ ...next, cityId: undefined });
    expect(choose()('regionId', regions).data).toEqual([
      { value: '', label: 'Any' },
      { value: '1', label: 'R1' },
      { value: '2', label: 'R2' },
    ]);
    choose()('regionId', regions, dropCity).onChange(change<HTMLSelectElement>('2'));
    expect(p.get()).toEqual({ regionId: 2, cityId: undefined });
    choose()('regionId', regions).onChange(change<HTMLSelectElement>(''));
    expect(p.get().regionId).toBeUndefined();
  });

  it('labels fixed values and recent years', () => {
    expect(choices([1, 2] as const, (n) => `n${n}`)).toEqual([
      { value: '1', label: 'n1' },
      { value: '2', label: 'n2' },
    ]);
    const years = recentYears(3).map((y) => Number(y.value));
    expect(years).toEqual([years[0], years[0]! - 1, years[0]! - 2]);
    expect(years[0]).toBe(new Date().getFullYear());
  });
});
