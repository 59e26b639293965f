/**
 * Safe values for read-model columns. The log keeps events that older API versions let through (a time of day where
 * a timestamp belongs, 2023-02-30, ids past int4, NUL in text); a projection passes event values through these so
 * such an event still applies, with the column empty (or clamped where that keeps the meaning), instead of failing.
 */

const INT4_MIN = -2147483648;
const INT4_MAX = 2147483647;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDay(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m);
}

/** A calendar date (YYYY-MM-DD) that exists, else null (2023-02-30, 2023-13-01, a time of day). */
export function date(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = ISO_DATE.exec(v);
  return m && validDay(Number(m[1]), Number(m[2]), Number(m[3])) ? v : null;
}

/**
 * For a date column that cannot be empty: a day past its month's end becomes the month's last day (2023-02-30 →
 * 2023-02-28, the user's evident meaning); anything else that is not a date is null.
 */
export function dateClamped(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = ISO_DATE.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return null;
  const last = daysIn(y, mo);
  return d <= last ? v : `${m[1]}-${m[2]}-${String(last).padStart(2, '0')}`;
}

/** An ISO date-time (or date) PostgreSQL reads as a timestamptz, else null: a bare time of day, an impossible date. */
export function timestamp(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const m = ISO_TIMESTAMP.exec(v);
  if (!m || !validDay(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return null;
  return Number.isNaN(Date.parse(v.replace(' ', 'T'))) ? null : v;
}

/** An integer an int4 column holds, else null (2^40, 1.5, "x"). Digit strings count: the column would take them. */
export function int4(v: unknown): number | null {
  const n = typeof v === 'string' && /^-?\d{1,10}$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX ? n : null;
}

/** A capacity or count for an int4 column: past the column's range it is as good as unlimited, so it is clamped. */
export function int4Clamped(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return Math.min(INT4_MAX, Math.max(INT4_MIN, v));
  return int4(v);
}

/** The ids of an int4[] column: those that fit (a non-array is empty). */
export function int4Array(v: unknown): number[] {
  if (!Array.isArray(v)) return [];
  return v.map(int4).filter((n): n is number => n !== null);
}

/**
 * The value with NUL characters taken out of every string, deeply (text and jsonb columns refuse them). The same
 * object when there is none, so clean events cost no copy.
 */
export function withoutNul<T>(v: T): T {
  if (typeof v === 'string') return (v.includes('\u0000') ? v.replaceAll('\u0000', '') : v) as T;
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = withoutNul(v[i]);
      if (x !== v[i]) {
        out ??= v.slice();
        out[i] = x;
      }
    }
    return (out ?? v) as T;
  }
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    let out: Record<string, unknown> | null = null;
    for (const [k, x] of Object.entries(v)) {
      const y = withoutNul(x);
      const key = withoutNul(k);
      if (y !== x || key !== k) {
        out ??= { ...(v as Record<string, unknown>) };
        if (key !== k) delete out[k];
        out[key] = y;
      }
    }
    return (out ?? v) as T;
  }
  return v;
}
