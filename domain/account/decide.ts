import type { UnverifiedReason } from '../identity/check.ts';
import type { NicRecord } from '../identity/nic.ts';
import type { LookupSnapshot } from '../lookups/snapshot.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { Role, type RoleId } from '../shared/roles.ts';
import { type AccountEvent, accountEvents, EVERY_SOURCE, type LoginRefusal } from './events.ts';
import { isPasswordValid, passwordProblems } from './password.ts';
import {
  areaIssues,
  departmentIssues,
  isStaffRole,
  normaliseProfile,
  profileChanges,
  profileIssues,
  refuse,
  type StaffAreas,
  type StaffProfile,
  userNameIssues,
} from './staff.ts';

/**
 * Lockout (the spec says "locked after repeated failures" without numbers): 5 wrong passwords in a row from one source
 * lock that source out of the account for 15 minutes. Counting per account and source means an attacker cannot lock
 * the real user out: her own sign-in from another source is still let in.
 */
export const MAX_FAILED_LOGINS = 5;
export const LOCKOUT_MINUTES = 15;
/**
 * Where an attempt comes from: the client address the API believes (TRUST_PROXY decides which one). An IPv6 client
 * holds a whole /64 as cheaply as one address, so the /64 is the source.
 */
export function loginSource(ip: string | null): string {
  if (!ip) return 'unknown';
  const v4 = /^(?:::ffff:)?(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface SourceFailures {
  failedAttempts: number;
  lockedUntil: string | null;
}
/** A verification link holds this long (the spec names the outcomes, not the time); an expired one brings a new link. */
export const EMAIL_TOKEN_HOURS = 24;
/** How many of the latest verification links still bring a new one (an older mail's link included). */
const ISSUED_TOKENS_KEPT = 10;

/** Spec: "Forgotten-password link: valid 6 days after the date in exp". */
export const RESET_LINK_DAYS = 6;

export interface Account {
  exists: boolean;
  userId: string;
  userName: string;
  name: { ar: string; en: string };
  email: string;
  roleId: RoleId;
  /** The current password's credential (auth.credentials); null while only a legacy hash exists. */
  credentialId: string | null;
  /** The hash an event stored before credentials left the log; ignored once a credential exists. */
  legacyPasswordHash: string | null;
  mustChangePassword: boolean;
  active: boolean;
  /** Wrong passwords in a row and the lock, per source (loginSource). */
  failures: Record<string, SourceFailures>;
  emailVerified: boolean;
  nicValid: boolean;
  registrationComplete: boolean;
  /** The latest verification link sent, while the e-mail is unverified. */
  pendingToken: { token: string; expiresAt: string } | null;
  /** The link that verified the e-mail: following it again answers "already verified". */
  usedToken: string | null;
  /** The last verification links sent (RegenerateEmailVerifyLink accepts any of them, expired or replaced). */
  issuedTokens: string[];
  /** The newest forgotten-password link (its hash) while unused: a newer request voids the older links. */
  pendingReset: { tokenHash: string; expiresAt: string } | null;
  /** Authorised regions and cities (spec: region and city permissions restrict staff). */
  regionIds: number[];
  cityIds: number[];
  /** Staff accounts: the mobile number and the department (null: none, told to contact a super admin). */
  mobile: string;
  departmentId: number | null;
  /** The national id the identity service verified (IdentityVerified), null before. */
  nationalId: string | null;
  /** The national id and birth date the identity service did not confirm last (IdentityNotVerified), null after. */
  identityCheck: { nationalId: string; birthDate: string } | null;
  /** Single sign-on accounts linked to this one, as `<issuer> <subject>`. */
  linkedIdentities: string[];
}

/** One linked single sign-on account, as Account.linkedIdentities holds it. */
export const identityKey = (issuer: string, subject: string) => `${issuer} ${subject}`;

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
      /** The new password's hash, already stored by the caller (auth.credentials). */
      credentialId: string;
      mustChangePassword: boolean;
      emailVerified: boolean;
      nicValid: boolean;
      registrationComplete: boolean;
      /** When the e-mail is not verified yet: the first verification link. */
      verificationToken?: string;
      /** A registration after the user-verification page: the verified record, and the sign-on account to link. */
      identity?: { record: NicRecord; link: { issuer: string; subject: string } | null };
      /** A registration whose national identity the service did not confirm (the account is not NIC-valid). */
      unverified?: { nationalId: string; birthDate: string; reason: UnverifiedReason };
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
  | { type: 'LinkIdentity'; issuer: string; subject: string; nationalId: string }
  | { type: 'VerifyIdentity'; record: NicRecord }
  /** The identity service's later answer for a registration's national id (the retry job): nothing if verified since. */
  | { type: 'RecordIdentityNotVerified'; nationalId: string; birthDate: string; reason: UnverifiedReason }
  /**
   * The volunteer changed the national id or birth date of the registration: the identity service's answer for the
   * new ones replaces the account's (verified with the new record, or not NIC-valid).
   */
  | {
      type: 'ReviseIdentity';
      outcome:
        | { kind: 'verified'; record: NicRecord }
        | { kind: 'unverified'; nationalId: string; birthDate: string; reason: UnverifiedReason };
    }
  | {
      type: 'ChangePassword';
      oldPasswordMatches: boolean;
      newPassword: string;
      confirmPassword: string;
      /** The new password's hash, stored by the caller ('' when the new password is refused anyway). */
      newCredentialId: string;
    }
  | {
      type: 'MovePasswordCredential';
      /** The legacy hash, already stored by the caller under this id. */
      credentialId: string;
    }
  | {
      type: 'RegenerateEmailVerification';
      /** The link the user holds (usually an expired one). */
      token: string;
      newToken: string;
    }
  | {
      type: 'RequestPasswordReset';
      /** The hash of the new link's token (the token itself goes only to the mail). */
      tokenHash: string;
      byAdmin: boolean;
    }
  | {
      type: 'ResetPassword';
      /** The hash of the token the link carries. */
      tokenHash: string;
      newPassword: string;
      confirmPassword: string;
      /** The new password's hash, stored by the caller ('' when the new password is refused anyway). */
      newCredentialId: string;
    }
  | { type: 'RemindUserName' }
  | { type: 'AssignAreas'; regionIds: number[]; cityIds: number[]; lookups: LookupSnapshot }
  /** by: the administrator deactivating (she cannot deactivate herself). */
  | { type: 'DeactivateAccount'; reason: string; by?: string | null }
  | { type: 'ReactivateAccount' }
  /** An administrator creates a staff account (roles 2–6), with its department and authorised areas. */
  | ({
      type: 'CreateStaffAccount';
      userId: string;
      userName: string;
      /** Checked against the password policy when given; absent when the caller checked it and stored its hash. */
      password?: string;
      credentialId: string;
      departmentId: number | null;
      lookups: LookupSnapshot;
    } & StaffProfile &
      StaffAreas)
  | ({ type: 'EditUser' } & StaffProfile)
  /** opportunityIds: the events the user owns, which move to the new department with her. */
  | { type: 'ChangeDepartment'; departmentId: number; opportunityIds: string[]; lookups: LookupSnapshot };

export const initialAccount = (): Account => ({
  exists: false,
  userId: '',
  userName: '',
  name: { ar: '', en: '' },
  email: '',
  roleId: Role.Volunteer,
  credentialId: null,
  legacyPasswordHash: null,
  mustChangePassword: false,
  active: false,
  failures: {},
  emailVerified: false,
  nicValid: false,
  registrationComplete: false,
  pendingToken: null,
  usedToken: null,
  issuedTokens: [],
  pendingReset: null,
  regionIds: [],
  cityIds: [],
  mobile: '',
  departmentId: null,
  nationalId: null,
  identityCheck: null,
  linkedIdentities: [],
});

function withSource(s: Account, source: string, f: SourceFailures | null): Account {
  const { [source]: _old, ...rest } = s.failures;
  return { ...s, failures: f ? { ...rest, [source]: f } : rest };
}

/** The failures counted against a source, with a lock that held for every source (an old event) included. */
export function failuresOf(s: Account, source: string): SourceFailures {
  const own = s.failures[source] ?? { failedAttempts: 0, lockedUntil: null };
  const all = s.failures[EVERY_SOURCE];
  if (!all?.lockedUntil || (own.lockedUntil && own.lockedUntil >= all.lockedUntil)) return own;
  return { failedAttempts: Math.max(own.failedAttempts, all.failedAttempts), lockedUntil: all.lockedUntil };
}

export function evolve(s: Account, e: AccountEvent): Account {
  switch (e.type) {
    case 'AccountCreated': {
      const { credentialId, passwordHash, mobile, departmentId, ...data } = e.data;
      return {
        ...s,
        ...data,
        mobile: mobile ?? '',
        departmentId: departmentId ?? null,
        credentialId: credentialId ?? null,
        legacyPasswordHash: passwordHash ?? null,
        exists: true,
        active: true,
        failures: {},
      };
    }
    case 'EmailVerificationRequested':
      return {
        ...s,
        pendingToken: { token: e.data.token, expiresAt: e.data.expiresAt },
        issuedTokens: [...s.issuedTokens, e.data.token].slice(-ISSUED_TOKENS_KEPT),
      };
    case 'EmailVerified':
      return { ...s, emailVerified: true, usedToken: s.pendingToken?.token ?? null, pendingToken: null };
    case 'LoginSucceeded':
      return withSource(s, loginSource(e.data.ip), null);
    case 'LoginFailed': {
      const source = loginSource(e.data.ip);
      return withSource(s, source, { ...failuresOf(s, source), failedAttempts: e.data.failedAttempts });
    }
    case 'AccountLocked': {
      const source = e.data.source;
      return withSource(s, source, { lockedUntil: e.data.until, failedAttempts: e.data.failedAttempts });
    }
    case 'PasswordChanged':
      return {
        ...s,
        credentialId: e.data.credentialId ?? null,
        legacyPasswordHash: e.data.passwordHash ?? null,
        mustChangePassword: false,
      };
    case 'PasswordResetRequested':
      return { ...s, pendingReset: { tokenHash: e.data.tokenHash, expiresAt: e.data.expiresAt } };
    case 'PasswordReset':
      // Spec: a locked user is told to reset the password, so the reset ends every lock; the next login forces a change.
      return {
        ...s,
        credentialId: e.data.credentialId,
        legacyPasswordHash: null,
        mustChangePassword: true,
        pendingReset: null,
        failures: {},
      };
    case 'UserNameReminderRequested':
      return s;
    case 'PasswordCredentialMoved':
      return { ...s, credentialId: e.data.credentialId, legacyPasswordHash: null };
    case 'UserAreasAssigned':
      return { ...s, regionIds: e.data.regionIds, cityIds: e.data.cityIds };
    case 'AccountDeactivated':
      return { ...s, active: false };
    case 'AccountReactivated':
      return { ...s, active: true, failures: {} };
    case 'UserEdited':
      return { ...s, name: e.data.name, email: e.data.email, mobile: e.data.mobile, roleId: e.data.roleId };
    case 'UserDepartmentChanged':
      return { ...s, departmentId: e.data.departmentId };
    case 'IdentityLinked':
      return { ...s, linkedIdentities: [...s.linkedIdentities, identityKey(e.data.issuer, e.data.subject)] };
    case 'IdentityVerified':
      return { ...s, nicValid: true, nationalId: e.data.record.nationalId, identityCheck: null };
    case 'IdentityNotVerified':
      // The id number or birth date the registration now gives is not confirmed: not NIC-valid until it is.
      return {
        ...s,
        nicValid: false,
        nationalId: null,
        identityCheck: { nationalId: e.data.nationalId, birthDate: e.data.birthDate },
      };
  }
}

function isLocked(f: SourceFailures, now: Date): boolean {
  return f.lockedUntil !== null && new Date(f.lockedUntil).getTime() > now.getTime();
}

function recordLogin(cmd: Extract<AccountCommand, { type: 'RecordLogin' }>, s: Account, now: Date): AccountEvent[] {
  const at = now.toISOString();
  const who = { ip: cmd.ip, userAgent: cmd.userAgent };
  const refuse = (reason: LoginRefusal, failedAttempts: number): AccountEvent[] => [
    { type: 'LoginFailed', data: { at, reason, failedAttempts, ...who } },
  ];
  const source = loginSource(cmd.ip);
  const f = failuresOf(s, source);
  if (!s.active) return refuse('DeactivatedUser', f.failedAttempts);
  if (isLocked(f, now)) return refuse('Locked', f.failedAttempts);
  // An expired lock starts the count again.
  const failedBefore = f.lockedUntil !== null ? 0 : f.failedAttempts;
  if (!cmd.passwordMatches) {
    const failed = failedBefore + 1;
    const events = refuse('WrongInfo', failed);
    if (failed >= MAX_FAILED_LOGINS) {
      const until = new Date(now.getTime() + LOCKOUT_MINUTES * 60_000).toISOString();
      events.push({ type: 'AccountLocked', data: { at, until, failedAttempts: failed, source } });
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
      const { type: _t, password: _p, verificationToken, identity, unverified, ...data } = cmd;
      if (identity && unverified) throw new Error('an account is either verified or not');
      const events: AccountEvent[] = [{ type: 'AccountCreated', data }];
      if (!cmd.emailVerified) {
        if (!verificationToken) throw new Error('an unverified account needs a verification token');
        events.push(verificationRequested(cmd.email, verificationToken, now));
      }
      if (identity) {
        events.push({ type: 'IdentityVerified', data: { at, record: identity.record } });
        if (identity.link)
          events.push({
            type: 'IdentityLinked',
            data: { at, ...identity.link, nationalId: identity.record.nationalId },
          });
      }
      if (unverified) {
        if (cmd.nicValid) throw new Error('an account whose identity is not verified is not NIC-valid');
        events.push({ type: 'IdentityNotVerified', data: { at, ...unverified } });
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
    case 'RegenerateEmailVerification': {
      if (!s.exists) throw new DomainError('Error_WrongActivationLink');
      if (s.emailVerified) {
        if (s.usedToken !== cmd.token) throw new DomainError('Error_WrongActivationLink');
        return []; // 200: already verified
      }
      if (!s.issuedTokens.includes(cmd.token)) throw new DomainError('Error_WrongActivationLink');
      return [verificationRequested(s.email, cmd.newToken, now)];
    }
    case 'RequestPasswordReset': {
      // Nothing is mailed for an account that cannot sign in: the caller answers the same either way.
      if (!s.exists || !s.active) return [];
      const expiresAt = new Date(now.getTime() + RESET_LINK_DAYS * 86_400_000).toISOString();
      return [
        {
          type: 'PasswordResetRequested',
          data: { at, email: s.email, tokenHash: cmd.tokenHash, expiresAt, byAdmin: cmd.byAdmin },
        },
      ];
    }
    case 'ResetPassword': {
      const link = s.pendingReset;
      if (!s.exists || !s.active || !link || link.tokenHash !== cmd.tokenHash)
        throw new DomainError('Error_WrongActivationLink');
      if (new Date(link.expiresAt).getTime() <= now.getTime())
        throw new DomainError('Error_WrongActivationLink', { expired: true });
      if (cmd.newPassword !== cmd.confirmPassword) throw new DomainError('PasswordsNotMatched');
      if (!isPasswordValid(cmd.newPassword))
        throw new DomainError('WeakPassword', { problems: passwordProblems(cmd.newPassword) });
      return [{ type: 'PasswordReset', data: { at, credentialId: cmd.newCredentialId } }];
    }
    case 'RemindUserName':
      if (!s.exists || !s.active) return [];
      return [{ type: 'UserNameReminderRequested', data: { at, email: s.email, userName: s.userName } }];
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
        { type: 'PasswordChanged', data: { at, credentialId: cmd.newCredentialId, forced: s.mustChangePassword } },
      ];
    }
    case 'MovePasswordCredential':
      if (!s.exists) throw new DomainError('NotFound');
      // Only an account still read from an old event's hash; a change since has a credential already.
      if (s.credentialId !== null || s.legacyPasswordHash === null) return [];
      return [{ type: 'PasswordCredentialMoved', data: { at, credentialId: cmd.credentialId } }];
    case 'AssignAreas':
      if (!s.exists) throw new DomainError('NotFound');
      refuse(areaIssues(cmd, cmd.lookups));
      return areasAssigned(s, cmd, at);
    case 'DeactivateAccount':
      if (!s.exists) throw new DomainError('NotFound');
      if (cmd.by === s.userId) throw new DomainError('CannotDeactivateSelf');
      return s.active ? [{ type: 'AccountDeactivated', data: { at, reason: cmd.reason } }] : [];
    case 'ReactivateAccount':
      if (!s.exists) throw new DomainError('NotFound');
      return s.active ? [] : [{ type: 'AccountReactivated', data: { at } }];
    case 'CreateStaffAccount':
      return createStaffAccount(cmd, s, now);
    case 'EditUser':
      return editUser(cmd, s, now);
    case 'ChangeDepartment': {
      staffAccount(s);
      refuse(departmentIssues(cmd.departmentId, cmd.lookups));
      if (cmd.departmentId === s.departmentId) return [];
      const opportunityIds = [...new Set(cmd.opportunityIds)].sort();
      return [
        {
          type: 'UserDepartmentChanged',
          data: { at, departmentId: cmd.departmentId, previous: s.departmentId, opportunityIds },
        },
      ];
    }
    case 'LinkIdentity': {
      if (!s.exists) throw new DomainError('NotFound');
      if (s.linkedIdentities.includes(identityKey(cmd.issuer, cmd.subject))) return [];
      // Linked by national id: only to the account whose verified national id it is.
      if (s.nationalId !== null && s.nationalId !== cmd.nationalId) throw new DomainError('InvalidIdNo');
      const { type: _t, ...data } = cmd;
      return [{ type: 'IdentityLinked', data: { at, ...data } }];
    }
    case 'VerifyIdentity':
      if (!s.exists) throw new DomainError('NotFound');
      // One holder per account: a verified account is never moved to another person's id.
      if (s.nationalId !== null && s.nationalId !== cmd.record.nationalId) throw new DomainError('InvalidIdNo');
      return [{ type: 'IdentityVerified', data: { at, record: cmd.record } }];
    case 'ReviseIdentity': {
      if (!s.exists) throw new DomainError('NotFound');
      const o = cmd.outcome;
      if (o.kind === 'verified') return [{ type: 'IdentityVerified', data: { at, record: o.record } }];
      const { kind: _k, ...data } = o;
      return [{ type: 'IdentityNotVerified', data: { at, ...data } }];
    }
    case 'RecordIdentityNotVerified': {
      if (!s.exists) throw new DomainError('NotFound');
      if (s.nicValid) return [];
      const { type: _t, ...data } = cmd;
      return [{ type: 'IdentityNotVerified', data: { at, ...data } }];
    }
  }
}

/** The account an administrator may edit: an existing staff account (a volunteer's profile is her registration). */
function staffAccount(s: Account): Account {
  if (!s.exists) throw new DomainError('NotFound');
  if (!isStaffRole(s.roleId)) throw new DomainError('InvalidRole', { roleId: s.roleId });
  return s;
}

function createStaffAccount(
  cmd: Extract<AccountCommand, { type: 'CreateStaffAccount' }>,
  s: Account,
  now: Date,
): AccountEvent[] {
  if (s.exists) throw new DomainError('UserNameAlreadyExists');
  const p = normaliseProfile(cmd);
  refuse([...profileIssues(p), ...userNameIssues(cmd.userName)]);
  if (cmd.password !== undefined && !isPasswordValid(cmd.password))
    throw new DomainError('WeakPassword', { problems: passwordProblems(cmd.password) });
  refuse(departmentIssues(cmd.departmentId, cmd.lookups));
  refuse(areaIssues(cmd, cmd.lookups));
  const at = now.toISOString();
  const events: AccountEvent[] = [
    {
      type: 'AccountCreated',
      data: {
        userId: cmd.userId,
        userName: cmd.userName.trim(),
        name: p.name,
        email: p.email,
        roleId: p.roleId as RoleId,
        credentialId: cmd.credentialId,
        // An administrator chose the first password: its owner replaces it at the first sign-in.
        mustChangePassword: true,
        emailVerified: true,
        nicValid: true,
        registrationComplete: true,
        mobile: p.mobile,
        departmentId: cmd.departmentId,
      },
    },
  ];
  return [...events, ...areasAssigned(initialAccount(), cmd, at)];
}

/** UserAreasAssigned with the areas sorted and once each, or nothing when they are the account's already. */
function areasAssigned(s: Account, areas: StaffAreas, at: string): AccountEvent[] {
  const regionIds = [...new Set(areas.regionIds)].sort((a, b) => a - b);
  const cityIds = [...new Set(areas.cityIds)].sort((a, b) => a - b);
  if (JSON.stringify([regionIds, cityIds]) === JSON.stringify([s.regionIds, s.cityIds])) return [];
  return [
    {
      type: 'UserAreasAssigned',
      data: { at, regionIds, cityIds, previous: { regionIds: s.regionIds, cityIds: s.cityIds } },
    },
  ];
}

function editUser(cmd: Extract<AccountCommand, { type: 'EditUser' }>, s: Account, now: Date): AccountEvent[] {
  staffAccount(s);
  const p = normaliseProfile(cmd);
  refuse(profileIssues(p));
  const changes = profileChanges(s, p);
  if (changes.length === 0) return [];
  return [
    {
      type: 'UserEdited',
      data: {
        at: now.toISOString(),
        name: p.name,
        email: p.email,
        mobile: p.mobile,
        roleId: p.roleId as RoleId,
        changes,
      },
    },
  ];
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
  events: accountEvents,
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
