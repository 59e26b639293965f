import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { numberFilter } from '../../../lib/filterFields.ts';
import type { ManageParams } from '../api.ts';

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
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }} spacing="sm" data-testid="manage-filters">
      <NativeSelect
        label={t('events.filter.status')}
        {...numberFilter(value, setValue, 'status')}
        data={[all, ...STATUSES.map((s) => ({ value: String(s), label: t(`events.status.${s}`) }))]}
      />
      <NativeSelect
        label={t('manage.filter.approval')}
        value={value.approval ?? ''}
        onChange={(e) =>
          onChange({ ...value, approval: (e.currentTarget.value || undefined) as ManageFilterValues['approval'] })
        }
        data={[all, ...APPROVALS.map((a) => ({ value: a, label: t(`events.approval.${a}`) }))]}
      />
      <NativeSelect
        label={t('manage.filter.visibility')}
        {...numberFilter(value, setValue, 'visibility')}
        data={[all, ...VISIBILITIES.map((v) => ({ value: String(v), label: t(`events.visibility.${v}`) }))]}
      />
      <TextInput
        label={t('events.filter.code')}
        value={value.code ?? ''}
        maxLength={30}
        dir="ltr"
        onChange={(e) => onChange({ ...value, code: e.currentTarget.value.trim() || undefined })}
      />
      <NativeSelect
        label={t('manage.filter.pageSize')}
        value={String(value.pageSize)}
        onChange={(e) => onChange({ ...value, pageSize: Number(e.currentTarget.value) as ManageParams['pageSize'] })}
        data={MANAGE_PAGE_SIZES.map((n) => ({ value: String(n), label: String(n) }))}
      />
    </SimpleGrid>
  );
}
