import { describe, expect, it } from 'vitest';
import { type Account, accountDecider, loginOutcome } from '../account/decide.ts';
import type { AccountEvent } from '../account/events.ts';
import { fold } from '../shared/decider.ts';
import { specFor } from '../shared/testing.ts';
import { nicRecord } from './fixtures.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const at = NOW.toISOString();
const given = specFor(accountDecider, () => NOW);
const created = (nicValid: boolean): AccountEvent => ({
  type: 'AccountCreated',
  data: {
    userId: 'v1',
    userName: 'sara',
    name: { ar: 'سارة', en: 'Sara' },
    email: 's@example.org',
    roleId: 1,
    credentialId: 'c1',
    mustChangePassword: false,
    emailVerified: true,
    nicValid,
    registrationComplete: true,
  },
});
const verified = (nationalId = '1000000001'): AccountEvent => ({
  type: 'IdentityVerified',
  data: { at, record: nicRecord({ nationalId }) },
});
const signIn = {
  type: 'RecordLogin',
  passwordMatches: true,
  identityVerification: true,
  ip: null,
  userAgent: null,
} as const;
const sso = { issuer: 'https://sso.example', subject: 'citizen-1' };

describe('an account and its national identity', () => {
  it('answers InvalidNIC (6) to a volunteer whose national identity is not verified', () => {
    given(created(false))
      .when(signIn)
      .thenEmits((events) => expect(loginOutcome(events)).toBe(6));
  });

  it('lets the same volunteer in once the identity service verified the holder', () => {
    given(created(false), verified())
      .when(signIn)
      .thenEmits((events) => expect(loginOutcome(events)).toBe(1));
  });

  it('records the identity service record as it answered it', () => {
    given(created(false))
      .when({ type: 'VerifyIdentity', record: nicRecord() })
      .thenEmits([{ type: 'IdentityVerified', data: { at, record: nicRecord() } }]);
  });

  it('never moves a verified account to another person’s national id', () => {
    given(created(false), verified('1000000001'))
      .when({ type: 'VerifyIdentity', record: nicRecord({ nationalId: '1000000002' }) })
      .thenFails('InvalidIdNo');
  });

  it('links a single sign-on account by national id, once', () => {
    given(created(true), verified())
      .when({ type: 'LinkIdentity', ...sso, nationalId: '1000000001' })
      .thenEmits([{ type: 'IdentityLinked', data: { at, ...sso, nationalId: '1000000001' } }]);
    given(created(true), verified(), { type: 'IdentityLinked', data: { at, ...sso, nationalId: '1000000001' } })
      .when({ type: 'LinkIdentity', ...sso, nationalId: '1000000001' })
      .thenEmits([]);
  });

  it('refuses to link a sign-on account whose national id is not the account’s verified one', () => {
    given(created(true), verified('1000000001'))
      .when({ type: 'LinkIdentity', ...sso, nationalId: '1000000009' })
      .thenFails('InvalidIdNo');
  });

  it('creates a registered account verified and linked when it came through the user-verification page', () => {
    const account: Account = fold(
      accountDecider,
      accountDecider.decide(
        {
          type: 'CreateAccount',
          userId: 'v2',
          userName: 'sara2',
          name: { ar: 'سارة', en: 'Sara' },
          email: 's2@example.org',
          roleId: 1,
          credentialId: 'c2',
          mustChangePassword: false,
          emailVerified: true,
          nicValid: false,
          registrationComplete: false,
          identity: { record: nicRecord(), link: sso },
        },
        accountDecider.initialState(),
        NOW,
      ),
    );
    expect(account.nicValid).toBe(true);
    expect(account.nationalId).toBe('1000000001');
    expect(account.linkedIdentities).toEqual([`${sso.issuer} ${sso.subject}`]);
  });
});
