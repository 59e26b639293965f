import { describe, expect, it } from 'vitest';
import { registrationPrefill } from '../registration/prefill.ts';
import { DomainError } from '../shared/errors.ts';
import { nicRecord } from './fixtures.ts';
import { assertNationalId, birthDateOf, hijriOf, namesOf, verificationIssues } from './nic.ts';

const record = nicRecord();

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof DomainError ? e.code : 'other';
  }
  return null;
};

describe('national identity rules', () => {
  it('refuses a national id shorter than 10 characters or with letters (InvalidIdNo)', () => {
    expect(codeOf(() => assertNationalId('123456789'))).toBe('InvalidIdNo');
    expect(codeOf(() => assertNationalId('10000000a1'))).toBe('InvalidIdNo');
    expect(assertNationalId(' 1000000001 ')).toBe('1000000001');
  });

  it('gives the verification form its issues by field', () => {
    expect(verificationIssues({ nationalId: '12', birthDate: { calendar: 'hijri', value: '1415-13-01' } })).toEqual([
      { path: 'nationalId', code: 'InvalidIdNo' },
      { path: 'birthDate', code: 'InvalidDate' },
    ]);
    expect(
      verificationIssues({ nationalId: '1100000002', birthDate: { calendar: 'gregorian', value: '1995-05-20' } }),
    ).toEqual([]);
  });

  it('takes the birth date in either calendar, and the same day is the same Gregorian date', () => {
    expect(birthDateOf({ calendar: 'gregorian', value: '1995-05-20' })).toBe('1995-05-20');
    expect(birthDateOf({ calendar: 'hijri', value: hijriOf('1995-05-20') })).toBe('1995-05-20');
    expect(codeOf(() => birthDateOf({ calendar: 'gregorian', value: '1995-02-30' }))).toBe('InvalidDate');
  });

  it('prefills the registration form with the names in both languages, the birth date, nationality and id expiry', () => {
    const form = registrationPrefill(record);
    expect(form.personal).toMatchObject({ firstNameAr: 'سارة', lastNameEn: 'Alotaibi' });
    expect(form.personal?.birthDate).toEqual({ calendar: 'hijri', value: '1415-12-20' });
    expect(form.identity).toEqual({
      nationalityId: 44,
      idNumber: '1000000001',
      idExpiryDate: { calendar: 'hijri', value: '1451-08-27' },
    });
    expect(namesOf(record)).toEqual({ ar: 'سارة عبدالله محمد العتيبي', en: 'Sara Abdullah Mohammed Alotaibi' });
  });
});
