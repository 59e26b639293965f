/**
 * Password policy (spec, visitor doc section 5): at least 8 characters with a lowercase letter, an uppercase letter,
 * a digit and one special from !@#$%^&*+(){}?~`=.<>- ; the confirmation must match.
 * Strength meter: strong = all four classes and 8+; medium = two of the three letter/digit classes and 6+; else weak.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MEDIUM_LENGTH = 6;
export const PASSWORD_SPECIALS = '!@#$%^&*+(){}?~`=.<>-';

export type PasswordStrength = 'weak' | 'medium' | 'strong';
export type PasswordProblem = 'tooShort' | 'noLowercase' | 'noUppercase' | 'noDigit' | 'noSpecial';

function classes(pw: string) {
  return {
    lower: /[a-z]/.test(pw),
    upper: /[A-Z]/.test(pw),
    digit: /[0-9]/.test(pw),
    special: [...pw].some((c) => PASSWORD_SPECIALS.includes(c)),
  };
}

/** What the password lacks under the policy; empty when it complies. */
export function passwordProblems(pw: string): PasswordProblem[] {
  const c = classes(pw);
  const out: PasswordProblem[] = [];
  if (pw.length < PASSWORD_MIN_LENGTH) out.push('tooShort');
  if (!c.lower) out.push('noLowercase');
  if (!c.upper) out.push('noUppercase');
  if (!c.digit) out.push('noDigit');
  if (!c.special) out.push('noSpecial');
  return out;
}

export function isPasswordValid(pw: string): boolean {
  return passwordProblems(pw).length === 0;
}

export function passwordStrength(pw: string): PasswordStrength {
  const c = classes(pw);
  if (pw.length >= PASSWORD_MIN_LENGTH && c.lower && c.upper && c.digit && c.special) return 'strong';
  const basic = [c.lower, c.upper, c.digit].filter(Boolean).length;
  if (pw.length >= PASSWORD_MEDIUM_LENGTH && basic >= 2) return 'medium';
  return 'weak';
}
