import { NativeSelect, SimpleGrid } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { choices, numberChoices } from '../../../lib/filterFields.ts';
import type { ManageParams } from '../api.ts';
import { EventCodeFilter } from '../EventFilters.tsx';

const STATUSES = [0, 2, 3, 4] as const;
const APPROVALS = ['pending', 'approved', 'rejected', 'pendingDelete'] as const;
const VISIBILITIES = [0, 1, 2, 3] as const;
export const MANAGE_PAGE_SIZES = [5, 10, 15, 20] as const;

export type ManageFilterValues = Omit<ManageParams, 'page'>;

/** The staff list's filters: status (deleted too), approval, visibility, code, and the page size (5–20). */
export function ManageFilters({
  value,
  onChange,
}: {
  value: ManageFilterValues;
  onChange(v: ManageFilterValues): void;
}) {
  const { t } = useTranslation();
  const all = { value: '', label: t('events.filter.all') };
  const setValue: Dispatch<SetStateAction<ManageFilterValues>> = (next) =>
    onChange(typeof next === 'function' ? next(value) : next);
  const choose = numberChoices(value, setValue, all.label);
  const statuses = choices(STATUSES, (s) => t(`events.status.${s}`));
  const visibilities = choices(VISIBILITIES, (v) => t(`events.visibility.${v}`));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" data-testid="manage-filters">
      <NativeSelect label={t('events.filter.status')} {...choose('status', statuses)} />
      <NativeSelect
        label={t('manage.filter.approval')}
        value={value.approval ?? ''}
        onChange={(e) =>
          onChange({ ...value, approval: (e.currentTarget.value || undefined) as ManageFilterValues['approval'] })
        }
        data={[all, ...choices(APPROVALS, (a) => t(`events.approval.${a}`))]}
      />
      <NativeSelect label={t('manage.filter.visibility')} {...choose('visibility', visibilities)} />
      <EventCodeFilter value={value.code} onChange={(code) => onChange({ ...value, code })} />
      <NativeSelect
        label={t('manage.filter.pageSize')}
        value={String(value.pageSize)}
        onChange={(e) => onChange({ ...value, pageSize: Number(e.currentTarget.value) as ManageParams['pageSize'] })}
        data={choices(MANAGE_PAGE_SIZES, String)}
      />
    </SimpleGrid>
  );
}
