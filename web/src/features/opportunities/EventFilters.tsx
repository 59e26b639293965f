import { NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '../../app/i18n/index.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { FilterPanel, type FiltersProps } from '../../components/FilterPanel.tsx';
import { type Choice, choices, idChoices, numberChoices } from '../../lib/filterFields.ts';
import { type Lookup, lookupName, lookupsQuery } from '../registration/index.ts';
import { useActiveEventsLabel } from './EventsNav.tsx';
import { statusKey } from './format.ts';
import { ATTENDANCE_TYPES, EVENT_STATUSES, type EventsSearch, TIME_PERIODS, WEEK_DAYS } from './search.ts';

export type EventFilterValues = Omit<EventsSearch, 'page' | 'view'>;

/** The filters chosen from a list of ids (lookups) or of fixed values. */
type ChoiceKey = Exclude<keyof EventFilterValues, 'code'>;

/**
 * The events lists' filter panel (public, ongoing, closed and private lists), every filter of the spec: status,
 * region, city (of the chosen region), event type, presence, time period, day, category, work field group, work field
 * and code, on the shared FilterPanel. Search hands the filled values to the page.
 */
export function EventFilters({
  initial,
  withStatus,
  onApply,
  onClear,
}: FiltersProps<EventFilterValues> & {
  /** Off on the pages whose status is fixed. */
  withStatus: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const activeLabel = useActiveEventsLabel();
  const lookups = useQuery(lookupsQuery).data;
  // The private list's search also holds its page size: not a filter.
  const { page: _page, view: _view, pageSize: _size, ...filters } = initial as EventsSearch & { pageSize?: number };
  const [f, setF] = useState<EventFilterValues>(filters);
  const choose = numberChoices(f, setF, t('events.filter.all'));
  const named = (items: Lookup[] | undefined) => idChoices(items, (x) => lookupName(x, lang));
  const fixed = (values: readonly number[], key: (v: number) => TranslationKey) => choices(values, (v) => t(key(v)));
  const cities = (lookups?.cities ?? []).filter((c) => f.regionId === undefined || c.regionId === f.regionId);

  /** A select of one filter; `adjust` is what choosing changes besides (the city of another region dropped). */
  const choice = (
    key: ChoiceKey,
    label: TranslationKey,
    options: Choice[],
    adjust?: (next: EventFilterValues) => EventFilterValues,
  ) => <NativeSelect key={key} label={t(label)} {...choose(key, options, adjust)} />;

  function search() {
    const out: EventFilterValues = {};
    for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') (out as Record<string, unknown>)[k] = v;
    onApply(out);
  }

  return (
    <FilterPanel title={t('events.filters')} cols={4} onSearch={search} onClear={onClear}>
      {withStatus &&
        choice(
          'status',
          'events.filter.status',
          fixed(EVENT_STATUSES, (s) => statusKey(s, activeLabel)),
        )}
      {choice('regionId', 'events.filter.region', named(lookups?.regions), (next) => ({ ...next, cityId: undefined }))}
      {choice('cityId', 'events.filter.city', named(cities))}
      {choice('eventTypeId', 'events.filter.eventType', named(lookups?.eventTypes))}
      {choice(
        'attendanceType',
        'events.filter.attendance',
        fixed(ATTENDANCE_TYPES, (a) => `events.attendance.${a}` as TranslationKey),
      )}
      {choice(
        'timePeriod',
        'events.filter.timePeriod',
        fixed(TIME_PERIODS, (p) => `events.period.${p}` as TranslationKey),
      )}
      {choice(
        'day',
        'events.filter.day',
        fixed(WEEK_DAYS, (d) => `events.day.${d}` as TranslationKey),
      )}
      {choice('categoryId', 'events.filter.category', named(lookups?.categories))}
      {choice('workFieldGroupId', 'events.filter.workFieldGroup', named(lookups?.workFieldGroups))}
      {choice('workFieldId', 'events.filter.workField', named(lookups?.workFields))}
      <EventCodeFilter value={f.code} onChange={(code) => setF({ ...f, code })} />
    </FilterPanel>
  );
}

/** The event code filter of both events lists' panels: written left to right, blanks left out. */
export function EventCodeFilter({ value, onChange }: { value?: string; onChange(code: string | undefined): void }) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('events.filter.code')}
      value={value ?? ''}
      maxLength={30}
      dir="ltr"
      onChange={(e) => onChange(e.currentTarget.value.trim() || undefined)}
    />
  );
}
