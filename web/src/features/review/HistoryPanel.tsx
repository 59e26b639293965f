import { Group, Paper, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../../api/contracts/registration.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { QueryState } from '../../components/QueryState.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { historyQuery } from './api.ts';
import { ChangesTable } from './ChangesTable.tsx';
import { actionLabel, visibleInHistory } from './changes.ts';
import { actorName, formatWhen } from './format.ts';

/** Every change to the application, oldest first: when, who (name and role), what, and each field from → to. */
export function HistoryPanel({ id }: { id: string }) {
  const { t } = useTranslation();
  const history = useQuery(historyQuery(id));
  if (!history.data) {
    return <QueryState query={history} />;
  }
  return (
    <TitledSection titleId="history-title" title={t('history.title')} size="h3" mb="md">
      {history.data.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <ol className="history-list" data-testid="history">
          {history.data.map((entry, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only and read whole
            <HistoryItem key={i} entry={entry} index={i} />
          ))}
        </ol>
      )}
    </TitledSection>
  );
}

/** One change in a history list (applications, invitations): action, when (with Hijri), who and role, fields. */
export function HistoryItem({
  entry,
  index,
  idPrefix = 'history',
}: {
  entry: HistoryEntry;
  index: number;
  idPrefix?: string;
}) {
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
            {when.hijri && ` (${when.hijri})`}
          </Text>
        </Group>
        <Group gap="xs" mb="sm">
          <Text size="sm" fw={600} data-testid="history-actor">
            {who.name}
          </Text>
          {who.role && (
            <Text size="sm" c="dimmed" data-testid="history-role">
              {who.role}
            </Text>
          )}
        </Group>
        <ChangesTable changes={entry.changes.filter(visibleInHistory)} caption={`${t('history.changes')}: ${action}`} />
      </Paper>
    </li>
  );
}
