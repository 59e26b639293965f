import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Targets } from './api.ts';

/** Events target and event-types target: participants against the minimum and maximum targets. */
export function TargetsView({ data, view }: { data: Targets; view: 'events' | 'eventTypes' }) {
  const { t, i18n } = useTranslation();
  const caption = t(view === 'events' ? 'statistics.tab.eventsTarget' : 'statistics.tab.eventTypesTarget');
  return (
    <Table withTableBorder striped data-testid={`targets-${view}`}>
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">
            {t(view === 'events' ? 'statistics.targets.event' : 'statistics.targets.eventType')}
          </Table.Th>
          {view === 'eventTypes' && <Table.Th scope="col">{t('statistics.targets.events')}</Table.Th>}
          {(['participants', 'min', 'max', 'standing'] as const).map((k) => (
            <Table.Th key={k} scope="col">
              {t(`statistics.targets.${k}`)}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
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
