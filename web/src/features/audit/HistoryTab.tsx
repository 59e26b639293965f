import { Code, Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../../api/contracts/registration.ts';
import type { RecordKind } from '../../../../domain/record-kinds.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { actionLabel, actorName, ChangesTable, formatWhen, visibleInHistory } from '../review/index.ts';
import { recordHistoryQuery } from './api.ts';

/**
 * The history tab of any record (registrations, events, invitations, accounts, master data …): every change, oldest
 * first — the action, when (Gregorian and Hijri), who (name and role), through which request, and each field from → to.
 */
export function HistoryTab({
  kind,
  id,
  title,
  idPrefix = 'history',
}: {
  kind: RecordKind;
  id: string;
  /** The section's heading; "History" when not given. */
  title?: string;
  idPrefix?: string;
}) {
  const { t } = useTranslation();
  const history = useQuery(recordHistoryQuery(kind, id));
  if (!history.data) {
    return <QueryState query={history} />;
  }
  return (
    <TitledSection titleId={`${idPrefix}-title`} title={title ?? t('audit.historyTitle')} size="h3" mb="md">
      {history.data.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <ol className="history-list" data-testid="history">
          {history.data.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and read whole
            <HistoryItem key={i} entry={entry} index={i} idPrefix={idPrefix} />
          ))}
        </ol>
      )}
    </TitledSection>
  );
}

/** One change in a history list: action, when (with Hijri), who and role, the request, the fields. */
function HistoryItem({ entry, index, idPrefix }: { entry: HistoryEntry; index: number; idPrefix: string }) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const when = formatWhen(entry.at, lang, t);
  const who = actorName(entry.actor, lang, t);
  const action = actionLabel(entry.action, t);
  const headingId = `${idPrefix}-${index}`;
  return (
    <li data-testid="history-entry" data-action={entry.action}>
      <Paper withBorder p="sm" radius="md" className="history-entry" aria-labelledby={headingId} component="article">
        <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="wrap">
          <Title order={3} size="h5" id={headingId}>
            {action}
          </Title>
          <Text size="sm" c="dimmed" component="p" m={0}>
            <time dateTime={entry.at}>{when.main}</time>
            {when.hijri && <span data-testid="history-hijri">{` (${when.hijri})`}</span>}
          </Text>
        </Group>
        <Group gap="xs" mb="sm" wrap="wrap">
          <Text size="sm" fw={600} data-testid="history-actor">
            {who.name}
          </Text>
          {who.role && (
            <Text size="sm" c="dimmed" data-testid="history-role">
              {who.role}
            </Text>
          )}
          {entry.correlationId && (
            <Text size="xs" c="dimmed">
              {t('audit.request')}{' '}
              <Code dir="ltr" data-testid="history-request">
                {entry.correlationId}
              </Code>
            </Text>
          )}
        </Group>
        <ChangesTable changes={entry.changes.filter(visibleInHistory)} caption={`${t('history.changes')}: ${action}`} />
      </Paper>
    </li>
  );
}
