import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../domain/shared/errors.ts';

/** An action's failure inside a dialog or panel: the catalogue code translated, announced as an alert. */
export function FailureAlert({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="outline" role="alert">
      <Text size="sm" c="red.9">
        {t(code)}
      </Text>
    </Alert>
  );
}
