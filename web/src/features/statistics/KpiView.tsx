import { Button, Group, NativeSelect, Paper, Radio, SimpleGrid, Table, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportStatisticsKpi } from '../../../../api/contracts/statistics.ts';
import { PERIOD_KINDS, PERIODS_IN_YEAR, type PeriodKind } from '../../../../domain/statistics/periods.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { type KpiChoice, kpiQuery, type StatisticsFilterValues, startKpiExport } from './api.ts';
import { ChartTable } from './ChartTable.tsx';
import { ExportButton } from './ExportButton.tsx';

interface Draft {
  kind?: PeriodKind;
  selectionYear?: number;
  selectionIndex?: number;
  baseYear?: number;
  baseIndex?: number;
  view?: 'table' | 'chart';
}

/** Spec section 5 "Reports": the period kind, the selection and the base, and the preferred view are required. */
const KPI_COLUMNS = ['figure', 'selection', 'base', 'change', 'changePercent'] as const;

export function missingOf(d: Draft): (keyof Draft)[] {
  const out: (keyof Draft)[] = [];
  if (!d.kind) out.push('kind');
  if (!d.selectionYear) out.push('selectionYear');
  if (!d.baseYear) out.push('baseYear');
  if (d.kind && d.kind !== 'year') {
    if (!d.selectionIndex) out.push('selectionIndex');
    if (!d.baseIndex) out.push('baseIndex');
  }
  if (!d.view) out.push('view');
  return out;
}

/** KPI comparison of events: the selection and the base period side by side with the change. */
export function KpiView({ filters }: { filters: StatisticsFilterValues }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({});
  const [shown, setShown] = useState(false);
  const [choice, setChoice] = useState<{ k: KpiChoice; view: 'table' | 'chart' } | null>(null);
  const result = useQuery(kpiQuery(choice?.k ?? null, filters));
  const missing = missingOf(draft);
  const error = (k: keyof Draft) => (shown && missing.includes(k) ? t('statistics.kpi.required') : undefined);
  // Next year too: events are planned ahead.
  const years = Array.from({ length: 9 }, (_, i) => String(new Date().getFullYear() + 1 - i));
  const num = (v: string) => (v === '' ? undefined : Number(v));
  const indexOptions = (kind: PeriodKind) =>
    Array.from({ length: PERIODS_IN_YEAR[kind] }, (_, i) => ({
      value: String(i + 1),
      label: t(`statistics.kpi.${kind as 'half' | 'quarter' | 'month'}`, { n: i + 1 }),
    }));
  function submit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (missing.length > 0) return;
    const k: KpiChoice = {
      kind: draft.kind!,
      selectionYear: draft.selectionYear!,
      selectionIndex: draft.kind === 'year' ? 1 : draft.selectionIndex!,
      baseYear: draft.baseYear!,
      baseIndex: draft.kind === 'year' ? 1 : draft.baseIndex!,
    };
    setChoice({ k, view: draft.view! });
  }
  type PeriodKey = 'selectionYear' | 'selectionIndex' | 'baseYear' | 'baseIndex';
  /** A required select of one of the two periods' year or index (a number, none until chosen). */
  const periodSelect = (
    key: PeriodKey,
    label: TranslationKey,
    options: (string | { value: string; label: string })[],
  ) => (
    <NativeSelect
      id={`kpi-${key}`}
      label={t(label)}
      required
      value={draft[key] ? String(draft[key]) : ''}
      error={error(key)}
      onChange={(e) => {
        const v = num(e.currentTarget.value);
        setDraft((d) => ({ ...d, [key]: v }));
      }}
      data={[{ value: '', label: '—' }, ...options]}
    />
  );
  const period = (side: 'selection' | 'base') => {
    const yearKey = side === 'selection' ? 'selectionYear' : 'baseYear';
    const indexKey = side === 'selection' ? 'selectionIndex' : 'baseIndex';
    return (
      <Paper withBorder p="sm" component="fieldset">
        <legend>{t(`statistics.kpi.${side}`)}</legend>
        {periodSelect(yearKey, 'statistics.kpi.year', years)}
        {draft.kind &&
          draft.kind !== 'year' &&
          periodSelect(indexKey, 'statistics.kpi.index', indexOptions(draft.kind))}
      </Paper>
    );
  };
  const rows = result.data?.rows ?? [];
  const figure = (f: string) => t(`statistics.kpi.figure.${f as 'events'}`);
  const pct = (v: number | null) => (v === null ? '—' : `${v}%`);
  return (
    <>
      <Paper withBorder p="md" component="form" onSubmit={submit} noValidate aria-labelledby="kpi-form-title">
        <Title order={2} size="h4" id="kpi-form-title" mb="sm">
          {t('statistics.tab.kpi')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
          <NativeSelect
            id="kpi-kind"
            label={t('statistics.kpi.kind')}
            required
            value={draft.kind ?? ''}
            error={error('kind')}
            onChange={(e) => {
              // Read the event now: the state updater runs after React has released it.
              const kind = (e.currentTarget.value || undefined) as PeriodKind | undefined;
              setDraft((d) => ({ ...d, kind, selectionIndex: undefined, baseIndex: undefined }));
            }}
            data={[
              { value: '', label: '—' },
              ...PERIOD_KINDS.map((k) => ({ value: k, label: t(`statistics.kpi.kind.${k}`) })),
            ]}
          />
          {period('selection')}
          {period('base')}
        </SimpleGrid>
        <Radio.Group
          mt="sm"
          label={t('statistics.kpi.view')}
          required
          value={draft.view ?? ''}
          error={error('view')}
          onChange={(v) => setDraft((d) => ({ ...d, view: v as 'table' | 'chart' }))}
        >
          <Group gap="md" mt={4}>
            <Radio value="table" id="kpi-view-table" label={t('statistics.kpi.view.table')} />
            <Radio value="chart" id="kpi-view-chart" label={t('statistics.kpi.view.chart')} />
          </Group>
        </Radio.Group>
        <Button type="submit" mt="md" data-testid="kpi-compare">
          {t('statistics.kpi.compare')}
        </Button>
      </Paper>
      {choice && !result.data && <QueryState query={result} />}
      {choice && result.data && (
        <ExportButton
          contract={exportStatisticsKpi}
          start={startKpiExport(choice.k, filters)}
          testId="statistics-export-kpi"
        />
      )}
      {choice && result.data && choice.view === 'chart' && (
        <ChartTable
          testId="kpi-chart"
          title={t('statistics.kpi.caption', { selection: result.data.selection.from, base: result.data.base.from })}
          rows={rows.map((r) => ({
            name: figure(r.figure),
            values: { selection: r.selection, base: r.base, change: r.change },
          }))}
          series={[
            { key: 'selection', label: t('statistics.kpi.selection'), color: 'brand.7' },
            { key: 'base', label: t('statistics.kpi.base'), color: 'gray.7' },
            { key: 'change', label: t('statistics.kpi.change'), color: 'orange.8' },
          ]}
        />
      )}
      {choice && result.data && choice.view === 'table' && (
        <Table withTableBorder striped data-testid="kpi-table">
          <Table.Caption>
            {t('statistics.kpi.caption', { selection: result.data.selection.from, base: result.data.base.from })}
          </Table.Caption>
          <ColumnHeads heads={KPI_COLUMNS.map((k) => ({ key: k, label: t(`statistics.kpi.${k}`) }))} />
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.figure} data-testid={`kpi-row-${r.figure}`}>
                <Table.Th scope="row" fw={400}>
                  {figure(r.figure)}
                </Table.Th>
                <Table.Td>{r.selection}</Table.Td>
                <Table.Td>{r.base}</Table.Td>
                <Table.Td>{r.change}</Table.Td>
                <Table.Td>{pct(r.changePercent)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
