import { describe, expect, it } from 'vitest';
import { passwordProblems, passwordStrength } from './password.ts';

describe('password policy', () => {
  it('accepts 8+ characters with lower, upper, digit and a listed special', () => {
    expect(passwordProblems('Abcdef1!')).toEqual([]);
  });
  it.each([
    ['Ab1!xyz', 'tooShort'],
    ['ABCDEF1!', 'noLowercase'],
    ['abcdef1!', 'noUppercase'],
    ['Abcdefg!', 'noDigit'],
    ['Abcdefg1', 'noSpecial'],
    ['Abcdefg1_', 'noSpecial'], // underscore is not in the spec's list of specials
  ])('flags %s as %s', (pw, problem) => {
    expect(passwordProblems(pw)).toContain(problem);
  });
});

describe('password strength meter', () => {
  it('is strong with all four classes and 8+ characters', () => {
    expect(passwordStrength('Abcdef1!')).toBe('strong');
  });
  it('is medium with two classes and 6+ characters', () => {
    expect(passwordStrength('abcde1')).toBe('medium');
    expect(passwordStrength('Abcdefgh')).toBe('medium');
  });
  it('is weak with one class or fewer than 6 characters', () => {
    expect(passwordStrength('abcdefgh')).toBe('weak');
    expect(passwordStrength('Ab1')).toBe('weak');
  });
  it('is medium, not strong, for 7 characters with all classes', () => {
    expect(passwordStrength('Abcd1!x')).toBe('medium');
  });
});
