import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RegistrationStatus } from '../../../../domain/registration/status.ts';

/** Filled badges with white text: every colour here is at least 4.5:1 (docs/ui-kit.md). */
const COLOURS: Record<RegistrationStatus, string> = {
  1: 'gray.7',
  2: 'blue.9',
  3: 'violet.9',
  5: 'brand.7',
  6: 'red.9',
};

export function StatusBadge({ status }: { status: RegistrationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOURS[status]} variant="filled" size="lg" radius="sm" tt="none" data-status={status}>
      {t(`reg.status.${status}`)}
    </Badge>
  );
}
