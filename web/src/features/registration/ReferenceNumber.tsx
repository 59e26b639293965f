import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The registration's reference number, labelled, in left-to-right digits within the Arabic text (the volunteer's page
 * and the staff's): nothing until the registration has one.
 */
export function ReferenceNumber({ value, testId }: { value: string | null | undefined; testId: string }) {
  const { t } = useTranslation();
  if (!value) return null;
  return (
    <Text size="sm">
      {t('myReg.reference')}:{' '}
      <Text span fw={700} data-testid={testId}>
        <bdi dir="ltr">{value}</bdi>
      </Text>
    </Text>
  );
}
