import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { EventStatusBadge } from '../../components/badges.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { ScrollTable } from '../../components/ScrollTable.tsx';
import { TitledSection } from '../../components/TitledSection.tsx';
import { type VolunteerDashboard as Dashboard, volunteerDashboardQuery } from './api.ts';
import { AsOfField, AsOfNote, Figures, RatingText, useFormat } from './figures.tsx';

const EVENT_COLUMNS = ['name', 'start', 'status', 'attendance', 'approvedHours', 'rating'] as const;

function Evaluation({ e }: { e: Dashboard['evaluation'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const level = e.level as 1 | 2 | 3 | 4 | 5 | null;
  return (
    <Paper withBorder p="md" radius="md">
      {level === null ? (
        <Text data-testid="evaluation-level">{t('reports.me.noEvaluation')}</Text>
      ) : (
        <Stack gap="xs">
          <Text fw={700} size="lg" data-testid="evaluation-level">
            {t('reports.me.level', { level: t(`reports.rating.${level}`) })}
          </Text>
          <Text size="sm" data-testid="evaluation-commitment">
            {t('reports.me.commitment')}: {f.number(Math.round((e.commitment ?? 0) * 100))}%
          </Text>
        </Stack>
      )}
      <Figures
        cols={5}
        figures={[
          { key: 'reports.me.accepted', value: e.accepted, testId: 'evaluation-accepted' },
          { key: 'reports.fig.attended', value: e.attended, testId: 'evaluation-attended' },
          { key: 'reports.fig.absent', value: e.absent },
          { key: 'reports.fig.released', value: e.released },
          {
            key: 'reports.me.averageRating',
            value: e.averageRating === null ? t('reports.noRating') : f.number(e.averageRating),
          },
        ]}
      />
      <Text size="sm" c="dimmed" mt="xs">
        {t('reports.me.explain')}
      </Text>
    </Paper>
  );
}

/**
 * The volunteer's own dashboard (spec: dashboard): their events with attendance, hours and rating, approved hours by
 * year, and the evaluation their commitment to events gives (domain/reports/evaluation.ts), as of a day.
 */
export function VolunteerDashboard() {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const f = useFormat();
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const query = useQuery(volunteerDashboardQuery(asOf));
  const d = query.data;
  return (
    <Stack gap="md" data-testid="volunteer-dashboard">
      <Title order={2}>{t('reports.me.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <AsOfField id="dashboard-asof" value={asOf} onChange={(v) => setAsOf(v || undefined)} />
      </SimpleGrid>
      <AsOfNote day={asOf} />
      {!d ? (
        <QueryState query={query} />
      ) : (
        <>
          <TitledSection titleId="me-evaluation" title={t('reports.me.evaluation')} order={3}>
            <Evaluation e={d.evaluation} />
          </TitledSection>
          <TitledSection titleId="me-hours" title={t('reports.me.hoursByYear')} order={3}>
            {d.hoursByYear.length === 0 ? (
              <Text>{t('reports.me.hoursEmpty')}</Text>
            ) : (
              <Table withTableBorder maw={480} data-testid="hours-by-year">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('reports.me.year')}</Table.Th>
                    <Table.Th>{t('reports.fig.approvedHours')}</Table.Th>
                    <Table.Th>{t('reports.me.eventsCount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.hoursByYear.map((y) => (
                    <Table.Tr key={y.year}>
                      <Table.Td>{y.year}</Table.Td>
                      <Table.Td>{f.number(y.approvedHours)}</Table.Td>
                      <Table.Td>{f.number(y.events)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </TitledSection>
          <TitledSection titleId="me-events" title={t('reports.me.events')} order={3}>
            {d.events.length === 0 ? (
              <Text>{t('reports.me.eventsEmpty')}</Text>
            ) : (
              <ScrollTable
                label={t('reports.me.events')}
                minWidth={700}
                testId="my-report-events"
                headers={EVENT_COLUMNS.map((k) => ({ key: k, label: t(`reports.col.${k}`) }))}
              >
                {d.events.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{(lang === 'ar' ? e.nameAr : e.nameEn) || e.code}</Table.Td>
                    <Table.Td>{f.day(e.startDate)}</Table.Td>
                    <Table.Td>
                      <EventStatusBadge status={e.status} />
                    </Table.Td>
                    <Table.Td>{t(`reports.attendance.${e.attendance}`)}</Table.Td>
                    <Table.Td>{f.number(e.approvedHours)}</Table.Td>
                    <Table.Td>
                      <RatingText rating={e.rating} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </ScrollTable>
            )}
          </TitledSection>
        </>
      )}
    </Stack>
  );
}
