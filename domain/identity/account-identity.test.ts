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

  const unverified = { nationalId: '1000000001', birthDate: '1996-03-15', reason: 'Invalid' } as const;
  const create = (over: { nicValid: boolean; unverified?: typeof unverified }) =>
    ({
      type: 'CreateAccount',
      userId: 'v3',
      userName: 'sara3',
      name: { ar: 'سارة', en: 'Sara' },
      email: 's3@example.org',
      roleId: 1,
      credentialId: 'c3',
      mustChangePassword: false,
      emailVerified: true,
      registrationComplete: false,
      ...over,
    }) as const;

  it('creates a registered account not NIC-valid, with why, when the service did not confirm the holder', () => {
    const events = accountDecider.decide(create({ nicValid: false, unverified }), accountDecider.initialState(), NOW);
    expect(events.map((e) => e.type)).toEqual(['AccountCreated', 'IdentityNotVerified']);
    expect(events[1]!.data).toEqual({ at, ...unverified });
    const account = fold(accountDecider, events);
    expect(account.nicValid).toBe(false);
    expect(account.nationalId).toBeNull();
    // Sign-in answers InvalidNIC (6) until the user-verification page or the retry verifies the holder.
    const login = accountDecider.decide(signIn, account, NOW);
    expect(loginOutcome(login)).toBe(6);
  });

  it('never creates an account NIC-valid and not verified at once', () => {
    expect(() =>
      accountDecider.decide(create({ nicValid: true, unverified }), accountDecider.initialState(), NOW),
    ).toThrow();
  });

  it('records a later answer of the service, unless the account was verified meanwhile', () => {
    given(created(false))
      .when({ type: 'RecordIdentityNotVerified', ...unverified, reason: 'NotFound' })
      .thenEmits([{ type: 'IdentityNotVerified', data: { at, ...unverified, reason: 'NotFound' } }]);
    given(created(false), verified())
      .when({ type: 'RecordIdentityNotVerified', ...unverified })
      .thenEmits([]);
  });

  it('replaces the verification when the registration’s id or birth date changes (ReviseIdentity)', () => {
    given(created(false), verified('1000000001'))
      .when({ type: 'ReviseIdentity', outcome: { kind: 'unverified', ...unverified } })
      .thenEmits([{ type: 'IdentityNotVerified', data: { at, ...unverified } }]);
    const after = fold(accountDecider, [
      created(false),
      verified('1000000001'),
      { type: 'IdentityNotVerified', data: { at, ...unverified } },
    ]);
    expect(after).toMatchObject({ nicValid: false, nationalId: null, identityCheck: { nationalId: '1000000001' } });
    expect(loginOutcome(accountDecider.decide(signIn, after, NOW))).toBe(6);
    given(created(false), verified('1000000001'))
      .when({ type: 'ReviseIdentity', outcome: { kind: 'verified', record: nicRecord({ nationalId: '1000000002' }) } })
      .thenEmits([{ type: 'IdentityVerified', data: { at, record: nicRecord({ nationalId: '1000000002' }) } }]);
  });
});
