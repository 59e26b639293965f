import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorCode } from '../app/api.ts';
import type { Read } from '../lib/reads.ts';

/** A read that failed with nothing to show: its translated error and a retry button. */
export function QueryError({ query }: { query: Read }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t(errorCode(query.error))}</Text>
        <Button size="xs" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('app.retry')}
        </Button>
      </Group>
    </Alert>
  );
}
