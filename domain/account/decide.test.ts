import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../lookups/testing.ts';
import { fold } from '../shared/decider.ts';
import { specFor } from '../shared/testing.ts';
import {
  type AccountCommand,
  accountDecider,
  EMAIL_TOKEN_HOURS,
  emailVerificationOutcome,
  LOCKOUT_MINUTES,
  loginOutcome,
  loginSource,
  MAX_FAILED_LOGINS,
} from './decide.ts';
import { type AccountEvent, EVERY_SOURCE } from './events.ts';

const NOW = new Date('2026-11-22T10:00:00.000Z');
const given = specFor(accountDecider, () => NOW);
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

const created = (over: Partial<Extract<AccountEvent, { type: 'AccountCreated' }>['data']> = {}): AccountEvent => ({
  type: 'AccountCreated',
  data: {
    userId: 'u1',
    userName: 'admin',
    name: { ar: 'مدير', en: 'Admin' },
    email: 'a@example.org',
    roleId: 3,
    credentialId: 'c1',
    mustChangePassword: false,
    emailVerified: true,
    nicValid: true,
    registrationComplete: true,
    ...over,
  },
});
const IP = '127.0.0.1';
const login = (passwordMatches: boolean, identityVerification = true, ip = IP): AccountCommand => ({
  type: 'RecordLogin',
  passwordMatches,
  identityVerification,
  ip,
  userAgent: 'test',
});
const failed = (n: number, ip = IP): AccountEvent => ({
  type: 'LoginFailed',
  data: { at: NOW.toISOString(), reason: 'WrongInfo', failedAttempts: n, ip, userAgent: null },
});
const locked = (until: Date, source: string = IP): AccountEvent => ({
  type: 'AccountLocked',
  data: { at: NOW.toISOString(), until: until.toISOString(), failedAttempts: MAX_FAILED_LOGINS, source },
});

describe('login', () => {
  it('succeeds with the right password (LoginStatus 1)', () => {
    given(created())
      .when(login(true))
      .thenEmits((events) => {
        expect(events.map((e) => e.type)).toEqual(['LoginSucceeded']);
        expect(loginOutcome(events)).toBe(1);
      });
  });

  it('refuses a wrong password as WrongInfo (3) and counts the failure', () => {
    given(created(), failed(1))
      .when(login(false))
      .thenEmits((events) => {
        expect(events).toEqual([
          { type: 'LoginFailed', data: expect.objectContaining({ reason: 'WrongInfo', failedAttempts: 2 }) },
        ]);
        expect(loginOutcome(events)).toBe(3);
      });
  });

  it(`locks the account for ${LOCKOUT_MINUTES} minutes at the ${MAX_FAILED_LOGINS}th wrong password in a row (5)`, () => {
    given(created(), failed(1), failed(2), failed(3), failed(4))
      .when(login(false))
      .thenEmits((events) => {
        expect(events[1]).toEqual({
          type: 'AccountLocked',
          data: { at: NOW.toISOString(), until: minutes(LOCKOUT_MINUTES).toISOString(), failedAttempts: 5, source: IP },
        });
        expect(loginOutcome(events)).toBe(5);
      });
  });

  it('does not lock after four wrong passwords', () => {
    given(created(), failed(1), failed(2), failed(3))
      .when(login(false))
      .thenEmits((events) => {
        expect(events.map((e) => e.type)).toEqual(['LoginFailed']);
      });
  });

  it('refuses even the right password while locked (5)', () => {
    given(created(), locked(minutes(10)))
      .when(login(true))
      .thenEmits((events) => {
        expect(events[0]).toMatchObject({ type: 'LoginFailed', data: { reason: 'Locked' } });
        expect(loginOutcome(events)).toBe(5);
      });
  });

  it('lets the real user in from another source while an attacker has locked his own source out', () => {
    given(created(), failed(1), failed(2), failed(3), failed(4), locked(minutes(10)))
      .when(login(true, true, '10.9.8.7'))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(1);
      });
  });

  it('counts wrong passwords per source: four from each of two sources lock neither', () => {
    given(created(), failed(1), failed(2), failed(3), failed(4), failed(1, '10.9.8.7'), failed(2, '10.9.8.7'))
      .when(login(false, true, '10.9.8.7'))
      .thenEmits((events) => {
        expect(events).toEqual([
          { type: 'LoginFailed', data: expect.objectContaining({ reason: 'WrongInfo', failedAttempts: 3 }) },
        ]);
      });
  });

  it('keeps a lock stored before locks were per source (version 1, upcast to every source) until it expires', () => {
    given(created(), locked(minutes(10), EVERY_SOURCE))
      .when(login(true, true, '10.9.8.7'))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(5);
      });
  });

  it('lets the right password in once the lock has expired', () => {
    given(created(), locked(minutes(-1)))
      .when(login(true))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(1);
      });
  });

  it('starts counting again after an expired lock', () => {
    given(created(), locked(minutes(-1)))
      .when(login(false))
      .thenEmits((events) => {
        expect(events).toEqual([
          { type: 'LoginFailed', data: expect.objectContaining({ reason: 'WrongInfo', failedAttempts: 1 }) },
        ]);
      });
  });

  it("a success resets its source's failure count", () => {
    const ok: AccountEvent = { type: 'LoginSucceeded', data: { at: NOW.toISOString(), ip: IP, userAgent: null } };
    given(created(), failed(1), failed(2), failed(3), failed(4), ok)
      .when(login(false))
      .thenEmits((events) => {
        expect(events).toHaveLength(1);
        expect(events[0]).toMatchObject({ data: { failedAttempts: 1 } });
      });
  });

  it('refuses a deactivated user (4) whatever the password', () => {
    const off: AccountEvent = { type: 'AccountDeactivated', data: { at: NOW.toISOString(), reason: 'left' } };
    given(created(), off)
      .when(login(true))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(4);
      });
  });

  it('sends a volunteer without a verified national id to verification (6) where the client verifies identity', () => {
    given(created({ roleId: 1, nicValid: false }))
      .when(login(true, true))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(6);
      });
  });

  it('does not ask for national-id verification where the client has it off', () => {
    given(created({ roleId: 1, nicValid: false }))
      .when(login(true, false))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(1);
      });
  });

  it('holds a volunteer whose e-mail is not verified (7)', () => {
    given(created({ roleId: 1, emailVerified: false }))
      .when(login(true))
      .thenEmits((events) => {
        expect(loginOutcome(events)).toBe(7);
      });
  });

  it('refuses a login to an account that does not exist', () => {
    given().when(login(true)).thenFails('WrongInfo');
  });
});

describe('the source of a sign-in', () => {
  it('is the IPv4 address (also when mapped into IPv6), and the /64 of an IPv6 one', () => {
    expect(loginSource('203.0.113.9')).toBe('203.0.113.9');
    expect(loginSource('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(loginSource('2001:db8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(loginSource('2001:0db8:0000:0001:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:1::/64');
    expect(loginSource('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(loginSource(null)).toBe('unknown');
  });
});

describe('password hashes outside the log', () => {
  it('names the credential, never the hash, in the events it writes', () => {
    const history = [created()];
    const changed = accountDecider.decide(
      {
        type: 'ChangePassword',
        oldPasswordMatches: true,
        newPassword: 'N3w!pw0rd',
        confirmPassword: 'N3w!pw0rd',
        newCredentialId: 'c2',
      },
      fold(accountDecider, history),
      NOW,
    );
    expect(JSON.stringify(changed)).not.toMatch(/passwordHash/);
    expect(fold(accountDecider, [...history, ...changed])).toMatchObject({
      credentialId: 'c2',
      legacyPasswordHash: null,
    });
  });

  it('reads the hash of an event stored before credentials left the log, and ignores it once a credential exists', () => {
    const legacy: AccountEvent = created({ credentialId: undefined, passwordHash: '$argon2id$old' });
    expect(fold(accountDecider, [legacy])).toMatchObject({ credentialId: null, legacyPasswordHash: '$argon2id$old' });
    const moved: AccountEvent = {
      type: 'PasswordChanged',
      data: { at: NOW.toISOString(), credentialId: 'c9', forced: false },
    };
    expect(fold(accountDecider, [legacy, moved])).toMatchObject({ credentialId: 'c9', legacyPasswordHash: null });
  });

  it("moves an old event's hash to a credential once, and not for an account that has one", () => {
    const legacy: AccountEvent = created({ credentialId: undefined, passwordHash: '$argon2id$old' });
    given(legacy)
      .when({ type: 'MovePasswordCredential', credentialId: 'c3' })
      .thenEmits([{ type: 'PasswordCredentialMoved', data: { at: NOW.toISOString(), credentialId: 'c3' } }]);
    given(created()).when({ type: 'MovePasswordCredential', credentialId: 'c3' }).thenEmits([]);
    const moved: AccountEvent = {
      type: 'PasswordCredentialMoved',
      data: { at: NOW.toISOString(), credentialId: 'c3' },
    };
    given(legacy, moved).when({ type: 'MovePasswordCredential', credentialId: 'c4' }).thenEmits([]);
    expect(fold(accountDecider, [legacy, moved])).toMatchObject({ credentialId: 'c3', legacyPasswordHash: null });
  });
});

describe('password change', () => {
  const change = (over: Partial<Extract<AccountCommand, { type: 'ChangePassword' }>> = {}): AccountCommand => ({
    type: 'ChangePassword',
    oldPasswordMatches: true,
    newPassword: 'N3w!passw0rd',
    confirmPassword: 'N3w!passw0rd',
    newCredentialId: 'c2',
    ...over,
  });

  it('records a forced change on the first login and clears the obligation', () => {
    given(created({ mustChangePassword: true }))
      .when(change())
      .thenEmits([{ type: 'PasswordChanged', data: { at: NOW.toISOString(), credentialId: 'c2', forced: true } }]);
    const history = [created({ mustChangePassword: true })];
    const changed = accountDecider.decide(change(), fold(accountDecider, history), NOW);
    expect(fold(accountDecider, [...history, ...changed]).mustChangePassword).toBe(false);
  });

  it('refuses a confirmation that does not match', () => {
    given(created())
      .when(change({ confirmPassword: 'Other!passw0rd' }))
      .thenFails('PasswordsNotMatched');
  });

  it('refuses a password that breaks the policy', () => {
    given(created())
      .when(change({ newPassword: 'weakpass', confirmPassword: 'weakpass' }))
      .thenFails('WeakPassword');
  });

  it('refuses a wrong old password', () => {
    given(created())
      .when(change({ oldPasswordMatches: false }))
      .thenFails('WrongOldPassword');
  });

  it('refuses a deactivated account', () => {
    given(created(), { type: 'AccountDeactivated', data: { at: NOW.toISOString(), reason: 'x' } })
      .when(change())
      .thenFails('Unauthorized');
  });
});

describe('account creation', () => {
  const create: AccountCommand = {
    type: 'CreateAccount',
    userId: 'u1',
    userName: 'admin',
    name: { ar: 'مدير', en: 'Admin' },
    email: 'a@example.org',
    roleId: 3,
    password: 'Adm1n!pass',
    credentialId: 'c1',
    mustChangePassword: true,
    emailVerified: true,
    nicValid: true,
    registrationComplete: true,
  };

  it('creates an account without keeping the plain password', () => {
    given()
      .when(create)
      .thenEmits((events) => {
        expect(events).toHaveLength(1);
        expect(JSON.stringify(events)).not.toContain('Adm1n!pass');
      });
  });

  it('refuses a second creation of the same account', () => {
    given(created()).when(create).thenFails('UserNameAlreadyExists');
  });

  it('refuses a weak initial password', () => {
    given()
      .when({ ...create, password: 'short' })
      .thenFails('WeakPassword');
  });
});

describe('e-mail verification', () => {
  const unverified = created({ roleId: 1, emailVerified: false });
  const requested = (token: string, expiresAt: Date): AccountEvent => ({
    type: 'EmailVerificationRequested',
    data: { at: NOW.toISOString(), email: 'a@example.org', token, expiresAt: expiresAt.toISOString() },
  });
  const verify = (token: string): AccountCommand => ({ type: 'VerifyEmail', token, newToken: 'u1.fresh' });

  it('confirms a valid link (100)', () => {
    given(unverified, requested('u1.abc', minutes(60)))
      .when(verify('u1.abc'))
      .thenEmits((events) => {
        expect(events).toEqual([{ type: 'EmailVerified', data: { at: NOW.toISOString(), email: 'a@example.org' } }]);
        expect(emailVerificationOutcome(events)).toBe('100');
      });
  });

  it(`sends a new link when the old one has expired (400; links hold ${EMAIL_TOKEN_HOURS} hours)`, () => {
    given(unverified, requested('u1.abc', minutes(-1)))
      .when(verify('u1.abc'))
      .thenEmits((events) => {
        expect(events[0]).toMatchObject({
          type: 'EmailVerificationRequested',
          data: { token: 'u1.fresh', expiresAt: minutes(EMAIL_TOKEN_HOURS * 60).toISOString() },
        });
        expect(emailVerificationOutcome(events)).toBe('400');
      });
  });

  it('answers an already verified account with 200 and writes nothing', () => {
    const verified: AccountEvent = { type: 'EmailVerified', data: { at: NOW.toISOString(), email: 'a@example.org' } };
    given(unverified, requested('u1.abc', minutes(60)), verified)
      .when(verify('u1.abc'))
      .thenEmits((events) => {
        expect(events).toEqual([]);
        expect(emailVerificationOutcome(events)).toBe('200');
      });
  });

  it('refuses another link to an account that is verified already', () => {
    const verified: AccountEvent = { type: 'EmailVerified', data: { at: NOW.toISOString(), email: 'a@example.org' } };
    given(unverified, requested('u1.abc', minutes(60)), verified)
      .when(verify('u1.forged'))
      .thenFails('Error_WrongActivationLink');
  });

  it('refuses a link that is not the latest one sent', () => {
    given(unverified, requested('u1.old', minutes(60)), requested('u1.new', minutes(60)))
      .when(verify('u1.old'))
      .thenFails('Error_WrongActivationLink');
  });

  it('mails the first link with the account, and only for an unverified e-mail', () => {
    const base: AccountCommand = {
      type: 'CreateAccount',
      userId: 'u1',
      userName: 'v',
      name: { ar: 'م', en: 'V' },
      email: 'a@example.org',
      roleId: 1,
      password: 'Adm1n!pass',
      credentialId: 'c1',
      mustChangePassword: false,
      emailVerified: false,
      nicValid: true,
      registrationComplete: false,
      verificationToken: 'u1.first',
    };
    given()
      .when(base)
      .thenEmits((events) =>
        expect(events.map((e) => e.type)).toEqual(['AccountCreated', 'EmailVerificationRequested']),
      );
    given()
      .when({ ...base, emailVerified: true })
      .thenEmits((events) => expect(events.map((e) => e.type)).toEqual(['AccountCreated']));
  });
});

describe('authorised areas', () => {
  it('assigns regions and cities, keeping the previous ones for the audit', () => {
    given(created({ roleId: 2 }))
      .when({ type: 'AssignAreas', regionIds: [2, 1, 1], cityIds: [5], lookups: seedSnapshot() })
      .thenEmits([
        {
          type: 'UserAreasAssigned',
          data: { at: NOW.toISOString(), regionIds: [1, 2], cityIds: [5], previous: { regionIds: [], cityIds: [] } },
        },
      ]);
  });

  it('writes nothing when the areas do not change', () => {
    const assigned: AccountEvent = {
      type: 'UserAreasAssigned',
      data: { at: NOW.toISOString(), regionIds: [1], cityIds: [], previous: { regionIds: [], cityIds: [] } },
    };
    given(created({ roleId: 2 }), assigned)
      .when({ type: 'AssignAreas', regionIds: [1], cityIds: [], lookups: seedSnapshot() })
      .thenEmits([]);
  });
});
