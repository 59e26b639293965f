import { describe, expect, it } from 'vitest';
import { environmentOf } from './config.ts';

describe('PORTAL_ENV', () => {
  it('is production unless told local or test (the captcha is on by default)', () => {
    expect(environmentOf(undefined)).toBe('production');
    expect(environmentOf(' Local ')).toBe('local');
    expect(environmentOf('test')).toBe('test');
  });

  it('refuses a value it does not know rather than guessing', () => {
    expect(() => environmentOf('staging')).toThrow(/PORTAL_ENV/);
  });
});
