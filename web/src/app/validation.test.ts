import { describe, expect, it } from 'vitest';
import { isEmpty } from './validation.ts';

describe('empty values (spec section 5)', () => {
  it.each([undefined, null, false, '', '   ', '\t\n'])('treats %j as empty', (value) => {
    expect(isEmpty(value)).toBe(true);
  });

  it.each(['a', ' a ', 0, true])('treats %j as filled', (value) => {
    expect(isEmpty(value)).toBe(false);
  });
});
