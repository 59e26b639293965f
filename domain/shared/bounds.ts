/** PostgreSQL int4: the read models' id, count and capacity columns hold no more. */
export const INT4_MAX = 2_147_483_647;

/** A whole number from 1 to int4's maximum (capacities, counts). */
export const isCount = (n: number) => Number.isInteger(n) && n >= 1 && n <= INT4_MAX;
/** A whole number from 0 to int4's maximum (ids, targets). */
export const isInt4Id = (n: number) => Number.isInteger(n) && n >= 0 && n <= INT4_MAX;

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/**
 * A strict ISO timestamp with its zone (Z or ±HH:MM) on a day that exists: Date.parse alone would roll
 * 2026-11-31 over to December and take a bare time of day on some engines.
 */
export function isTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return (
    at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d && !Number.isNaN(Date.parse(s))
  );
}
