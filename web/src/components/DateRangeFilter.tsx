import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DateRange {
  /** Gregorian day, YYYY-MM-DD (the value of <input type="date">). */
  from?: string;
  to?: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A range is valid when each end is empty or a real day, and the start is not after the end. */
export function isDateRangeValid({ from, to }: DateRange): boolean {
  if (from && !isDay(from)) return false;
  if (to && !isDay(to)) return false;
  return !(from && to && from > to);
}

function isDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/**
 * Two Gregorian date inputs (from, to), two cells of a filter panel's grid. The pickers refuse an end before the start (min/max),
 * and a typed one is flagged on the "to" input; the panel refuses to search while `isDateRangeValid` is false.
 */
export function DateRangeFilter({
  value,
  onChange,
  fromLabel,
  toLabel,
}: {
  value: DateRange;
  onChange(next: DateRange): void;
  fromLabel?: string;
  toLabel?: string;
}) {
  const { t } = useTranslation();
  const reversed = Boolean(value.from && value.to && value.from > value.to);
  const set = (key: keyof DateRange, v: string) => {
    const next = { ...value };
    if (v === '') delete next[key];
    else next[key] = v;
    onChange(next);
  };
  return (
    <>
      <TextInput
        type="date"
        label={fromLabel ?? t('dateRange.from')}
        value={value.from ?? ''}
        max={value.to}
        onChange={(e) => set('from', e.currentTarget.value)}
      />
      <TextInput
        type="date"
        label={toLabel ?? t('dateRange.to')}
        value={value.to ?? ''}
        min={value.from}
        error={reversed ? t('dateRange.order') : undefined}
        onChange={(e) => set('to', e.currentTarget.value)}
      />
    </>
  );
}
