import { beforeEach, describe, expect, it } from 'vitest';
import { afterPosition, forgetPosition, lastPosition, rememberPosition, withAfter } from './readYourWrites.ts';

beforeEach(() => forgetPosition());

describe('read-your-writes tracker', () => {
  it('adds nothing to a read before the first command', () => {
    expect(lastPosition()).toBeNull();
    expect(afterPosition()).toBeUndefined();
    expect(withAfter('/api/registrations?status=2')).toBe('/api/registrations?status=2');
  });

  it('appends the last command position as ?after= or &after=', () => {
    rememberPosition('42.42');
    expect(lastPosition()).toBe('42.42');
    expect(afterPosition()).toBe('42.42');
    expect(withAfter('/api/registrations/abc')).toBe('/api/registrations/abc?after=42.42');
    expect(withAfter('/api/audit-log?limit=50')).toBe('/api/audit-log?limit=50&after=42.42');
  });

  it('keeps the latest position when an older answer arrives late, comparing as big integers', () => {
    rememberPosition('9007199254740993.10');
    rememberPosition('9007199254740992.99');
    expect(lastPosition()).toBe('9007199254740993.10');
    rememberPosition('9007199254740993.9');
    expect(lastPosition()).toBe('9007199254740993.10');
    rememberPosition('9007199254740993.11');
    expect(lastPosition()).toBe('9007199254740993.11');
    rememberPosition('10000000000000000.0');
    expect(lastPosition()).toBe('10000000000000000.0');
  });

  it('ignores answers without a position and malformed ones', () => {
    rememberPosition('5.5');
    rememberPosition(null);
    rememberPosition(undefined);
    rememberPosition('');
    rememberPosition('later');
    rememberPosition('6.6&x=1');
    expect(lastPosition()).toBe('5.5');
  });

  it('forgets the position for a new session', () => {
    rememberPosition('7.7');
    forgetPosition();
    expect(lastPosition()).toBeNull();
    expect(withAfter('/api/x')).toBe('/api/x');
  });
});
