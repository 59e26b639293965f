import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FirstResponderRow } from './api.ts';

/** Where a request stands, as a badge (colours from the theme, checked for contrast there). */
export function FirstResponderStatusBadge({ status }: { status: FirstResponderRow['status'] }) {
  const { t } = useTranslation();
  const color = { pending: 'blue', approved: 'green', rejected: 'orange' }[status];
  return (
    <Badge color={`${color}.9`} variant="light" data-testid="fr-status">
      {t(`fr.status.${status}`)}
    </Badge>
  );
}
