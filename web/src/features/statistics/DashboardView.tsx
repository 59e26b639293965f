import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/index.ts';
import type { DashboardStatistics } from './api.ts';
import { ChartTable } from './ChartTable.tsx';

/** Spec section 9: hours charts in units of 100 hours. */
export const HOURS_UNIT = 100;
const hundreds = (h: number) => Math.round((h / HOURS_UNIT) * 100) / 100;

/** Counters (label, value, percentage) and the breakdowns by region, event type and city group, each a chart and a table. */
export function DashboardView({ data }: { data: DashboardStatistics }) {
  const { t, i18n } = useTranslation();
  const name = (x: { nameAr: string; nameEn: string; id: number }) =>
    (i18n.language === 'en' ? x.nameEn : x.nameAr) || String(x.id);
  const fmt = (n: number) => n.toLocaleString(i18n.language === 'en' ? 'en' : 'ar-SA-u-nu-latn');
  const breakdown = (title: TranslationKey, rows: DashboardStatistics['regions'], testId: string) => (
    <Stack gap="md">
      <ChartTable
        testId={testId}
        title={t(title)}
        rows={rows.map((r) => ({
          name: name(r),
          values: {
            registered: r.registered,
            registeredPercentage: r.registeredPercentage,
            events: r.events,
            eventsPercentage: r.eventsPercentage,
          },
        }))}
        series={[
          { key: 'registered', label: t('statistics.registered'), color: 'brand.7' },
          { key: 'registeredPercentage', label: t('statistics.registeredPercentage'), color: 'teal.8' },
          { key: 'events', label: t('statistics.eventsCount'), color: 'orange.8' },
          { key: 'eventsPercentage', label: t('statistics.eventsPercentage'), color: 'grape.8' },
        ]}
      />
      <ChartTable
        testId={`${testId}-hours`}
        title={t('statistics.hoursChart', { group: t(title) })}
        rows={rows.map((r) => ({
          name: name(r),
          values: { approved: hundreds(r.approvedHours), notApproved: hundreds(r.notApprovedHours) },
        }))}
        series={[
          { key: 'approved', label: t('statistics.approvedHours'), color: 'green.8' },
          { key: 'notApproved', label: t('statistics.notApprovedHours'), color: 'red.8' },
        ]}
      />
    </Stack>
  );
  return (
    <Stack gap="lg">
      <section aria-labelledby="statistics-counters">
        <Title order={2} size="h4" id="statistics-counters" mb="sm">
          {t('statistics.counters')}
        </Title>
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: 4 }}
          spacing="sm"
          component="ul"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {data.counters.map((c) => (
            <Card component="li" withBorder key={c.label} data-testid={`counter-${c.label}`}>
              <Text size="sm" c="dimmed">
                {t(`statistics.counter.${c.label}` as TranslationKey)}
              </Text>
              <Text size="xl" fw={700} data-testid="counter-value">
                {fmt(c.value)}
              </Text>
              <Text size="sm">
                {t('statistics.percentage')}: {fmt(c.percentage)}%
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      {breakdown('statistics.byRegion', data.regions, 'statistics-regions')}
      {breakdown('statistics.byEventType', data.eventTypes, 'statistics-event-types')}
      {breakdown('statistics.byCityGroup', data.cityGroups, 'statistics-city-groups')}
    </Stack>
  );
}
