/**
 * Periods of the KPI comparison (spec document 2, sections 5 and 9: selection and base by year, half year, quarter
 * or month) and the validity periods of the statistics read model. Pure: days are ISO `YYYY-MM-DD`, UTC.
 */

export const PERIOD_KINDS = ['year', 'half', 'quarter', 'month'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

/** How many periods of a kind a year holds (the index runs 1 … this). */
export const PERIODS_IN_YEAR: Record<PeriodKind, number> = { year: 1, half: 2, quarter: 4, month: 12 };
const MONTHS: Record<PeriodKind, number> = { year: 12, half: 6, quarter: 3, month: 1 };

export interface Period {
  kind: PeriodKind;
  year: number;
  /** 1-based: half 1–2, quarter 1–4, month 1–12; always 1 for a year. */
  index: number;
}

/** A half-open day range [from, to): `to` is the first day after the period. */
export interface DayRange {
  from: string;
  to: string;
}

const iso = (year: number, month0: number) => new Date(Date.UTC(year, month0, 1)).toISOString().slice(0, 10);

export function isValidPeriod(p: Period): boolean {
  return (
    Number.isInteger(p.year) &&
    p.year >= 1950 &&
    p.year <= 2100 &&
    Number.isInteger(p.index) &&
    p.index >= 1 &&
    p.index <= PERIODS_IN_YEAR[p.kind]
  );
}

/** The days a period covers: Q2 2025 → [2025-04-01, 2025-07-01); H2 2024 → [2024-07-01, 2025-01-01). */
export function periodRange(p: Period): DayRange {
  const months = MONTHS[p.kind];
  const start = (p.index - 1) * months;
  return { from: iso(p.year, start), to: iso(p.year, start + months) };
}

/** The period of a kind holding a day (2025-05-31, quarter → Q2 2025). */
export function periodOf(kind: PeriodKind, day: string): Period {
  const year = Number(day.slice(0, 4));
  const month0 = Number(day.slice(5, 7)) - 1;
  return { kind, year, index: Math.floor(month0 / MONTHS[kind]) + 1 };
}

/** The period just before (Q1 2025 → Q4 2024): the default base of a comparison. */
export function previousPeriod(p: Period): Period {
  if (p.index > 1) return { ...p, index: p.index - 1 };
  return { kind: p.kind, year: p.year - 1, index: PERIODS_IN_YEAR[p.kind] };
}

/** A figure's change from the base to the selection: absolute, and in percent of the base (null when the base is 0). */
export function change(selection: number, base: number): { absolute: number; percent: number | null } {
  const absolute = round2(selection - base);
  return { absolute, percent: base === 0 ? null : round2(((selection - base) / base) * 100) };
}

/** Percentage of a part in a whole, two decimals; 0 for an empty whole. */
export function percentage(part: number, whole: number): number {
  return whole === 0 ? 0 : round2((part / whole) * 100);
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Validity of a fact row's versions: a new version starts when its event occurred, but never before the version it
 * replaces started (an event whose clock is behind an earlier one's must not make a period end before it began).
 * The replaced version ends where the new one starts.
 */
export function nextValidFrom(previousFrom: string | null, occurredAt: string): string {
  if (previousFrom === null) return occurredAt;
  return Date.parse(occurredAt) < Date.parse(previousFrom) ? previousFrom : occurredAt;
}

/** Whether a version [from, to) is the one in force at `asOf` (null: now, the open version). */
export function validAt(v: { from: string; to: string | null }, asOf: string | null): boolean {
  if (asOf === null) return v.to === null;
  const t = Date.parse(asOf);
  return Date.parse(v.from) <= t && (v.to === null || Date.parse(v.to) > t);
}
