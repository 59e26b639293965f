import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';

/** A spinner while the page's data loads, or the translated failure with a way to try again. */
export function LoadState({
  error,
  retrying,
  onRetry,
}: {
  error: ErrorCode | null;
  retrying: boolean;
  onRetry(): void;
}) {
  const { t } = useTranslation();
  if (!error) {
    return (
      <Center mih="30vh">
        <Loader role="status" aria-label={t('app.loading')} />
      </Center>
    );
  }
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t(error)}</Text>
        <Button size="xs" variant="default" onClick={onRetry} loading={retrying}>
          {t('app.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
