import { Stack, Text, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { isRecordKind } from '../../../../domain/record-kinds.ts';
import { useScreen } from '../../lib/useScreen.ts';
import { translated } from '../review/index.ts';
import { HistoryTab } from './HistoryTab.tsx';

const route = getRouteApi('/$lang/history/$kind/$id');

/**
 * /$lang/history/$kind/$id: the history of any record on a page of its own — what the audit log links to for records
 * without a screen, and what other screens (users, master data) may link to.
 */
export function HistoryPage() {
  const { t, title } = useScreen('audit.historyPage.title');
  const { kind, id } = route.useParams();
  const kindName = translated(`audit.recordType.${kind}`, t) ?? kind;
  // A master-data list is named by its kind (workField): its screen's title, not the key.
  const recordName = kind === 'lookup' ? translated(`masterData.kind.${id}`, t) : null;
  return (
    <Stack mt="lg" gap="md">
      <Title order={1}>{title}</Title>
      <Text data-testid="history-record">
        {kindName}:{' '}
        {recordName ?? (
          <bdi dir="ltr" className="ltr-value">
            {id}
          </bdi>
        )}
      </Text>
      {isRecordKind(kind) ? (
        <HistoryTab kind={kind} id={id} title={kindName} />
      ) : (
        <Text c="dimmed">{t('NotFound')}</Text>
      )}
    </Stack>
  );
}
