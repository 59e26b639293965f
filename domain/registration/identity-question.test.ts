import { describe, expect, it } from 'vitest';
import { identityOutcome } from '../identity/check.ts';
import { nicRecord } from '../identity/fixtures.ts';
import { hijriOf } from '../identity/nic.ts';
import { CLIENTS } from '../shared/clients.ts';
import { completeForm } from './fixtures.ts';
import type { RegistrationForm } from './form.ts';
import { identityQuestion } from './identity-question.ts';

const form = (over: (f: RegistrationForm) => void = () => {}) => {
  const f = completeForm({ idNumber: '1000000001' });
  over(f);
  return f;
};
const question = { nationalId: '1000000001', birthDate: '1996-03-15' };

describe('the national identity check of a registration', () => {
  it('asks with the national id and the Gregorian birth date where the client verifies identities', () => {
    expect(identityQuestion(form(), CLIENTS.MOH)).toEqual(question);
    expect(identityQuestion(form(), CLIENTS.SRCA)).toEqual(question);
  });

  it('asks with the Gregorian day of a Hijri birth date, and the id number trimmed', () => {
    const f = form((x) => {
      x.personal!.birthDate = { calendar: 'hijri', value: hijriOf('1996-03-15') };
      x.identity!.idNumber = ' 1000000001 ';
    });
    expect(identityQuestion(f, CLIENTS.MOH)).toEqual({ nationalId: '1000000001', birthDate: '1996-03-15' });
  });

  it('asks nothing for a client without identity verification, a resident id, or a form without the data', () => {
    expect(identityQuestion(form(), CLIENTS.NEOM)).toBeNull();
    expect(
      identityQuestion(
        form((x) => (x.identity!.idType = 1)),
        CLIENTS.MOH,
      ),
    ).toBeNull();
    expect(
      identityQuestion(
        form((x) => delete x.personal!.birthDate),
        CLIENTS.MOH,
      ),
    ).toBeNull();
    expect(
      identityQuestion(
        form((x) => (x.identity!.idNumber = '  ')),
        CLIENTS.MOH,
      ),
    ).toBeNull();
  });

  it('leaves an account without a question NIC-valid as before (unchecked)', () => {
    expect(identityOutcome(null, null)).toEqual({ kind: 'unchecked' });
  });

  it('verifies the account with the record the service answered for the same id and birth date', () => {
    const record = nicRecord({ nationalId: '1000000001', birthDate: '1996-03-15' });
    expect(identityOutcome(question, { found: true, record })).toEqual({ kind: 'verified', record });
  });

  it('accepts but does not verify on NotFound or Invalid, with no retry', () => {
    expect(identityOutcome(question, { found: false, reason: 'NotFound' })).toEqual({
      kind: 'unverified',
      question,
      reason: 'NotFound',
      retry: false,
    });
    expect(identityOutcome(question, { found: false, reason: 'Invalid' })).toMatchObject({
      reason: 'Invalid',
      retry: false,
    });
  });

  it('never trusts a record of another id or birth date (Mismatch)', () => {
    const other = nicRecord({ nationalId: '1000000002', birthDate: '1996-03-15' });
    expect(identityOutcome(question, { found: true, record: other })).toMatchObject({
      kind: 'unverified',
      reason: 'Mismatch',
      retry: false,
    });
    const born = nicRecord({ nationalId: '1000000001', birthDate: '1990-01-01' });
    expect(identityOutcome(question, { found: true, record: born })).toMatchObject({ reason: 'Mismatch' });
  });

  it('accepts but does not verify when the service cannot be asked, and asks again later (retry)', () => {
    expect(identityOutcome(question, 'Unavailable')).toEqual({
      kind: 'unverified',
      question,
      reason: 'Unavailable',
      retry: true,
    });
  });
});
