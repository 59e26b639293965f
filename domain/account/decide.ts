import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { Role, type RoleId } from '../shared/roles.ts';
import type { AccountEvent, LoginRefusal } from './events.ts';
import { isPasswordValid, passwordProblems } from './password.ts';

/** Lockout (the spec says "locked after repeated failures" without numbers): 5 wrong passwords in a row lock for 15 minutes. */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
/** A verification link holds this long (the spec names the outcomes, not the time); an expired one brings a new link. */
export const EMAIL_TOKEN_HOURS = 24;

export interface Account {
  exists: boolean;
  userId: string;
  userName: string;
  name: { ar: string; en: string };
  email: string;
  roleId: RoleId;
  passwordHash: string;
  mustChangePassword: boolean;
  active: boolean;
  failedAttempts: number;
  lockedUntil: string | null;
  emailVerified: boolean;
  nicValid: boolean;
  registrationComplete: boolean;
  /** The latest verification link sent, while the e-mail is unverified. */
  pendingToken: { token: string; expiresAt: string } | null;
  /** The link that verified the e-mail: following it again answers "already verified". */
  usedToken: string | null;
  /** Authorised regions and cities (spec: region and city permissions restrict staff). */
  regionIds: number[];
  cityIds: number[];
}

export type AccountCommand =
  | {
      type: 'CreateAccount';
      userId: string;
      userName: string;
      name: { ar: string; en: string };
      email: string;
      roleId: RoleId;
      /** Checked against the rules when given; absent when the caller passes a hash of a password it checked. */
      password?: string;
      passwordHash: string;
      mustChangePassword: boolean;
      emailVerified: boolean;
      nicValid: boolean;
      registrationComplete: boolean;
      /** When the e-mail is not verified yet: the first verification link. */
      verificationToken?: string;
    }
  | {
      type: 'VerifyEmail';
      token: string;
      /** Sent instead when the link has expired. */
      newToken: string;
    }
  | {
      type: 'RecordLogin';
      /** Checked by the caller against state.passwordHash (hashing is I/O-heavy; the decider stays pure). */
      passwordMatches: boolean;
      /** From the client table: whether national-identity verification applies. */
      identityVerification: boolean;
      ip: string | null;
      userAgent: string | null;
    }
  | {
      type: 'ChangePassword';
      oldPasswordMatches: boolean;
      newPassword: string;
      confirmPassword: string;
      newPasswordHash: string;
    }
  | { type: 'AssignAreas'; regionIds: number[]; cityIds: number[] }
  | { type: 'DeactivateAccount'; reason: string }
  | { type: 'ReactivateAccount' };

export const initialAccount = (): Account => ({
  exists: false,
  userId: '',
  userName: '',
  name: { ar: '', en: '' },
  email: '',
  roleId: Role.Volunteer,
  passwordHash: '',
  mustChangePassword: false,
  active: false,
  failedAttempts: 0,
  lockedUntil: null,
  emailVerified: false,
  nicValid: false,
  registrationComplete: false,
  pendingToken: null,
  usedToken: null,
  regionIds: [],
  cityIds: [],
});

export function evolve(s: Account, e: AccountEvent): Account {
  switch (e.type) {
    case 'AccountCreated':
      return { ...s, ...e.data, exists: true, active: true, failedAttempts: 0, lockedUntil: null };
    case 'EmailVerificationRequested':
      return { ...s, pendingToken: { token: e.data.token, expiresAt: e.data.expiresAt } };
    case 'EmailVerified':
      return { ...s, emailVerified: true, usedToken: s.pendingToken?.token ?? null, pendingToken: null };
    case 'LoginSucceeded':
      return { ...s, failedAttempts: 0, lockedUntil: null };
    case 'LoginFailed':
      return { ...s, failedAttempts: e.data.failedAttempts };
    case 'AccountLocked':
      return { ...s, lockedUntil: e.data.until, failedAttempts: e.data.failedAttempts };
    case 'PasswordChanged':
      return { ...s, passwordHash: e.data.passwordHash, mustChangePassword: false };
    case 'UserAreasAssigned':
      return { ...s, regionIds: e.data.regionIds, cityIds: e.data.cityIds };
    case 'AccountDeactivated':
      return { ...s, active: false };
    case 'AccountReactivated':
      return { ...s, active: true, failedAttempts: 0, lockedUntil: null };
  }
}

function isLocked(s: Account, now: Date): boolean {
  return s.lockedUntil !== null && new Date(s.lockedUntil).getTime() > now.getTime();
}

function recordLogin(cmd: Extract<AccountCommand, { type: 'RecordLogin' }>, s: Account, now: Date): AccountEvent[] {
  const at = now.toISOString();
  const who = { ip: cmd.ip, userAgent: cmd.userAgent };
  const refuse = (reason: LoginRefusal, failedAttempts = s.failedAttempts): AccountEvent[] => [
    { type: 'LoginFailed', data: { at, reason, failedAttempts, ...who } },
  ];
  if (!s.active) return refuse('DeactivatedUser');
  if (isLocked(s, now)) return refuse('Locked');
  // An expired lock starts the count again.
  const failedBefore = s.lockedUntil !== null ? 0 : s.failedAttempts;
  if (!cmd.passwordMatches) {
    const failed = failedBefore + 1;
    const events = refuse('WrongInfo', failed);
    if (failed >= MAX_FAILED_LOGINS) {
      const until = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString();
      events.push({ type: 'AccountLocked', data: { at, until, failedAttempts: failed } });
    }
    return events;
  }
  const isVolunteer = s.roleId === Role.Volunteer;
  if (isVolunteer && cmd.identityVerification && !s.nicValid) return refuse('InvalidNIC', 0);
  if (isVolunteer && !s.emailVerified) return refuse('EmailVerification', 0);
  return [{ type: 'LoginSucceeded', data: { at, ...who } }];
}

export function decide(cmd: AccountCommand, s: Account, now: Date): AccountEvent[] {
  const at = now.toISOString();
  switch (cmd.type) {
    case 'CreateAccount': {
      if (s.exists) throw new DomainError('UserNameAlreadyExists');
      if (cmd.password !== undefined && !isPasswordValid(cmd.password))
        throw new DomainError('WeakPassword', { problems: passwordProblems(cmd.password) });
      const { type: _t, password: _p, verificationToken, ...data } = cmd;
      const events: AccountEvent[] = [{ type: 'AccountCreated', data }];
      if (!cmd.emailVerified) {
        if (!verificationToken) throw new Error('an unverified account needs a verification token');
        events.push(verificationRequested(cmd.email, verificationToken, now));
      }
      return events;
    }
    case 'VerifyEmail': {
      if (!s.exists) throw new DomainError('Error_WrongActivationLink');
      if (s.emailVerified) {
        if (s.usedToken !== cmd.token) throw new DomainError('Error_WrongActivationLink');
        return []; // 200: already verified
      }
      if (!s.pendingToken || s.pendingToken.token !== cmd.token) throw new DomainError('Error_WrongActivationLink');
      if (new Date(s.pendingToken.expiresAt).getTime() <= now.getTime())
        return [verificationRequested(s.email, cmd.newToken, now)]; // 400
      return [{ type: 'EmailVerified', data: { at, email: s.email } }]; // 100
    }
    case 'RecordLogin':
      if (!s.exists) throw new DomainError('WrongInfo');
      return recordLogin(cmd, s, now);
    case 'ChangePassword': {
      if (!s.exists || !s.active) throw new DomainError('Unauthorized');
      if (cmd.newPassword !== cmd.confirmPassword) throw new DomainError('PasswordsNotMatched');
      if (!isPasswordValid(cmd.newPassword)) {
        throw new DomainError('WeakPassword', { problems: passwordProblems(cmd.newPassword) });
      }
      if (!cmd.oldPasswordMatches) throw new DomainError('WrongOldPassword');
      return [
        { type: 'PasswordChanged', data: { at, passwordHash: cmd.newPasswordHash, forced: s.mustChangePassword } },
      ];
    }
    case 'AssignAreas': {
      if (!s.exists) throw new DomainError('NotFound');
      const regionIds = [...new Set(cmd.regionIds)].sort((a, b) => a - b);
      const cityIds = [...new Set(cmd.cityIds)].sort((a, b) => a - b);
      if (JSON.stringify([regionIds, cityIds]) === JSON.stringify([s.regionIds, s.cityIds])) return [];
      return [
        {
          type: 'UserAreasAssigned',
          data: { at, regionIds, cityIds, previous: { regionIds: s.regionIds, cityIds: s.cityIds } },
        },
      ];
    }
    case 'DeactivateAccount':
      if (!s.exists) throw new DomainError('NotFound');
      return s.active ? [{ type: 'AccountDeactivated', data: { at, reason: cmd.reason } }] : [];
    case 'ReactivateAccount':
      if (!s.exists) throw new DomainError('NotFound');
      return s.active ? [] : [{ type: 'AccountReactivated', data: { at } }];
  }
}

function verificationRequested(email: string, token: string, now: Date): AccountEvent {
  const expiresAt = new Date(now.getTime() + EMAIL_TOKEN_HOURS * 3_600_000).toISOString();
  return { type: 'EmailVerificationRequested', data: { at: now.toISOString(), email, token, expiresAt } };
}

/** Spec e-mail verification codes: "100" confirmed, "400" expired (a new link is sent), "200" already verified. */
export function emailVerificationOutcome(events: readonly AccountEvent[]): '100' | '200' | '400' {
  if (events.some((e) => e.type === 'EmailVerified')) return '100';
  if (events.some((e) => e.type === 'EmailVerificationRequested')) return '400';
  return '200';
}

export const accountDecider: Decider<Account, AccountCommand, AccountEvent> = {
  initialState: initialAccount,
  evolve,
  decide,
};

/** The LoginStatus the spec defines, from what RecordLogin decided. */
export function loginOutcome(events: readonly AccountEvent[]): 1 | 3 | 4 | 5 | 6 | 7 {
  if (events.some((e) => e.type === 'AccountLocked')) return 5;
  const e = events[0];
  if (e?.type === 'LoginSucceeded') return 1;
  if (e?.type !== 'LoginFailed') throw new Error('not a login outcome');
  const byReason: Record<LoginRefusal, 3 | 4 | 5 | 6 | 7> = {
    WrongInfo: 3,
    DeactivatedUser: 4,
    Locked: 5,
    InvalidNIC: 6,
    EmailVerification: 7,
  };
  return byReason[e.data.reason];
}
