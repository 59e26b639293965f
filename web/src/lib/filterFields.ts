import type { ChangeEvent, Dispatch, SetStateAction } from 'react';
import type { DateRange } from '../components/DateRangeFilter.tsx';

/** The keys of F whose values are optional texts. */
type TextKey<F> = { [K in keyof F]-?: F[K] extends string | undefined ? K : never }[keyof F];

/**
 * Binds a filter panel's text box to one optional text of the panel's values: an unset text shows as '', and a text
 * cleared to blanks is unset again (it stays out of the search). `<TextInput label={…} {...textFilter(f, setF, 'code')} />`.
 */
export function textFilter<F>(f: F, setF: Dispatch<SetStateAction<F>>, key: TextKey<F>) {
  return {
    value: (f[key] as string | undefined) ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const v = e.currentTarget.value;
      setF((old) => ({ ...old, [key]: v.trim() === '' ? undefined : v }));
    },
  };
}

/** The keys of F whose values are optional numbers. */
type NumberKey<F> = { [K in keyof F]-?: F[K] extends number | undefined ? K : never }[keyof F];

/**
 * Binds a filter panel's select to one optional number of the panel's values: unset shows as the blank ("any")
 * option '', and choosing it unsets the number again. `<NativeSelect label={…} {...numberFilter(f, setF, 'year')} data={…} />`.
 */
export function numberFilter<F>(f: F, setF: Dispatch<SetStateAction<F>>, key: NumberKey<F>) {
  const n = f[key] as number | undefined;
  return {
    value: n === undefined ? '' : String(n),
    onChange: (e: ChangeEvent<HTMLSelectElement>) => {
      const v = e.currentTarget.value;
      setF((old) => ({ ...old, [key]: v === '' ? undefined : Number(v) }));
    },
  };
}

/** One option of a select: the value as the select holds it, and its label. */
export interface Choice {
  value: string;
  label: string;
}

/** A select's options from a list of values (numbers or words), each with its label: `choices(YEARS, String)`. */
export function choices<V extends string | number>(values: readonly V[], label: (v: V) => string): Choice[] {
  return values.map((v) => ({ value: String(v), label: label(v) }));
}

/** A select's options from records with a number id, each named by `name` (a lookup's name in the language). */
export function idChoices<T extends { id: number }>(
  items: readonly T[] | undefined,
  name: (item: T) => string,
): Choice[] {
  return (items ?? []).map((x) => ({ value: String(x.id), label: name(x) }));
}

/** A year filter's options: this year and the `count - 1` before it, newest first. */
export function recentYears(count: number): Choice[] {
  const year = new Date().getFullYear();
  return choices(
    Array.from({ length: count }, (_, i) => year - i),
    String,
  );
}

/**
 * A filter panel's selects of one optional number each, `numberFilter` with its options after the blank one that
 * unsets it: `const choose = numberChoices(f, setF, t('….any'))`, then `<NativeSelect label={…} {...choose('year',
 * years)} />`. `adjust` changes the panel's values the choice gives (a city outside the chosen region dropped).
 */
export function numberChoices<F>(f: F, setF: Dispatch<SetStateAction<F>>, any: string) {
  return (key: NumberKey<F>, options: readonly Choice[], adjust: (next: F) => F = (next) => next) => {
    const adjusted: Dispatch<SetStateAction<F>> = (update) =>
      setF((old) => adjust(typeof update === 'function' ? (update as (old: F) => F)(old) : update));
    return { ...numberFilter(f, adjusted, key), data: [{ value: '', label: any }, ...options] };
  };
}

/**
 * Binds a DateRangeFilter to the `from` and `to` days of the panel's values:
 * `<DateRangeFilter {...dateRangeFilter(f, setF)} fromLabel={…} toLabel={…} />`.
 */
export function dateRangeFilter<F extends DateRange>(f: F, setF: Dispatch<SetStateAction<F>>) {
  return {
    value: { from: f.from, to: f.to },
    onChange: (range: DateRange) => setF((old) => ({ ...old, from: range.from, to: range.to })),
  };
}
