import { describe, expect, it } from 'vitest';
import { fold } from '../shared/decider.ts';
import { specFor } from '../shared/testing.ts';
import { type AccountCommand, accountDecider, RESET_LINK_DAYS } from './decide.ts';
import type { AccountEvent } from './events.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const given = specFor(accountDecider, () => NOW);
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const GOOD = 'Str0ng!Pass';

const created = (over: Partial<Extract<AccountEvent, { type: 'AccountCreated' }>['data']> = {}): AccountEvent => ({
  type: 'AccountCreated',
  data: {
    userId: 'u1',
    userName: 'vol1',
    name: { ar: 'متطوع', en: 'Volunteer' },
    email: 'v@example.org',
    roleId: 1,
    credentialId: 'c1',
    mustChangePassword: false,
    emailVerified: true,
    nicValid: true,
    registrationComplete: true,
    ...over,
  },
});
const requested = (tokenHash: string, at = NOW): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: {
    at: at.toISOString(),
    email: 'v@example.org',
    tokenHash,
    expiresAt: new Date(at.getTime() + RESET_LINK_DAYS * 86_400_000).toISOString(),
    byAdmin: false,
  },
});
const reset = (tokenHash: string, newPassword = GOOD, confirmPassword = newPassword): AccountCommand => ({
  type: 'ResetPassword',
  tokenHash,
  newPassword,
  confirmPassword,
  newCredentialId: 'c2',
});
const resetDone: AccountEvent = { type: 'PasswordReset', data: { at: NOW.toISOString(), credentialId: 'c2' } };

describe('forgotten password', () => {
  it('records a link that holds 6 days from the request, keeping only its hash', () => {
    given(created())
      .when({ type: 'RequestPasswordReset', tokenHash: 'h1', byAdmin: false })
      .thenEmits([
        {
          type: 'PasswordResetRequested',
          data: {
            at: NOW.toISOString(),
            email: 'v@example.org',
            tokenHash: 'h1',
            expiresAt: days(6).toISOString(),
            byAdmin: false,
          },
        },
      ]);
  });

  it('writes nothing for an account that does not exist or is deactivated', () => {
    given().when({ type: 'RequestPasswordReset', tokenHash: 'h1', byAdmin: false }).thenEmits([]);
    given(created(), { type: 'AccountDeactivated', data: { at: NOW.toISOString(), reason: 'x' } })
      .when({ type: 'RequestPasswordReset', tokenHash: 'h1', byAdmin: true })
      .thenEmits([]);
  });

  it('sets the password from a valid link', () => {
    given(created(), requested('h1'))
      .when(reset('h1'), days(5.9))
      .thenEmits([{ type: 'PasswordReset', data: { at: days(5.9).toISOString(), credentialId: 'c2' } }]);
  });

  it('refuses the link once 6 days have passed (Error_WrongActivationLink, expired)', () => {
    given(created(), requested('h1')).when(reset('h1'), days(6)).thenFails('Error_WrongActivationLink');
  });

  it('refuses a wrong token', () => {
    given(created(), requested('h1')).when(reset('other')).thenFails('Error_WrongActivationLink');
  });

  it('refuses a link used once already', () => {
    given(created(), requested('h1'), resetDone).when(reset('h1')).thenFails('Error_WrongActivationLink');
  });

  it('voids an older link when a newer one is requested', () => {
    given(created(), requested('h1'), requested('h2')).when(reset('h1')).thenFails('Error_WrongActivationLink');
    given(created(), requested('h1'), requested('h2'))
      .when(reset('h2'))
      .thenEmits((e) => expect(e).toHaveLength(1));
  });

  it('applies the password rules and the confirmation', () => {
    given(created(), requested('h1')).when(reset('h1', 'weak')).thenFails('WeakPassword');
    given(created(), requested('h1'))
      .when(reset('h1', GOOD, `${GOOD}x`))
      .thenFails('PasswordsNotMatched');
  });

  it('ends the locks and forces a change at the next login', () => {
    const locked: AccountEvent = {
      type: 'AccountLocked',
      data: { at: NOW.toISOString(), until: days(1).toISOString(), failedAttempts: 5, source: '10.0.0.1' },
    };
    const s = fold(accountDecider, [created(), locked, requested('h1'), resetDone]);
    expect(s.failures).toEqual({});
    expect(s.mustChangePassword).toBe(true);
    expect(s.credentialId).toBe('c2');
    given(created(), locked, requested('h1'), resetDone)
      .when({
        type: 'RecordLogin',
        passwordMatches: true,
        identityVerification: false,
        ip: '10.0.0.1',
        userAgent: null,
      })
      .thenEmits((e) => expect(e.map((x) => x.type)).toEqual(['LoginSucceeded']));
  });
});

describe('forgotten user name', () => {
  it('mails the user name to the account address', () => {
    given(created())
      .when({ type: 'RemindUserName' })
      .thenEmits([
        {
          type: 'UserNameReminderRequested',
          data: { at: NOW.toISOString(), email: 'v@example.org', userName: 'vol1' },
        },
      ]);
  });

  it('writes nothing for a deactivated account', () => {
    given(created(), { type: 'AccountDeactivated', data: { at: NOW.toISOString(), reason: 'x' } })
      .when({ type: 'RemindUserName' })
      .thenEmits([]);
  });
});

describe('a new verification link (RegenerateEmailVerifyLink)', () => {
  const unverified = created({ emailVerified: false });
  const link: AccountEvent = {
    type: 'EmailVerificationRequested',
    data: { at: NOW.toISOString(), email: 'v@example.org', token: 'u1.old', expiresAt: days(-1).toISOString() },
  };
  const regenerate: AccountCommand = { type: 'RegenerateEmailVerification', token: 'u1.old', newToken: 'u1.new' };

  it('sends a new link from the one the user holds', () => {
    given(unverified, link)
      .when(regenerate)
      .thenEmits((e) => {
        expect(e).toHaveLength(1);
        expect(e[0]).toMatchObject({ type: 'EmailVerificationRequested', data: { token: 'u1.new' } });
      });
  });

  it('also from an older link that a newer one replaced', () => {
    const newer: AccountEvent = { ...link, data: { ...link.data, token: 'u1.newer' } };
    given(unverified, link, newer)
      .when(regenerate)
      .thenEmits((e) => expect(e).toHaveLength(1));
  });

  it('refuses a link it never sent', () => {
    given(unverified, link)
      .when({ ...regenerate, token: 'u1.forged' })
      .thenFails('Error_WrongActivationLink');
  });

  it('sends nothing once the e-mail is verified by that link', () => {
    given(
      unverified,
      { ...link, data: { ...link.data, expiresAt: days(1).toISOString() } },
      {
        type: 'EmailVerified',
        data: { at: NOW.toISOString(), email: 'v@example.org' },
      },
    )
      .when(regenerate)
      .thenEmits([]);
  });
});
