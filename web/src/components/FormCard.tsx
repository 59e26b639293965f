import { Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { ErrorAlert } from './ErrorAlert.tsx';

export interface FormCardProps {
  onSubmit(e: FormEvent<HTMLFormElement>): void;
  /** The heading that names the form, if any. */
  labelledBy?: string;
  /** A line above the form's error and fields. */
  intro?: ReactNode;
  /** The form's error, already in the page's language: shown in a red alert (role "alert") above the fields. */
  error?: ReactNode;
  errorTestId?: string;
  children: ReactNode;
}

/** A form on a card of its own (sign-in, passwords, recovery, identity): the browser's validation off, ours shown. */
export function FormCard({ onSubmit, labelledBy, intro, error, errorTestId, children }: FormCardProps) {
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Stack>
        {intro}
        <ErrorAlert message={error} testId={errorTestId} />
        {children}
      </Stack>
    </Paper>
  );
}
