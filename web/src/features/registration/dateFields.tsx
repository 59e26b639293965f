import { Group, NativeSelect, Radio, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarDate } from '../../../../domain/registration/form.ts';
import { gregorianOf, isIsoDate } from '../../../../domain/registration/rules.ts';
import { useLanguageStore } from '../../app/stores/language.ts';
import { GregorianDateInput } from '../../components/form/GregorianDateInput.tsx';
import {
  formatCalendarDate,
  HIJRI_MONTHS,
  hijriOf,
  hijriParts,
  hijriValue,
  hijriYears,
  switchCalendar,
} from './dates.ts';
import { asNumber, asText, RegField } from './fields.tsx';

/** A date field's props: a day as an ISO text (`DateField`) or a day in either calendar (`CalendarDateField`). */
interface DateProps<V> {
  path: string;
  value: V | undefined;
  onChange(value: V | undefined): void;
  /** Bounds as Gregorian ISO days, for both calendars. */
  min: string;
  max: string;
  required?: boolean;
}

/** A Gregorian day (Mantine's date input, bounded calendar), with its Hijri equivalent underneath. */
export function DateField({ path, value, onChange, min, max, required }: DateProps<string>) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const description = isIsoDate(value) ? t('reg.equivalent', { date: hijriOf(value, lang, t) }) : undefined;
  return (
    <RegField path={path} required={required} description={description}>
      {({ wrapper }) => <GregorianDateInput {...wrapper} value={value} onChange={onChange} min={min} max={max} />}
    </RegField>
  );
}

/**
 * A date the user may give in the Gregorian or the Hijri calendar; the chosen one is stored as `{ calendar, value }`
 * and the other is shown as the equivalent. Gregorian on Mantine's date input; Hijri three selects beside it.
 */
export function CalendarDateField({ path, value, onChange, min, max, required }: DateProps<CalendarDate>) {
  const { t } = useTranslation();
  const lang = useLanguageStore((s) => s.lang);
  const [chosen, setChosen] = useState<CalendarDate['calendar']>(value?.calendar ?? 'gregorian');
  const calendar = value?.calendar ?? chosen;
  // A Hijri date is stored only once day, month and year are all chosen; until then the parts live here.
  const [draftParts, setDraftParts] = useState<{ y?: number; m?: number; d?: number }>({});
  const stored = value?.calendar === 'hijri' ? hijriParts(value.value) : null;
  const parts = stored ? { y: stored[0], m: stored[1], d: stored[2] } : draftParts;

  function setCalendar(next: CalendarDate['calendar']) {
    setChosen(next);
    setDraftParts({});
    onChange(switchCalendar(value, next));
  }

  function setPart(part: 'y' | 'm' | 'd', n: number | undefined) {
    const next = { ...parts, [part]: n };
    setDraftParts(next);
    onChange(next.y && next.m && next.d ? { calendar: 'hijri', value: hijriValue(next.y, next.m, next.d) } : undefined);
  }

  const shown = value && gregorianOf(value) ? formatCalendarDate(value, lang, t) : null;
  const numbers = (ns: readonly number[]) => ns.map((n) => ({ value: String(n), label: String(n) }));
  // The Hijri date's selects, day, month and year, each with its choices and width.
  const hijriSelects = [
    { part: 'd', label: t('reg.date.day'), options: numbers(Array.from({ length: 30 }, (_, i) => i + 1)), w: 72 },
    {
      part: 'm',
      label: t('reg.date.month'),
      options: HIJRI_MONTHS.map((m) => ({ value: String(m), label: t(`reg.hijriMonth.${m}`) })),
      w: 140,
    },
    { part: 'y', label: t('reg.date.year'), options: numbers(hijriYears(min, max)), w: 88 },
  ] as const;

  return (
    <RegField
      path={path}
      required={required}
      kind="group"
      idOnControl
      description={shown?.equivalent ? t('reg.equivalent', { date: shown.equivalent }) : undefined}
    >
      {({ wrapper, control }) => (
        <Group gap="md" align="flex-end" wrap="wrap" mt={4}>
          <fieldset className="reg-date-group">
            <VisuallyHidden component="legend">{t('reg.calendar.label')}</VisuallyHidden>
            <Group gap="md" h={36} wrap="nowrap">
              {(['gregorian', 'hijri'] as const).map((c) => (
                <Radio
                  key={c}
                  name={`${wrapper.id}-calendar`}
                  value={c}
                  checked={calendar === c}
                  onChange={() => setCalendar(c)}
                  label={t(`reg.calendar.${c}`)}
                />
              ))}
            </Group>
          </fieldset>
          {calendar === 'gregorian' ? (
            <GregorianDateInput
              id={wrapper.id}
              aria-label={`${wrapper.label}: ${t('reg.calendar.gregorianDate')}`}
              error={control.invalid}
              required={required}
              w={220}
              min={min}
              max={max}
              value={value?.calendar === 'gregorian' ? value.value : undefined}
              onChange={(day) => onChange(day === undefined ? undefined : { calendar: 'gregorian', value: day })}
            />
          ) : (
            <Group gap="xs" wrap="nowrap" align="flex-end">
              {hijriSelects.map(({ part, label, options, w }) => (
                <NativeSelect
                  key={part}
                  // The day stands for the field: links and focus land on it.
                  id={part === 'd' ? wrapper.id : undefined}
                  label={label}
                  error={control.invalid}
                  value={asText(parts[part])}
                  onChange={(e) => setPart(part, asNumber(e.currentTarget.value))}
                  data={[{ value: '', label: '—' }, ...options]}
                  w={w}
                />
              ))}
            </Group>
          )}
        </Group>
      )}
    </RegField>
  );
}
