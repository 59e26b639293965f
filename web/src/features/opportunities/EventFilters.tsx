import { NativeSelect, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageStore } from '../../app/stores/language.ts';
import { FilterPanel } from '../../components/FilterPanel.tsx';
import { lookupName, lookupsQuery } from '../registration/index.ts';
import { useActiveEventsLabel } from './EventsNav.tsx';
import { statusKey } from './format.ts';
import { ATTENDANCE_TYPES, EVENT_STATUSES, type EventsSearch } from './search.ts';

export type EventFilterValues = Omit<EventsSearch, 'page' | 'view'>;

/**
 * The events lists' filter panel (public, ongoing, closed and private lists): status, region, city (of the chosen
 * region), event type, attendance and code, on the shared FilterPanel. Search hands the filled values to the page.
 */
export function EventFilters({
  initial,
  withStatus,
  onApply,
  onClear,
}: {
  initial: EventsSearch;
  /** Off on the pages whose status is fixed. */
  withStatus: boolean;
  onApply(f: EventFilterValues): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const activeLabel = useActiveEventsLabel();
  const lookups = useQuery(lookupsQuery);
  const [f, setF] = useState<EventFilterValues>({
    status: initial.status,
    regionId: initial.regionId,
    cityId: initial.cityId,
    eventTypeId: initial.eventTypeId,
    attendanceType: initial.attendanceType,
    code: initial.code,
  });
  const all = { value: '', label: t('events.filter.all') };
  const num = (v: string) => (v === '' ? undefined : Number(v));
  const regions = lookups.data?.regions ?? [];
  const cities = (lookups.data?.cities ?? []).filter((c) => f.regionId === undefined || c.regionId === f.regionId);

  function search() {
    const out: EventFilterValues = {};
    for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') (out as Record<string, unknown>)[k] = v;
    onApply(out);
  }

  return (
    <FilterPanel title={t('events.filters')} cols={withStatus ? 6 : 5} onSearch={search} onClear={onClear}>
      {withStatus && (
        <NativeSelect
          label={t('events.filter.status')}
          value={f.status === undefined ? '' : String(f.status)}
          onChange={(e) => setF({ ...f, status: num(e.currentTarget.value) as 0 | 2 | 3 | undefined })}
          data={[all, ...EVENT_STATUSES.map((s) => ({ value: String(s), label: t(statusKey(s, activeLabel)) }))]}
        />
      )}
      <NativeSelect
        label={t('events.filter.region')}
        value={f.regionId === undefined ? '' : String(f.regionId)}
        onChange={(e) => setF({ ...f, regionId: num(e.currentTarget.value), cityId: undefined })}
        data={[all, ...regions.map((r) => ({ value: String(r.id), label: lookupName(r, lang) }))]}
      />
      <NativeSelect
        label={t('events.filter.city')}
        value={f.cityId === undefined ? '' : String(f.cityId)}
        onChange={(e) => setF({ ...f, cityId: num(e.currentTarget.value) })}
        data={[all, ...cities.map((c) => ({ value: String(c.id), label: lookupName(c, lang) }))]}
      />
      <NativeSelect
        label={t('events.filter.eventType')}
        value={f.eventTypeId === undefined ? '' : String(f.eventTypeId)}
        onChange={(e) => setF({ ...f, eventTypeId: num(e.currentTarget.value) })}
        data={[
          all,
          ...(lookups.data?.eventTypes ?? []).map((x) => ({ value: String(x.id), label: lookupName(x, lang) })),
        ]}
      />
      <NativeSelect
        label={t('events.filter.attendance')}
        value={f.attendanceType === undefined ? '' : String(f.attendanceType)}
        onChange={(e) => setF({ ...f, attendanceType: num(e.currentTarget.value) as 1 | 2 | 3 | undefined })}
        data={[all, ...ATTENDANCE_TYPES.map((a) => ({ value: String(a), label: t(`events.attendance.${a}`) }))]}
      />
      <TextInput
        label={t('events.filter.code')}
        value={f.code ?? ''}
        maxLength={30}
        dir="ltr"
        onChange={(e) => setF({ ...f, code: e.currentTarget.value.trim() || undefined })}
      />
    </FilterPanel>
  );
}
