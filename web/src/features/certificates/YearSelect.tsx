import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The year the certificates' panels work on (the hours certificate's, the past events'), among the years given. */
export function YearSelect({
  years,
  value,
  onChange,
}: {
  years: readonly number[];
  value: number;
  onChange(year: number): void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('certs.hours.year')}
      value={String(value)}
      data={years.map(String)}
      onChange={(e) => onChange(Number(e.currentTarget.value))}
    />
  );
}
