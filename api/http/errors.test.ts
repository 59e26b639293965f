import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../domain/shared/errors.ts';
import { statusOf } from './errors.ts';

describe('HTTP status of the error catalogue', () => {
  it('answers 422 for every missing-field code (…Required), whatever module added it', () => {
    // Three …Required codes name a state, not a field: check in first (409), change the password or verify the
    // identity first (428).
    const states = ['CheckInRequired', 'PasswordChangeRequired', 'IdentityVerificationRequired'];
    const required = ErrorCodes.filter((c) => /Required$/.test(c) && !states.includes(c));
    expect(required.length).toBeGreaterThan(10);
    expect(required.filter((c) => statusOf(c) !== 422)).toEqual([]);
  });

  it('answers 422 for input out of bounds (a link, too many images, unanswered questions) and 409 for a rule', () => {
    for (const c of ['InvalidLink', 'TooManyImages', 'AnswerAllQuestions', 'InvalidDate'] as const) {
      expect([c, statusOf(c)]).toEqual([c, 422]);
    }
    expect(statusOf('ExceededApprovalLimit')).toBe(409);
  });
});
