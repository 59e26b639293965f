import { describe, expect, it } from 'vitest';
import { errorText, mayBeTheEvents, TransientError } from './parking.ts';
import { date, dateClamped, int4, int4Array, int4Clamped, timestamp, withoutNul } from './values.ts';

describe('read-model values', () => {
  it('keeps real dates and empties impossible ones', () => {
    expect(date('2024-02-29')).toBe('2024-02-29');
    expect(date('2023-02-29')).toBeNull();
    expect(date('2023-02-30')).toBeNull();
    expect(date('2023-13-01')).toBeNull();
    expect(date('0000-01-01')).toBeNull();
    expect(date('08:30')).toBeNull();
    expect(date(20230101)).toBeNull();
    expect(date(undefined)).toBeNull();
  });

  it('clamps a day past the month to its last day for columns that cannot be empty', () => {
    expect(dateClamped('2023-02-30')).toBe('2023-02-28');
    expect(dateClamped('2024-02-31')).toBe('2024-02-29');
    expect(dateClamped('2023-04-31')).toBe('2023-04-30');
    expect(dateClamped('2023-04-15')).toBe('2023-04-15');
    expect(dateClamped('2023-13-01')).toBeNull();
    expect(dateClamped('2023-01-00')).toBeNull();
    expect(dateClamped('soon')).toBeNull();
  });

  it('takes ISO date-times as timestamps and refuses a bare time of day or an impossible date', () => {
    expect(timestamp('2026-03-01T08:30:00Z')).toBe('2026-03-01T08:30:00Z');
    expect(timestamp('2026-03-01T08:30:00.123+03:00')).toBe('2026-03-01T08:30:00.123+03:00');
    expect(timestamp('2026-03-01 08:30')).toBe('2026-03-01 08:30');
    expect(timestamp('2026-03-01')).toBe('2026-03-01');
    expect(timestamp('08:30')).toBeNull();
    expect(timestamp('08:30:00')).toBeNull();
    expect(timestamp('2023-02-30T08:30:00Z')).toBeNull();
    expect(timestamp('2026-03-01T25:00:00Z')).toBeNull();
    expect(timestamp(1700000000000)).toBeNull();
  });

  it('keeps integers an int4 holds; empties or clamps the others', () => {
    expect(int4(7)).toBe(7);
    expect(int4(-2147483648)).toBe(-2147483648);
    expect(int4(2147483647)).toBe(2147483647);
    expect(int4(2147483648)).toBeNull();
    expect(int4(2 ** 40)).toBeNull();
    expect(int4(1.5)).toBeNull();
    expect(int4('12')).toBe(12);
    expect(int4('99999999999')).toBeNull();
    expect(int4('x')).toBeNull();
    expect(int4(null)).toBeNull();
    expect(int4Clamped(2 ** 40)).toBe(2147483647);
    expect(int4Clamped(-(2 ** 40))).toBe(-2147483648);
    expect(int4Clamped(5)).toBe(5);
    expect(int4Clamped(1.5)).toBeNull();
    expect(int4Array([1, 2 ** 40, 'x', 3])).toEqual([1, 3]);
    expect(int4Array('1,2')).toEqual([]);
  });

  it('takes NUL out of every string, deeply, and leaves clean values the same object', () => {
    const clean = { a: 'x', b: [1, { c: 'y' }] };
    expect(withoutNul(clean)).toBe(clean);
    const dirty = { a: 'x\u0000y', b: [1, { c: '\u0000z' }], 'k\u0000': 1 };
    expect(withoutNul(dirty)).toEqual({ a: 'xy', b: [1, { c: 'z' }], k: 1 });
    expect(dirty.a).toBe('x\u0000y');
    expect(withoutNul('a\u0000')).toBe('a');
  });
});

describe('which failures may come from the events', () => {
  const pgError = (code: string) => Object.assign(new Error('x'), { code });
  it('looks for the event behind data, constraint, syntax and size errors, and behind plain exceptions', () => {
    for (const code of [
      '22003',
      '22007',
      '22008',
      '22021',
      '22P05',
      '23502',
      '23505',
      '23514',
      '21000',
      '42703',
      '54000',
    ])
      expect(mayBeTheEvents(pgError(code))).toBe(true);
    expect(mayBeTheEvents(new TypeError("Cannot read properties of undefined (reading 'code')"))).toBe(true);
  });
  it('retries connection, serialization, deadlock, shutdown, resource and privilege errors as they are', () => {
    for (const code of ['08006', '40001', '40P01', '57P01', '57014', '53300', '55P03', '58000', 'XX000', '42501'])
      expect(mayBeTheEvents(pgError(code))).toBe(false);
    expect(mayBeTheEvents(pgError('ECONNRESET'))).toBe(false);
    expect(mayBeTheEvents(new TransientError(new Error('Connection is closed.')))).toBe(false);
  });
  it('keeps the SQLSTATE with the message', () => {
    expect(errorText(Object.assign(new Error('integer out of range'), { code: '22003' }))).toBe(
      '22003: integer out of range',
    );
    expect(errorText(new TypeError('bad'))).toBe('bad');
  });
});
