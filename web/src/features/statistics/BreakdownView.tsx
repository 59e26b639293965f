import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/index.ts';
import type { Breakdowns } from './api.ts';
import { ChartTable } from './ChartTable.tsx';

/** What a group's key means in each dimension without names of its own (statuses, gender, yes/no). */
const CODED: Record<string, string> = {
  gender: 'statistics.gender',
  approval: 'statistics.approval',
};

/** The other statistics pages: one chart and table per dimension (for all regions, events by status too). */
export function BreakdownView({ data, byStatus = false }: { data: Breakdowns; byStatus?: boolean }) {
  const { t, i18n } = useTranslation();
  const label = (dimension: string, r: Breakdowns[number]['rows'][number], eventStatus: boolean) => {
    if (r.key === null) return t('statistics.none');
    const named = i18n.language === 'en' ? r.nameEn : r.nameAr;
    if (named) return named;
    if (dimension === 'practitioner' || dimension === 'public')
      return r.key === 1 ? t('statistics.yes') : t('statistics.no');
    if (dimension === 'status')
      return t(`${eventStatus ? 'statistics.eventStatus' : 'statistics.regStatus'}.${r.key}` as TranslationKey);
    const coded = CODED[dimension];
    return coded ? t(`${coded}.${r.key}` as TranslationKey) : String(r.key);
  };
  const eventStatus = data.some((d) => d.dimension === 'approval' || d.dimension === 'eventType') || byStatus;
  return (
    <Stack gap="lg">
      {data.map((d) => (
        <ChartTable
          key={d.dimension}
          testId={`breakdown-${d.dimension}`}
          title={t(`statistics.dimension.${d.dimension}` as TranslationKey)}
          rows={d.rows.map((r) => ({
            name: label(d.dimension, r, eventStatus),
            values: (byStatus
              ? {
                  value: r.value,
                  upcoming: r.byStatus?.upcoming ?? 0,
                  active: r.byStatus?.active ?? 0,
                  closed: r.byStatus?.closed ?? 0,
                  deleted: r.byStatus?.deleted ?? 0,
                }
              : { value: r.value, percentage: r.percentage }) as Record<string, number>,
          }))}
          series={
            byStatus
              ? [
                  { key: 'value', label: t('statistics.eventsCount'), color: 'brand.7' },
                  { key: 'upcoming', label: t('statistics.upcoming'), color: 'blue.8' },
                  { key: 'active', label: t('statistics.active'), color: 'teal.8' },
                  { key: 'closed', label: t('statistics.closed'), color: 'gray.8' },
                  { key: 'deleted', label: t('statistics.deleted'), color: 'red.8' },
                ]
              : [
                  { key: 'value', label: t('statistics.value'), color: 'brand.7' },
                  { key: 'percentage', label: t('statistics.percentage'), color: 'teal.8' },
                ]
          }
        />
      ))}
    </Stack>
  );
}
