import { Group, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useState } from 'react';
import {
  exportStatisticsBreakdowns,
  exportStatisticsDashboard,
  exportStatisticsTargets,
} from '../../../../api/contracts/statistics.ts';
import type { BreakdownView as BreakdownName } from '../../../../domain/statistics/figures.ts';
import { AnchorLink } from '../../app/layout/links.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { TabList } from '../../components/TabList.tsx';
import { useScreen } from '../../lib/useScreen.ts';
import {
  breakdownsQuery,
  dashboardQuery,
  type StatisticsFilterValues,
  startBreakdownsExport,
  startDashboardExport,
  startTargetsExport,
  targetsQuery,
} from './api.ts';
import { BreakdownView } from './BreakdownView.tsx';
import { DashboardView } from './DashboardView.tsx';
import { ExportButton } from './ExportButton.tsx';
import { AsOfPicker, StatisticsFilters } from './Filters.tsx';
import { KpiView } from './KpiView.tsx';
import { TargetsView } from './TargetsView.tsx';

const TABS = [
  'dashboard',
  'registrations',
  'volunteers',
  'events',
  'eventsAllRegions',
  'eventsTarget',
  'eventTypesTarget',
  'kpi',
] as const;
type Tab = (typeof TABS)[number];

/** A statistics tab's tables under their export button. */
function Exported({ children, ...button }: ComponentProps<typeof ExportButton> & { children: ReactNode }) {
  return (
    <Stack gap="sm">
      <ExportButton {...button} />
      {children}
    </Stack>
  );
}

function Breakdown({ view, filters }: { view: BreakdownName; filters: StatisticsFilterValues }) {
  const q = useQuery(breakdownsQuery(view, filters));
  if (!q.data) return <QueryState query={q} />;
  const start = startBreakdownsExport(view, filters);
  return (
    <Exported contract={exportStatisticsBreakdowns} start={start} testId={`statistics-export-${view}`}>
      <BreakdownView data={q.data} byStatus={view === 'eventsAllRegions'} />
    </Exported>
  );
}

function Target({ view, filters }: { view: 'events' | 'eventTypes'; filters: StatisticsFilterValues }) {
  const q = useQuery(targetsQuery(view, filters));
  if (!q.data) return <QueryState query={q} />;
  const start = startTargetsExport(view, filters);
  return (
    <Exported contract={exportStatisticsTargets} start={start} testId={`statistics-export-targets-${view}`}>
      <TargetsView data={q.data} view={view} />
    </Exported>
  );
}

/**
 * /$lang/statistics (screen `statistics`): the dashboard statistics and the other statistics pages as tabs, one filter
 * panel and one "as of" day for all of them. Current figures refresh every 300000 ms (spec section 9).
 */
export function StatisticsPage() {
  const { t, title, lang } = useScreen('page.statistics');
  const [tab, setTab] = useState<Tab>('dashboard');
  const [filters, setFilters] = useState<StatisticsFilterValues>({});
  const [asOf, setAsOf] = useState<string | undefined>(undefined);
  const all: StatisticsFilterValues = { ...filters, ...(asOf ? { asOf } : {}) };
  const dashboard = useQuery(dashboardQuery(all));
  const eventTypes = dashboard.data?.eventTypes ?? [];
  const cityGroups = dashboard.data?.cityGroups ?? [];
  return (
    <Stack gap="md">
      <Title order={1}>{title}</Title>
      <Group>
        <AnchorLink to="/$lang/reports" params={{ lang }} data-testid="event-reports-link">
          {t('page.reports')}
        </AnchorLink>
      </Group>
      <StatisticsFilters initial={filters} eventTypes={eventTypes} cityGroups={cityGroups} onApply={setFilters} />
      <AsOfPicker value={asOf} onChange={setAsOf} />
      <Tabs value={tab} onChange={(v) => setTab((v as Tab | null) ?? 'dashboard')} keepMounted={false}>
        <TabList
          label={t('statistics.tabs')}
          tabs={TABS}
          name={(x) => t(`statistics.tab.${x}`)}
          testId="statistics-tab"
        />
        <Tabs.Panel value="dashboard" pt="md">
          {dashboard.data ? (
            <Exported
              contract={exportStatisticsDashboard}
              start={startDashboardExport(all)}
              testId="statistics-export-dashboard"
            >
              <DashboardView data={dashboard.data} />
            </Exported>
          ) : (
            <QueryState query={dashboard} />
          )}
        </Tabs.Panel>
        {(['registrations', 'volunteers', 'events', 'eventsAllRegions'] as const).map((v) => (
          <Tabs.Panel key={v} value={v} pt="md">
            <Breakdown view={v} filters={all} />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="eventsTarget" pt="md">
          <Target view="events" filters={all} />
        </Tabs.Panel>
        <Tabs.Panel value="eventTypesTarget" pt="md">
          <Target view="eventTypes" filters={all} />
        </Tabs.Panel>
        <Tabs.Panel value="kpi" pt="md">
          <KpiView filters={all} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
