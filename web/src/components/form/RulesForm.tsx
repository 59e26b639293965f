import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DomainForm, FormValues } from './useDomainForm.ts';
import { DomainFormProvider } from './useDomainForm.ts';

/**
 * A form on the form layer: the browser's own validation off, the fields told their ids and issues, and on submit the
 * domain's rules checked in `mode`: `onValid` runs only when they find nothing. `onSubmit` runs first either way.
 */
export function RulesForm<V extends FormValues, M extends string>({
  domain,
  mode,
  onValid,
  onSubmit,
  maw,
  children,
}: {
  domain: Pick<DomainForm<V, M>, 'fields' | 'check'>;
  mode: M;
  onValid(): void;
  onSubmit?(): void;
  /** The fields' column's widest. */
  maw?: number;
  children: ReactNode;
}) {
  return (
    <DomainFormProvider value={domain.fields}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.();
          if (domain.check(mode).length === 0) onValid();
        }}
      >
        <Stack maw={maw}>{children}</Stack>
      </form>
    </DomainFormProvider>
  );
}
