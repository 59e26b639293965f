import { Group, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_PICKER_MIN } from '../../../../domain/registration/rules.ts';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { GregorianDateInput } from '../../components/form/GregorianDateInput.tsx';
import { numberFilter } from '../../lib/filterFields.ts';
import { lookupsQuery } from '../registration/index.ts';
import type { StatisticsFilterValues } from './api.ts';

type NumberKey = Exclude<keyof StatisticsFilterValues, 'startDate' | 'endDate' | 'asOf'>;
export interface Option {
  id: number;
  nameAr: string;
  nameEn: string;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * The spec's dashboard filters (region, report type, city, status, gender, practitioner, category, sub-categories 1
 * and 2, experience level, event type, public, date range, event status, city group). The event types and city groups
 * are the dashboard's own lists. Applied on Search.
 */
export function StatisticsFilters({
  initial,
  eventTypes,
  cityGroups,
  onApply,
}: {
  initial: StatisticsFilterValues;
  eventTypes: readonly Option[];
  cityGroups: readonly Option[];
  onApply(f: StatisticsFilterValues): void;
}) {
  const { t, i18n } = useTranslation();
  const lookups = useQuery(lookupsQuery);
  const [f, setF] = useState<StatisticsFilterValues>(initial);
  const name = (o: Option) => (i18n.language === 'en' ? o.nameEn : o.nameAr);
  const l = lookups.data;
  const select = (key: NumberKey, label: TranslationKey, options: { value: string; label: string }[]) => (
    <NativeSelect
      key={key}
      id={`statistics-filter-${key}`}
      label={t(label)}
      {...numberFilter(f, setF, key)}
      data={[{ value: '', label: t('statistics.any') }, ...options]}
    />
  );
  const items = (xs: readonly Option[] | undefined) => (xs ?? []).map((x) => ({ value: String(x.id), label: name(x) }));
  const coded = (prefix: string, ids: readonly number[]) =>
    ids.map((id) => ({ value: String(id), label: t(`${prefix}.${id}` as TranslationKey) }));
  const yesNo = [
    { value: '1', label: t('statistics.yes') },
    { value: '0', label: t('statistics.no') },
  ];
  const cities = (l?.cities ?? []).filter((c) => f.regionId === undefined || c.regionId === f.regionId);
  return (
    <FilterPanel
      onSearch={() => onApply(f)}
      onClear={() => {
        setF({});
        onApply({});
      }}
    >
      {select('regionId', 'statistics.filter.region', items(l?.regions))}
      {select('cityId', 'statistics.filter.city', items(cities))}
      {select('reportType', 'statistics.filter.reportType', coded('statistics.reportType', [1, 2, 3]))}
      {select('statusId', 'statistics.filter.status', coded('statistics.regStatus', [1, 2, 3, 5, 6]))}
      {select('genderType', 'statistics.filter.gender', coded('statistics.gender', [1, 2]))}
      {select('isPractioner', 'statistics.filter.practitioner', yesNo)}
      {select('categoryId', 'statistics.filter.category', items(l?.categories))}
      {select('subCategoryLevel1Id', 'statistics.filter.subCategoryLevel1', items(l?.subCategoriesLevel1))}
      {select('subCategoryLevel2Id', 'statistics.filter.subCategoryLevel2', items(l?.subCategoriesLevel2))}
      {select('userExperienceLevelId', 'statistics.filter.experienceLevel', items(l?.experienceLevels))}
      {select('typeId', 'statistics.filter.type', items(eventTypes))}
      {select('isPublic', 'statistics.filter.public', yesNo)}
      {select('eventStatus', 'statistics.filter.eventStatus', coded('statistics.eventStatus', [0, 2, 3, 4]))}
      {select('cityGroupId', 'statistics.filter.cityGroup', items(cityGroups))}
      {(['startDate', 'endDate'] as const).map((key) => (
        <GregorianDateInput
          key={key}
          label={t(`statistics.filter.${key}`)}
          value={f[key]}
          onChange={(v) => setF((o) => ({ ...o, [key]: v }))}
          min={DATE_PICKER_MIN}
          max="2030-12-31"
        />
      ))}
    </FilterPanel>
  );
}

/** The "as of" day: empty for the current figures; a past day answers what the screens showed at its end. */
export function AsOfPicker({ value, onChange }: { value: string | undefined; onChange(v: string | undefined): void }) {
  const { t } = useTranslation();
  return (
    <Group align="end" gap="md">
      <GregorianDateInput
        label={t('statistics.asOf')}
        description={t('statistics.asOfHint')}
        value={value}
        onChange={onChange}
        min="2000-01-01"
        max={todayIso()}
        id="statistics-as-of"
      />
      <Text size="sm" c="dimmed" role="status" data-testid="statistics-as-of-shown">
        {value ? t('statistics.asOfShown', { date: value }) : t('statistics.refreshHint')}
      </Text>
    </Group>
  );
}
