import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** A form's or panel's refusal (a text already translated), announced as an alert; nothing while there is none. */
export function ErrorAlert({ message, testId }: { message: ReactNode; testId?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid={testId}>
      {message}
    </Alert>
  );
}
