import type { TFunction } from 'i18next';
import type { Lang } from '../../../../api/contracts/common.ts';
import type { CalendarDate } from '../../../../domain/registration/form.ts';
import { gregorianOf, hijriToGregorian, isIsoDate, toHijri } from '../../../../domain/registration/rules.ts';
import { intlLocale } from '../../app/i18n/index.ts';

const HIJRI_MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
export type HijriMonth = (typeof HIJRI_MONTHS)[number];
export { HIJRI_MONTHS };

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** Today as an ISO day (the browser's clock, UTC as the rules use it). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  return new Date(utc(iso).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The smaller of two ISO days. */
export function minIso(a: string, b: string): string {
  return a < b ? a : b;
}

/** Digits in the page's language (Arabic-Indic in Arabic), without grouping: years read 1445, not 1,445. */
export function formatNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { useGrouping: false }).format(n);
}

/** A Gregorian ISO day as "15 March 1996" / "١٥ مارس ١٩٩٦". */
export function formatGregorian(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'long', timeZone: 'UTC' }).format(utc(iso));
}

/** A Hijri [year, month, day] as "25 Ramadan 1416 AH" / "٢٥ رمضان ١٤١٦ هـ", month names from the translations. */
export function formatHijriParts(
  [year, month, day]: readonly [number, number, number],
  lang: Lang,
  t: TFunction,
): string {
  return t('reg.hijriDate', {
    day: formatNumber(day, lang),
    month: t(`reg.hijriMonth.${month as HijriMonth}`),
    year: formatNumber(year, lang),
  });
}

/** The Umm al-Qura equivalent of a Gregorian ISO day (via the domain's toHijri). */
export function hijriOf(iso: string, lang: Lang, t: TFunction): string {
  return formatHijriParts(toHijri(utc(iso)), lang, t);
}

/** Splits a "YYYY-MM-DD" Hijri value into numbers. */
export function hijriParts(value: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

export function hijriValue(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The Hijri years a picker bounded by two Gregorian days offers. */
export function hijriYears(minIso: string, maxIso: string): number[] {
  const first = toHijri(utc(minIso))[0];
  const last = toHijri(utc(maxIso))[0];
  const years: number[] = [];
  for (let y = first; y <= last; y++) years.push(y);
  return years;
}

/** Converts a date to the other calendar, keeping the same day; undefined when it is not a valid day. */
export function switchCalendar(date: CalendarDate | undefined, to: CalendarDate['calendar']): CalendarDate | undefined {
  if (!date || date.calendar === to) return date;
  const gregorian = gregorianOf(date);
  if (!gregorian) return undefined;
  if (to === 'gregorian') return { calendar: 'gregorian', value: gregorian };
  const [y, m, d] = toHijri(utc(gregorian));
  return { calendar: 'hijri', value: hijriValue(y, m, d) };
}

/** A stored calendar date as written in its own calendar, with the equivalent in the other one. */
export function formatCalendarDate(
  date: CalendarDate,
  lang: Lang,
  t: TFunction,
): { main: string; equivalent: string | null } {
  if (date.calendar === 'gregorian') {
    if (!isIsoDate(date.value)) return { main: date.value, equivalent: null };
    return { main: formatGregorian(date.value, lang), equivalent: hijriOf(date.value, lang, t) };
  }
  const parts = hijriParts(date.value);
  const gregorian = hijriToGregorian(date.value);
  if (!parts || !gregorian) return { main: date.value, equivalent: null };
  return { main: formatHijriParts(parts, lang, t), equivalent: formatGregorian(gregorian, lang) };
}

/** Date and time of an instant in the page's language. */
export function formatDateTime(iso: string, lang: Lang): { date: string; time: string } {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return { date: iso, time: '' };
  return {
    date: new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'full' }).format(at),
    time: new Intl.DateTimeFormat(intlLocale(lang), { timeStyle: 'short' }).format(at),
  };
}

/** The local calendar day of an instant, as ISO (for its Hijri equivalent). */
export function localIsoDay(iso: string): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}
