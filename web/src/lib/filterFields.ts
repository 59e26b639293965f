import type { ChangeEvent, Dispatch, SetStateAction } from 'react';

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
