import { useTranslation } from 'react-i18next';
import { HistoryTab } from '../../audit/index.ts';

/** The History tab of one participant: each change of the invitation, who made it (name, role) and when. */
export function InvitationHistory({ id, volunteerId, name }: { id: string; volunteerId: string; name: string }) {
  const { t } = useTranslation();
  // The invitation's stream is participation-<event>_<volunteer> (commands/participation/handlers.ts).
  return (
    <HistoryTab
      kind="participation"
      id={`${id}_${volunteerId}`}
      title={t('roster.historyOf', { name })}
      idPrefix="inv-history"
    />
  );
}
