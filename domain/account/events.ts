import type { UnverifiedReason } from '../identity/check.ts';
import type { NicRecord } from '../identity/nic.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { RoleId } from '../shared/roles.ts';
import { type EventTypes, type EventVersions, eventTypes, fieldsOf } from '../shared/upcast.ts';

export type LoginRefusal = 'WrongInfo' | 'DeactivatedUser' | 'Locked' | 'InvalidNIC' | 'EmailVerification';

export type AccountEvent =
  | DomainEvent<
      'AccountCreated',
      {
        userId: string;
        userName: string;
        name: { ar: string; en: string };
        email: string;
        roleId: RoleId;
        /** The password's hash, kept outside the log (auth.credentials) so that it can be erased. */
        credentialId?: string;
        /** Events stored before credentials left the log carry the hash itself (read, never written again). */
        passwordHash?: string;
        /** Spec: UpdatedPassword false forces a change at the first login. */
        mustChangePassword: boolean;
        emailVerified: boolean;
        nicValid: boolean;
        registrationComplete: boolean;
        /** Staff accounts an administrator creates (absent in volunteers' accounts and older events). */
        mobile?: string;
        departmentId?: number | null;
      }
    >
  | DomainEvent<'LoginSucceeded', { at: string; ip: string | null; userAgent: string | null }>
  | DomainEvent<
      'LoginFailed',
      { at: string; reason: LoginRefusal; failedAttempts: number; ip: string | null; userAgent: string | null }
    >
  | DomainEvent<
      'AccountLocked',
      /** source: the one source locked out, or EVERY_SOURCE (version 1, before locks were per source, had none). */
      { at: string; until: string; failedAttempts: number; source: string }
    >
  | DomainEvent<
      'PasswordChanged',
      /** credentialId names the new hash in auth.credentials; passwordHash only in events stored before that. */
      { at: string; credentialId?: string; passwordHash?: string; forced: boolean }
    >
  /** An account whose hash an old event carries got a credential at its next sign-in: that hash is read no more. */
  | DomainEvent<'PasswordCredentialMoved', { at: string; credentialId: string }>
  | DomainEvent<'EmailVerificationRequested', { at: string; email: string; token: string; expiresAt: string }>
  | DomainEvent<'EmailVerified', { at: string; email: string }>
  /**
   * A forgotten-password link was mailed (by the user, or an admin for her). Only the link's hash is kept: the log
   * must not hold a way into the account. The newest link voids the ones before it.
   */
  | DomainEvent<
      'PasswordResetRequested',
      { at: string; email: string; tokenHash: string; expiresAt: string; byAdmin: boolean }
    >
  /** The password was set from a link: the link is spent, locks end, and the next login forces a change (spec). */
  | DomainEvent<'PasswordReset', { at: string; credentialId: string }>
  /** Forgot username: the user name is mailed to the account's address. */
  | DomainEvent<'UserNameReminderRequested', { at: string; email: string; userName: string }>
  | DomainEvent<
      'UserAreasAssigned',
      { at: string; regionIds: number[]; cityIds: number[]; previous: { regionIds: number[]; cityIds: number[] } }
    >
  | DomainEvent<'AccountDeactivated', { at: string; reason: string }>
  | DomainEvent<'AccountReactivated', { at: string }>
  /** An administrator edited a staff account's profile: the new values and what changed (from → to). */
  | DomainEvent<
      'UserEdited',
      {
        at: string;
        name: { ar: string; en: string };
        email: string;
        mobile: string;
        roleId: RoleId;
        changes: { field: string; from: string | number; to: string | number }[];
      }
    >
  /** The user's department changed; the events they own (opportunityIds) moved to it with them. */
  | DomainEvent<
      'UserDepartmentChanged',
      { at: string; departmentId: number; previous: number | null; opportunityIds: string[] }
    >
  /** The national single sign-on's account (issuer and subject) now signs in to this one, matched by national id. */
  | DomainEvent<'IdentityLinked', { at: string; issuer: string; subject: string; nationalId: string }>
  /** The national identity service (NIC) confirmed the holder: the record it answered, as it answered it. */
  | DomainEvent<'IdentityVerified', { at: string; record: NicRecord }>
  /**
   * The identity service did not confirm the holder of the national id and birth date a registration gave (NotFound,
   * Invalid, Mismatch) or could not be asked (Unavailable: a job asks again later). The account stays not NIC-valid
   * until IdentityVerified.
   */
  | DomainEvent<'IdentityNotVerified', { at: string; nationalId: string; birthDate: string; reason: UnverifiedReason }>;

/**
 * The user-name reservation stream: owns the uniqueness of user names (one stream per name). Created with
 * no_stream; a registration that failed gives the name back (UserNameReleased), and the next reservation is
 * appended at the revision of that release, so of two simultaneous reservations one still fails.
 */
export type UserNameEvent =
  | DomainEvent<'UserNameReserved', { userName: string; userId: string }>
  | DomainEvent<'UserNameReleased', { userName: string; userId: string }>;

/** Attempts with a user name that belongs to nobody: recorded too (the users log report). */
export type UnknownLoginEvent = DomainEvent<
  'UnknownUserLoginFailed',
  { at: string; userName: string; ip: string | null; userAgent: string | null }
>;

export const accountStream = (userId: string) => `user-${userId}`;
export const userNameStream = (userName: string) => `username-${userName.trim().toLowerCase()}`;
export const unknownLoginStream = (at: Date) => `loginlog-${at.toISOString().slice(0, 10)}`;

export const accountEvents: EventTypes<AccountEvent> = eventTypes<AccountEvent>({
  AccountCreated: true,
  LoginSucceeded: true,
  LoginFailed: true,
  AccountLocked: true,
  PasswordChanged: true,
  PasswordCredentialMoved: true,
  EmailVerificationRequested: true,
  EmailVerified: true,
  PasswordResetRequested: true,
  PasswordReset: true,
  UserNameReminderRequested: true,
  UserAreasAssigned: true,
  AccountDeactivated: true,
  AccountReactivated: true,
  UserEdited: true,
  UserDepartmentChanged: true,
  IdentityLinked: true,
  IdentityVerified: true,
  IdentityNotVerified: true,
});
export const userNameEvents: EventTypes<UserNameEvent> = eventTypes<UserNameEvent>({
  UserNameReserved: true,
  UserNameReleased: true,
});
export const unknownLoginEvents: EventTypes<UnknownLoginEvent> = eventTypes<UnknownLoginEvent>({
  UnknownUserLoginFailed: true,
});

/** The source of a lock that held for every source: what a version 1 AccountLocked (no source) meant. */
export const EVERY_SOURCE = '*';

/**
 * AccountLocked, version 1 (before locks were per account and source): `{ at, until, failedAttempts }`, a lock on
 * every source. Version 2 names the source; version 1 reads as a lock on EVERY_SOURCE.
 */
export const accountLockedVersions: EventVersions = {
  current: 2,
  detect: (data) => (typeof fieldsOf(data).source === 'string' ? 2 : 1),
  up: {
    1: (data) => ({ ...fieldsOf(data), source: EVERY_SOURCE }),
  },
};
