import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import type { Targets } from './api.ts';

/** Events target and event-types target: participants against the minimum and maximum targets. */
export function TargetsView({ data, view }: { data: Targets; view: 'events' | 'eventTypes' }) {
  const { t, i18n } = useTranslation();
  const caption = t(view === 'events' ? 'statistics.tab.eventsTarget' : 'statistics.tab.eventTypesTarget');
  const first = t(view === 'events' ? 'statistics.targets.event' : 'statistics.targets.eventType');
  const heads = [
    { key: 'name', label: first },
    ...(view === 'eventTypes' ? [{ key: 'events', label: t('statistics.targets.events') }] : []),
    ...(['participants', 'min', 'max', 'standing'] as const).map((k) => ({
      key: k,
      label: t(`statistics.targets.${k}`),
    })),
  ];
  return (
    <Table withTableBorder striped data-testid={`targets-${view}`}>
      <Table.Caption>{caption}</Table.Caption>
      <ColumnHeads heads={heads} />
      <Table.Tbody>
        {data.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={6}>{t('statistics.empty')}</Table.Td>
          </Table.Tr>
        )}
        {data.map((r) => (
          <Table.Tr key={String(r.id)}>
            <Table.Th scope="row" fw={400}>
              {(i18n.language === 'en' ? r.nameEn : r.nameAr) || String(r.id)}
            </Table.Th>
            {view === 'eventTypes' && <Table.Td>{r.events}</Table.Td>}
            <Table.Td>{r.participants}</Table.Td>
            <Table.Td>{r.minTarget ?? '—'}</Table.Td>
            <Table.Td>{r.maxTarget ?? '—'}</Table.Td>
            <Table.Td>{r.standing ? t(`statistics.standing.${r.standing}`) : '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
