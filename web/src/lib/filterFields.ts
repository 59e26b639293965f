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
