import type { Lang } from '../../../../api/contracts/common.ts';

/** A day in the Umm al-Qura Hijri and the Gregorian calendar (spec: dates in both). */
export function bothCalendars(isoDay: string, lang: Lang): string {
  const d = new Date(`${isoDay.slice(0, 10)}T12:00:00Z`);
  const opts: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
  const base = lang === 'ar' ? 'ar-SA' : 'en-GB';
  const hijri = new Intl.DateTimeFormat(`${base}-u-ca-islamic-umalqura-nu-latn`, opts).format(d);
  const gregorian = new Intl.DateTimeFormat(`${base}-u-ca-gregory-nu-latn`, opts).format(d);
  return `${hijri} (${gregorian})`;
}

export const nameIn = (x: { nameAr: string; nameEn: string }, lang: Lang) =>
  (lang === 'ar' ? x.nameAr : x.nameEn) || x.nameAr || x.nameEn;

export const formatHours = (h: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-GB', { maximumFractionDigits: 2 }).format(h);
