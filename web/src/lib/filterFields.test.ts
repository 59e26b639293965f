import type { ChangeEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { numberFilter, textFilter } from './filterFields.ts';

interface Values {
  code?: string;
  year?: number;
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
