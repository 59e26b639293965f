/** Calendar days in the Gregorian and Umm al-Qura (Hijri) calendars: the registration's dates and the identity's. */

export interface CalendarDate {
  calendar: 'gregorian' | 'hijri';
  /** `YYYY-MM-DD` in the chosen calendar (Hijri months 1–12 of the Umm al-Qura calendar). */
  value: string;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(s: string | undefined): s is string {
  const m = s ? ISO.exec(s) : null;
  if (!m) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

const hijriParts = new Intl.DateTimeFormat('en-US-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Umm al-Qura date of a Gregorian day, as [year, month, day]. */
export function toHijri(gregorian: Date): [number, number, number] {
  const parts = hijriParts.formatToParts(gregorian);
  const n = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return [n('year'), n('month'), n('day')];
}

const hijriCache = new Map<string, string | null>();
const HIJRI_CACHE_MAX = 5000;

/**
 * The Gregorian ISO day of an Umm al-Qura date, or null when there is no such day. A binary search over days (about
 * 17 Intl calls), remembered: the same dates come back on every validation of a form.
 */
export function hijriToGregorian(hijri: string): string | null {
  const hit = hijriCache.get(hijri);
  if (hit !== undefined) return hit;
  const result = searchHijri(hijri);
  if (hijriCache.size >= HIJRI_CACHE_MAX) hijriCache.delete(hijriCache.keys().next().value!);
  hijriCache.set(hijri, result);
  return result;
}

function searchHijri(hijri: string): string | null {
  const m = ISO.exec(hijri);
  if (!m) return null;
  const target = [Number(m[1]), Number(m[2]), Number(m[3])] as const;
  const cmp = (a: readonly number[], b: readonly number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  let lo = Date.UTC(1900, 0, 1) / 86_400_000;
  let hi = Date.UTC(2100, 0, 1) / 86_400_000;
  while (lo <= hi) {
    const mid = Math.floor((lo + hi) / 2);
    const c = cmp(toHijri(new Date(mid * 86_400_000)), target);
    if (c === 0) return new Date(mid * 86_400_000).toISOString().slice(0, 10);
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** A form date in Gregorian ISO, whichever calendar it was entered in; null when invalid. */
export function gregorianOf(d: CalendarDate | undefined): string | null {
  if (!d) return null;
  if (d.calendar === 'gregorian') return isIsoDate(d.value) ? d.value : null;
  return hijriToGregorian(d.value);
}
