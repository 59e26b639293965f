import type { Lang } from '../../../../api/contracts/common.ts';

// The events calendar's month grid and its wording. Days are calendar days ("2026-12-05"), computed in UTC so that no
// time zone moves an event to another day.

/** Spec: volunteering days run Saturday to Friday, so weeks start on Saturday (Date#getUTCDay: 6). */
export const WEEK_START = 6;
/** A day shows this many events, then "+N more". */
export const MAX_PER_DAY = 3;

/** The spec's date culture: Arabic-Egypt in Arabic (Arabic-Indic digits, Gregorian months), British English otherwise. */
export function calendarLocale(lang: Lang): string {
  return lang === 'ar' ? 'ar-EG' : 'en-GB';
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
const utc = (iso: string) => new Date(`${iso.slice(0, 10)}T00:00:00Z`);

/** "2026-12" → year and month (1–12). */
function parts(month: string): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** The month of a local date ("today" in the browser's time zone), as "YYYY-MM". */
export function monthOf(now: Date): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}`;
}

/** The month `delta` months after `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = parts(month);
  const at = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}`;
}

/** The day `delta` days after `day`. */
export function addDays(day: string, delta: number): string {
  const at = utc(day);
  at.setUTCDate(at.getUTCDate() + delta);
  return isoOf(at);
}

/** First and last day of the month. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = parts(month);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${pad(last)}` };
}

export interface GridDay {
  iso: string;
  day: number;
  /** Sunday 0 … Saturday 6. */
  weekday: number;
}

/** The month as weeks of seven cells from Saturday to Friday; cells before the 1st and after the last day are null. */
export function monthGrid(month: string): (GridDay | null)[][] {
  const { from, to } = monthRange(month);
  const first = utc(from);
  const days = utc(to).getUTCDate();
  const lead = (first.getUTCDay() - WEEK_START + 7) % 7;
  const cells: (GridDay | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) {
    const iso = `${month}-${pad(d)}`;
    cells.push({ iso, day: d, weekday: utc(iso).getUTCDay() });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (GridDay | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Each day of the month with the events on it: an event is on every day from its start to its end inside the month. */
export function eventsByDay<T extends { id: string; startDate: string; endDate: string }>(
  events: readonly T[],
  month: string,
): Map<string, T[]> {
  const { from, to } = monthRange(month);
  const byDay = new Map<string, T[]>();
  const sorted = [...events].sort((a, b) =>
    a.startDate === b.startDate ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.startDate < b.startDate ? -1 : 1,
  );
  for (const e of sorted) {
    // ISO days compare as strings: clip the event to the month.
    let start = e.startDate.slice(0, 10);
    if (start < from) start = from;
    let end = e.endDate.slice(0, 10);
    if (end > to) end = to;
    for (let day = start; day <= end; day = addDays(day, 1)) {
      const list = byDay.get(day);
      if (list) list.push(e);
      else byDay.set(day, [e]);
    }
  }
  return byDay;
}

/** The first MAX_PER_DAY events of a day and how many more there are. */
export function visibleEvents<T>(list: readonly T[], expanded: boolean): { shown: T[]; more: number } {
  if (expanded || list.length <= MAX_PER_DAY) return { shown: [...list], more: 0 };
  return { shown: list.slice(0, MAX_PER_DAY), more: list.length - MAX_PER_DAY };
}

/** "December 2026" / "ديسمبر ٢٠٢٦". */
export function monthTitle(month: string, lang: Lang): string {
  const [y, m] = parts(month);
  return new Intl.DateTimeFormat(calendarLocale(lang), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, 1)),
  );
}

/** The seven weekday names from Saturday, long and short ("Saturday", "Sat"). */
export function weekdayNames(lang: Lang): { long: string; short: string }[] {
  const long = new Intl.DateTimeFormat(calendarLocale(lang), { weekday: 'long', timeZone: 'UTC' });
  const short = new Intl.DateTimeFormat(calendarLocale(lang), { weekday: 'short', timeZone: 'UTC' });
  // 1 January 2000 was a Saturday.
  return Array.from({ length: 7 }, (_, i) => {
    const at = new Date(Date.UTC(2000, 0, 1 + i));
    return { long: long.format(at), short: short.format(at) };
  });
}

/** A number in the calendar's culture ("5" / "٥"). */
export function calendarNumber(n: number, lang: Lang): string {
  return new Intl.NumberFormat(calendarLocale(lang), { useGrouping: false }).format(n);
}

/** The full date a screen reader hears: "Saturday, 5 December 2026" / "السبت، ٥ ديسمبر ٢٠٢٦". */
export function fullDate(day: string, lang: Lang): string {
  return new Intl.DateTimeFormat(calendarLocale(lang), { dateStyle: 'full', timeZone: 'UTC' }).format(utc(day));
}
