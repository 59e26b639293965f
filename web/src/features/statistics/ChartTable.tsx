import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Stack, Table, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';

export interface Series {
  key: string;
  label: string;
  color: string;
}

/**
 * A bar chart and the same numbers as a table (the chart's text equivalent for screen readers and keyboard users).
 * Right to left in Arabic: the category axis runs from the right and the value axis stands on the right.
 */
export function ChartTable({
  title,
  rows,
  series,
  showChart = true,
  showTable = true,
  testId,
}: {
  title: string;
  rows: { name: string; values: Record<string, number | string> }[];
  series: Series[];
  showChart?: boolean;
  showTable?: boolean;
  testId?: string;
}) {
  const { t, i18n } = useTranslation();
  const rtl = i18n.language !== 'en';
  const titleId = useId();
  const data = rows.map((r) => ({ name: r.name, ...r.values }));
  const numeric = series.filter((s) => rows.every((r) => typeof r.values[s.key] !== 'string'));
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid={testId}>
      <Title order={3} size="h5" id={titleId}>
        {title}
      </Title>
      {showChart && rows.length > 0 && (
        <figure style={{ margin: 0 }} aria-label={t('statistics.chartOf', { title })} data-testid="statistics-chart">
          <BarChart
            h={240}
            data={data}
            dataKey="name"
            series={numeric.map((s) => ({ name: s.key, label: s.label, color: s.color }))}
            xAxisProps={{ reversed: rtl }}
            yAxisProps={{ orientation: rtl ? 'right' : 'left' }}
            withLegend
            withTooltip={false}
            // The table is its text equivalent: the picture is hidden from assistive technology and not focusable.
            barChartProps={{ accessibilityLayer: false }}
            aria-hidden
          />
        </figure>
      )}
      {showTable && (
        <Table withTableBorder striped data-testid="statistics-table">
          <Table.Caption>{title}</Table.Caption>
          <ColumnHeads heads={[{ key: 'name', label: t('statistics.name') }, ...series]} />
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={series.length + 1}>{t('statistics.empty')}</Table.Td>
              </Table.Tr>
            ) : (
              rows.map((r) => (
                <Table.Tr key={r.name}>
                  <Table.Th scope="row" fw={400}>
                    {r.name}
                  </Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.key}>{r.values[s.key] ?? ''}</Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
