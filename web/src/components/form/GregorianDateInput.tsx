import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/ar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ARABIC_INDIC = /[٠-٩]/g;

/**
 * A typed day as ISO "YYYY-MM-DD", or null. Arabic-Indic digits count (the Arabic page shows them), and a day that
 * does not exist (2026-02-30) is null rather than rolled over into the next month.
 */
export function parseIsoDay(text: string): string | null {
  const latin = text.trim().replace(ARABIC_INDIC, (d) => String(d.charCodeAt(0) - 0x0660));
  if (!ISO_DAY.test(latin)) return null;
  const date = new Date(`${latin}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === latin ? latin : null;
}

export type GregorianDateInputProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'minDate' | 'maxDate' | 'valueFormat' | 'dateParser' | 'locale'
> & {
  value: string | undefined;
  onChange(value: string | undefined): void;
  /** Bounds of the calendar, ISO days. A day typed outside them still reaches the form, whose rule names it. */
  min: string;
  max: string;
};

/**
 * A Gregorian day on @mantine/dates: typed as YYYY-MM-DD or picked from a calendar in the page's language (month and
 * day names, first day of the week, right to left in Arabic). The value is the ISO day the domain's rules take.
 * Spread a FormField's `wrapper` on it for its label, hint and error.
 */
export function GregorianDateInput({ value, onChange, min, max, onFocus, onBlur, ...rest }: GregorianDateInputProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ar';
  // The calendar belongs to the focused input: a value set without focus (autofill, a script) leaves it closed.
  const [focused, setFocused] = useState(false);
  return (
    <DateInput
      {...rest}
      popoverProps={{ withinPortal: false, ...rest.popoverProps, ...(focused ? {} : { opened: false }) }}
      ariaLabels={{
        previousMonth: t('datePicker.previousMonth'),
        nextMonth: t('datePicker.nextMonth'),
        previousYear: t('datePicker.previousYear'),
        nextYear: t('datePicker.nextYear'),
        previousDecade: t('datePicker.previousDecade'),
        nextDecade: t('datePicker.nextDecade'),
        ...rest.ariaLabels,
      }}
      onFocus={(e) => {
        setFocused(true);
        onFocus?.(e);
      }}
      onBlur={(e) => {
        setFocused(false);
        onBlur?.(e);
      }}
      locale={locale}
      valueFormat="YYYY-MM-DD"
      dateParser={parseIsoDay}
      allowDeselect
      fixOnBlur
      // Out-of-range days are greyed in the calendar, not refused while typing: the rule says why they are wrong.
      excludeDate={(day) => day < min || day > max}
      defaultDate={value ?? (max < todayIso() ? max : undefined)}
      value={value ?? null}
      onChange={(day) => onChange(day ?? undefined)}
    />
  );
}

const todayIso = () => new Date().toISOString().slice(0, 10);
