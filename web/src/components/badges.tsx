import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ParticipationStatus } from '../../../domain/participation/status.ts';

/**
 * The status badges of events and participations, one colour per status. Readable text is the theme's job
 * (variantColorResolver in app/theme.ts); theme.test.tsx checks every status of every badge here.
 */
const EVENT_COLOUR: Record<number, string> = { 0: 'blue.9', 2: 'brand.7', 3: 'gray.7', 4: 'red.9' };

export function EventStatusBadge({
  status,
  label,
  ...props
}: { status: number; label?: string } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={EVENT_COLOUR[status] ?? 'gray.7'} data-status={status} {...props}>
      {label ?? t(`events.status.${status as 0 | 2 | 3 | 4}`)}
    </Badge>
  );
}

const PARTICIPATION_COLOUR: Record<ParticipationStatus, string> = {
  1: 'blue.9',
  2: 'blue.9',
  3: 'gray.7',
  4: 'brand.9',
  5: 'red.9',
  6: 'gray.7',
  7: 'violet.9',
  8: 'gray.7',
  9: 'red.9',
  10: 'orange.9',
};

export function ParticipationBadge({
  status,
  ...props
}: { status: ParticipationStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={PARTICIPATION_COLOUR[status] ?? 'gray.7'} data-status={status} {...props}>
      {t(`participation.status.${status}`)}
    </Badge>
  );
}
