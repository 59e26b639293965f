import { Badge, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import type { PractitionerInfo } from '../../../../api/contracts/registration.ts';

const classificationIn = (p: PractitionerInfo, lang: Lang) => (lang === 'ar' ? p.classificationAr : p.classificationEn);

/** A practitioner's classification and licence status (1–9) as one badge line: the grids' column. */
export function PractitionerBadge({ practitioner, lang }: { practitioner: PractitionerInfo | null; lang: Lang }) {
  const { t } = useTranslation();
  if (!practitioner) return '—';
  const classification = classificationIn(practitioner, lang);
  return (
    <Group gap={4} wrap="nowrap" data-testid="practitioner-badge">
      {classification && <Text size="sm">{classification}</Text>}
      <Badge variant="light" color={practitioner.statusId === 8 || practitioner.statusId === 1 ? 'green.9' : 'gray.9'}>
        {t(`reg.cfhsStatus.${practitioner.statusId as 1}`)}
      </Badge>
    </Group>
  );
}

/** The licence check on the registration detail: number, classification, status, licence expiry. */
export function PractitionerPanel({ practitioner, lang }: { practitioner: PractitionerInfo; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" data-testid="practitioner-panel">
      <Title order={2} size="h4" mb="xs">
        {t('review.practitioner.title')}
      </Title>
      <Text size="sm">
        {t('review.practitioner.number')}: <bdi dir="ltr">{practitioner.cfhsNumber}</bdi>
      </Text>
      <Text size="sm">
        {t('review.practitioner.classification')}: {classificationIn(practitioner, lang) ?? '—'}
      </Text>
      <Group gap="xs">
        <Text size="sm">{t('review.practitioner.status')}:</Text>
        <PractitionerBadge
          practitioner={{ ...practitioner, classificationAr: null, classificationEn: null }}
          lang={lang}
        />
      </Group>
      <Text size="sm">
        {t('review.practitioner.expiry')}: <bdi dir="ltr">{practitioner.licenceExpiryDate ?? '—'}</bdi>
      </Text>
    </Paper>
  );
}
