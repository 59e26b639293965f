import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { validationCode } from '../http/errors.ts';
import * as P from './primitives.ts';

/** The catalogue code the API would answer for this value, or 'ok'. */
function codeOf(schema: z.ZodType, value: unknown): string {
  const r = schema.safeParse(value);
  return r.success ? 'ok' : validationCode(r.error.issues);
}

describe('integers', () => {
  it('keeps ids and counts within int4 and whole', () => {
    expect(codeOf(P.id, 2_147_483_647)).toBe('ok');
    expect(codeOf(P.id, 2 ** 31)).toBe('InvalidNumber');
    expect(codeOf(P.id, 2 ** 53)).toBe('InvalidNumber');
    expect(codeOf(P.id, -1)).toBe('InvalidNumber');
    expect(codeOf(P.id, 1.5)).toBe('InvalidNumber');
    expect(codeOf(P.count(), 0)).toBe('InvalidNumber');
    expect(codeOf(P.count(), 1)).toBe('ok');
    expect(codeOf(P.id, '7')).toBe('ValidationFailed');
  });

  it('reads query integers from digits only', () => {
    expect(P.queryInt().parse('42')).toBe(42);
    for (const bad of ['2147483648', '9007199254740993', '-1', '1.5', '1e3', '0x10', ' 7', '', 'abc'])
      expect(codeOf(P.queryInt(), bad)).toBe('InvalidNumber');
    expect(P.page.parse(undefined)).toBe(1);
    expect(codeOf(P.page, '0')).toBe('InvalidNumber');
    expect(codeOf(P.queryOneOf([10, 20]), '15')).toBe('InvalidNumber');
  });
});

describe('text', () => {
  it('refuses NUL, other control characters and lone surrogates', () => {
    expect(codeOf(P.text(20), 'أحمد admin_1')).toBe('ok');
    expect(codeOf(P.text(20), 'a\u0000b')).toBe('InvalidText');
    expect(codeOf(P.text(20), 'a\u001bb')).toBe('InvalidText');
    expect(codeOf(P.text(20), 'a\nb')).toBe('InvalidText');
    expect(codeOf(P.text(20), 'a\u007fb')).toBe('InvalidText');
    expect(codeOf(P.text(20), 'a\ud800b')).toBe('InvalidText');
    expect(codeOf(P.text(20), 'a\udc00')).toBe('InvalidText');
    expect(codeOf(P.text(20), '😀')).toBe('ok');
  });

  it('lets multi-line text keep tabs and line breaks, but not NUL', () => {
    expect(codeOf(P.longText(20), 'a\n\tb\r\n')).toBe('ok');
    expect(codeOf(P.longText(20), 'a\u0000')).toBe('InvalidText');
  });

  it('bounds every length', () => {
    expect(codeOf(P.text(5), 'abcdef')).toBe('TextTooLong');
    expect(codeOf(P.longText(5), 'x'.repeat(100_000))).toBe('TextTooLong');
    expect(codeOf(P.token(5), 'a b')).toBe('InvalidText');
    expect(codeOf(P.uuid(), '00000000-0000-4000-8000-000000000004')).toBe('ok');
    expect(codeOf(P.uuid(), 'nope')).toBe('ValidationFailed');
  });
});

describe('dates and times', () => {
  it('takes only real days within the spec range', () => {
    expect(codeOf(P.isoDate(), '2024-02-29')).toBe('ok');
    for (const bad of ['2023-02-30', '2023-13-01', '1949-12-31', '1900-01-01', '2030-06-23', '9999-12-31', '08:00', ''])
      expect(codeOf(P.isoDate(), bad)).toBe('InvalidDate');
    expect(codeOf(P.isoDate(P.DATES.expiry), '2045-01-01')).toBe('ok');
    expect(codeOf(P.isoDate(P.DATES.expiry), '2051-01-01')).toBe('InvalidDate');
  });

  it('checks a Hijri date against its own calendar', () => {
    expect(codeOf(P.calendarDate(), { calendar: 'hijri', value: '1410-01-01' })).toBe('ok');
    expect(codeOf(P.calendarDate(), { calendar: 'hijri', value: '1410-13-01' })).toBe('InvalidDate');
    expect(codeOf(P.calendarDate(), { calendar: 'gregorian', value: '1990-02-30' })).toBe('InvalidDate');
  });

  it('takes strict timestamps with a zone, on a real day', () => {
    expect(codeOf(P.timestamp(), '2026-12-01T08:00:00.000Z')).toBe('ok');
    expect(codeOf(P.timestamp(), '2026-12-01T08:00+03:00')).toBe('ok');
    for (const bad of [
      '08:00',
      '2026-12-01',
      '2026-12-01T08:00',
      '2023-02-30T08:00:00Z',
      '2026-12-01T24:00:00Z',
      '9999-12-31T00:00:00Z',
    ])
      expect(codeOf(P.timestamp(), bad)).toBe('InvalidDate');
  });

  it('takes a time of day as HH:MM', () => {
    expect(codeOf(P.timeOfDay(), '23:59')).toBe('ok');
    for (const bad of ['24:00', '7:00', '07:60', '2026-12-01T08:00:00Z'])
      expect(codeOf(P.timeOfDay(), bad)).toBe('InvalidTime');
  });
});
