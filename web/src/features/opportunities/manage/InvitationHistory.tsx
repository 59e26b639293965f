import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { TitledSection } from '../../../components/TitledSection.tsx';
import { HistoryItem } from '../../review/index.ts';
import { invitationHistoryQuery } from '../api.ts';

/** The History tab of one participant: each change of the invitation, who made it (name, role) and when. */
export function InvitationHistory({ id, volunteerId, name }: { id: string; volunteerId: string; name: string }) {
  const { t } = useTranslation();
  const history = useQuery(invitationHistoryQuery(id, volunteerId));
  if (!history.data) {
    return <QueryState query={history} />;
  }
  return (
    <TitledSection titleId="invitation-history-title" title={t('roster.historyOf', { name })} size="h3" mb="md">
      {history.data.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <ol className="history-list" data-testid="history">
          {history.data.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and read whole
            <HistoryItem key={i} entry={entry} index={i} idPrefix="inv-history" />
          ))}
        </ol>
      )}
    </TitledSection>
  );
}
