import { z } from 'zod';
import {
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  gregorianOf,
  isIsoDate,
  PASSPORT_EXPIRY_MAX,
} from '../../domain/registration/rules.ts';
import { INT4_MAX, isTimestamp } from '../../domain/shared/bounds.ts';
import type { ErrorCode } from '../../domain/shared/errors.ts';

/**
 * The bounded primitives every contract and route schema is built from: what passes them fits the read models'
 * columns and the spec's ranges, so a stored event never makes a projection fail. Each failure carries a catalogue
 * code as its message; api/http/errors.ts answers 422 with it.
 */

export { INT4_MAX };
/** Deepest page a list may ask for: offsets stay small whatever the page size. */
export const MAX_PAGE = 100_000;

const code = <C extends ErrorCode>(c: C) => ({ error: c });
const NUMBER = code('InvalidNumber');
const TEXT = code('InvalidText');
const LONG = code('TextTooLong');
const DATE = code('InvalidDate');
const TIME = code('InvalidTime');

// ---------------------------------------------------------------------------------------------------------------- numbers

/** An integer in [min, max] (int4 by default). */
export const int = (min = 0, max = INT4_MAX) => z.number().int(NUMBER).min(min, NUMBER).max(max, NUMBER);
/** A row id of a lookup or a read model (int4, not negative). */
export const id = int(0, INT4_MAX);
/** A count or a capacity: at least 1, within int4. */
export const count = (max = INT4_MAX) => int(1, max);
/** A finite decimal in [min, max]. */
export const decimal = (min: number, max: number) => z.number().min(min, NUMBER).max(max, NUMBER);

/** An integer from a query string or a path: digits only (no "1e3", "0x10", " 7"), then bounded like int(). */
export const queryInt = (min = 0, max = INT4_MAX) =>
  z
    .string()
    .max(12, NUMBER)
    .regex(/^-?\d+$/, NUMBER)
    .transform(Number)
    .pipe(int(min, max));
/** Integers in [min, max] from one query parameter, comma-separated ("1,3,5"): at most `most`, repeats dropped. */
export const queryIntList = (min: number, max: number, most: number) =>
  z
    .string()
    .max(most * 11, NUMBER)
    .regex(/^\d{1,10}(,\d{1,10})*$/, NUMBER)
    .transform((s) => [...new Set(s.split(',').map(Number))])
    .pipe(z.array(int(min, max)).max(most, NUMBER));
/** A page number of a list (1 … MAX_PAGE), 1 when absent. */
export const page = queryInt(1, MAX_PAGE).default(1);
/** One of the listed integers (page sizes, status filters), from a query string. */
export const queryOneOf = (allowed: readonly number[]) =>
  queryInt(Math.min(...allowed), Math.max(...allowed)).refine((n) => allowed.includes(n), NUMBER);

// ---------------------------------------------------------------------------------------------------------------- text

/**
 * Text the log, PostgreSQL and every reader can hold: well-formed UTF-16 (no lone surrogate), no NUL nor other C0
 * control character nor DEL; multi-line text may hold tab, line feed and carriage return.
 */
export function isCleanText(s: string, multiline = false): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x7f) return false;
    if (c < 0x20 && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) return false;
  }
  return s.isWellFormed();
}

/** A single-line string of at most `max` characters. */
export const text = (max: number) =>
  z
    .string()
    .max(max, LONG)
    .refine((s) => isCleanText(s), TEXT);
/** A multi-line string (descriptions, reviews, notes) of at most `max` characters. */
export const longText = (max: number) =>
  z
    .string()
    .max(max, LONG)
    .refine((s) => isCleanText(s, true), TEXT);
/** An opaque token (stored ids, idempotency keys): ASCII letters, digits, dot, underscore, hyphen. */
export const token = (max: number) =>
  z
    .string()
    .max(max, LONG)
    .regex(/^[A-Za-z0-9._-]*$/, TEXT);
/** A UUID (record ids in paths and bodies): a malformed one is a malformed request, not a text the user typed. */
export const uuid = () => z.uuid(code('ValidationFailed'));
/** A global log position "commit.prepare" (?after=, ?before=). */
export const position = z
  .string()
  .max(42, LONG)
  .regex(/^-?\d{1,20}\.-?\d{1,20}$/, NUMBER);

// ---------------------------------------------------------------------------------------------------------------- dates

export interface DateBounds {
  min: string;
  max: string;
}
/** Spec (both documents, sections 5 and 9): date pickers from 1950 to 2030-06-22; expiry dates up to 2050. */
export const DATES = {
  general: { min: DATE_PICKER_MIN, max: DATE_PICKER_MAX },
  expiry: { min: DATE_PICKER_MIN, max: PASSPORT_EXPIRY_MAX },
} as const satisfies Record<string, DateBounds>;

const within = (iso: string, b: DateBounds) => iso >= b.min && iso <= b.max;

/** A real Gregorian day `YYYY-MM-DD` (2023-02-30 is refused) within the bounds. */
export const isoDate = (bounds: DateBounds = DATES.general) =>
  z
    .string()
    .max(10, DATE)
    .refine((s) => isIsoDate(s) && within(s, bounds), DATE);

/** A date entered in either calendar (registration form): a real day of that calendar, within the bounds. */
export const calendarDate = (bounds: DateBounds = DATES.general) =>
  z.object({ calendar: z.enum(['gregorian', 'hijri']), value: z.string().max(10, DATE) }).refine(
    (d) => {
      const g = gregorianOf(d);
      return g !== null && within(g, bounds);
    },
    { ...DATE, path: ['value'] },
  );

/** A strict ISO timestamp with its zone (Z or ±HH:MM), on a real day within the bounds. */
export const timestamp = (bounds: DateBounds = DATES.general) =>
  z
    .string()
    .max(35, DATE)
    .refine((s) => isTimestamp(s) && within(new Date(s).toISOString().slice(0, 10), bounds), DATE);

/** A time of day `HH:MM` (00:00 … 23:59). */
export const timeOfDay = () =>
  z
    .string()
    .max(5, TIME)
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME);

// ---------------------------------------------------------------------------------------------------------------- answers

/**
 * A pair of fields in both languages, `<key>Ar` and `<key>En`, of one schema: `...P.arEn('title', P.text(200))` for a
 * typed-in pair, the one way every contract spells such a pair (bilingual below is its read-side shorthand).
 */
export const arEn = <const K extends string, S extends z.ZodType>(key: K, schema: S) =>
  ({ [`${key}Ar`]: schema, [`${key}En`]: schema }) as { [F in `${K}Ar` | `${K}En`]: S };

/**
 * A row's pair of texts in both languages as the read models answer it: `...P.bilingual('name')` is nameAr and nameEn
 * (strings), `...P.bilingual('eventName', 'nullable')` two nullable ones. Answers only: typed-in names are bounded text().
 */
export function bilingual<const K extends string>(key: K): ReturnType<typeof arEn<K, z.ZodString>>;
export function bilingual<const K extends string>(
  key: K,
  nullable: 'nullable',
): ReturnType<typeof arEn<K, z.ZodNullable<z.ZodString>>>;
export function bilingual(key: string, nullable?: 'nullable') {
  return arEn(key, nullable ? z.string().nullable() : z.string());
}
