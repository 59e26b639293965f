import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { columnTitle, DataGrid, gridColumnHelper } from '../../components/DataGrid.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { type Contribution, contributionsQuery, type PastEvent, pastEventsQuery } from './api.ts';
import { eventDatesColumn, eventNameColumn, hoursColumn } from './columns.tsx';
import { bothCalendars, formatHours } from './format.ts';
import { YearSelect } from './YearSelect.tsx';

const pe = gridColumnHelper<PastEvent>();
const co = gridColumnHelper<Contribution>();

/** Spec: past events (by year) with the approved hours of each year. */
export function PastEventsPanel() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const query = useQuery({ ...pastEventsQuery(year), placeholderData: keepPreviousData });
  const columns = useMemo(
    () =>
      pe.columns([
        eventNameColumn(pe, t, lang),
        eventDatesColumn(pe, t, lang),
        hoursColumn(pe, 'approvedHours', t('certs.col.hours'), lang),
        hoursColumn(pe, 'pendingHours', t('certs.past.col.pending'), lang),
        pe.accessor('contributions', columnTitle(t('certs.past.col.contributions'))),
      ]),
    [t, lang],
  );
  if (!query.data) return <QueryState query={query} />;
  const d = query.data;
  return (
    <Stack gap="md">
      <Group align="end">
        <YearSelect years={d.years} value={year} onChange={setYear} />
      </Group>
      {d.hoursByYear.length > 0 && (
        <Table data-testid="hours-by-year" captionSide="top" withTableBorder>
          <Table.Caption>{t('certs.past.byYear')}</Table.Caption>
          <Table.Tbody>
            {d.hoursByYear.map((y) => (
              <Table.Tr key={y.year}>
                <Table.Th scope="row">{y.year}</Table.Th>
                <Table.Td>{t('certs.hoursUnit', { hours: formatHours(y.hours, lang) })}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {d.items.length === 0 ? (
        <Text c="dimmed" data-testid="past-empty">
          {t('certs.past.empty')}
        </Text>
      ) : (
        <DataGrid
          id="past-events"
          caption={t('certs.tab.past')}
          columns={columns}
          rows={d.items}
          getRowId={(r) => r.eventId}
          read={query}
          columnChoice={false}
          testId="past-events"
        />
      )}
    </Stack>
  );
}

/** Spec: past contribution — the incidents the volunteer recorded, per event. */
export function ContributionsPanel() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const query = useQuery(contributionsQuery);
  const columns = useMemo(
    () =>
      co.columns([
        eventNameColumn(co, t, lang),
        co.accessor((r) => r.incident.fullName, { id: 'person', ...columnTitle(t('certs.contrib.col.person')) }),
        co.accessor((r) => r.incident.startTime, {
          id: 'start',
          ...columnTitle(t('certs.contrib.col.start')),
          cell: (i) => bothCalendars(i.getValue(), lang),
        }),
        co.accessor('submitted', {
          ...columnTitle(t('certs.contrib.col.submitted')),
          cell: (i) => (
            <Badge variant="light">{t(i.getValue() ? 'certs.contrib.submitted' : 'certs.contrib.draft')}</Badge>
          ),
        }),
      ]),
    [t, lang],
  );
  if (!query.data) return <QueryState query={query} />;
  if (query.data.items.length === 0)
    return (
      <Text c="dimmed" data-testid="contrib-empty">
        {t('certs.contrib.empty')}
      </Text>
    );
  return (
    <DataGrid
      id="contributions"
      caption={t('certs.tab.contributions')}
      columns={columns}
      rows={query.data.items}
      getRowId={(r) => `${r.eventId}:${r.incident.incidentId}`}
      read={query}
      columnChoice={false}
      testId="contributions"
    />
  );
}
