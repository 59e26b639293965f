import { randomBytes, randomUUID } from 'node:crypto';
import {
  type Account,
  type AccountCommand,
  accountDecider,
  emailVerificationOutcome,
  failuresOf,
  loginOutcome,
  loginSource,
} from '../../domain/account/decide.ts';
import {
  accountEvents,
  accountStream,
  type UnknownLoginEvent,
  type UserNameEvent,
  unknownLoginStream,
  userNameEvents,
  userNameStream,
} from '../../domain/account/events.ts';
import { isPasswordValid, passwordProblems } from '../../domain/account/password.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { fold } from '../../domain/shared/decider.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import type { RoleId } from '../../domain/shared/roles.ts';
import { decode, decodeAll, encode } from '../event-store/decode.ts';
import type { EventStore, Position, StoredEvent } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, handleCommand, metadataOf } from '../handle.ts';
import { lookupsFromStreams } from '../lookups/seed.ts';
import { changeHolding, type Holding, readHolding } from '../ownership.ts';
import { credentialVault } from './credentials.ts';
import { dummyHash, hashPassword, verifyPassword } from './password-hash.ts';
import type { UnknownNameFailures } from './unknown-names.ts';

export interface NewAccount {
  userName: string;
  name: { ar: string; en: string };
  email: string;
  roleId: RoleId;
  /**
   * The password, or the credential of one the caller has checked and stored in the vault (a durable registration:
   * its process, kept in the log, names the credential, never the password or its hash).
   */
  password: string | { credentialId: string };
  mustChangePassword?: boolean;
  emailVerified?: boolean;
  nicValid?: boolean;
  registrationComplete?: boolean;
  /** Fixed id (demo data); a new UUID otherwise. */
  userId?: string;
  /** A registration after the user-verification page: the verified record and the sign-on account to link. */
  identity?: Extract<AccountCommand, { type: 'CreateAccount' }>['identity'];
  /** A registration whose national identity the identity service did not confirm (nicValid false). */
  unverified?: Extract<AccountCommand, { type: 'CreateAccount' }>['unverified'];
}

async function loadAccount(store: EventStore, userId: string): Promise<Account> {
  const stored: StoredEvent[] = [];
  for await (const e of store.readStream(accountStream(userId))) stored.push(e);
  return fold(accountDecider, decodeAll(accountEvents, stored));
}

/** A user name's reservation: its owner (null when free or released) and the stream's revision. */
function userNameOwner(store: EventStore, userName: string): Promise<Holding> {
  return readHolding(store, userNameStream(userName), (e) => {
    const event = decode(userNameEvents, e);
    return event?.type === 'UserNameReserved' ? event.data.userId : null;
  });
}

/** The owner of a user name, read from its reservation stream (consistent: no projection lag). */
export async function userIdForName(store: EventStore, userName: string): Promise<string | null> {
  return (await userNameOwner(store, userName)).owner;
}

/** Appends to a user name's reservation stream what `next` answers for its holding (see changeHolding). */
function changeUserName(
  store: EventStore,
  userName: string,
  ctx: CommandContext,
  next: (holding: Holding) => UserNameEvent | null,
  idScope?: string,
): Promise<Position | null> {
  return changeHolding(store, userNameStream(userName), ctx, () => userNameOwner(store, userName), next, idScope);
}

/**
 * Reserves a user name for userId: appended with no_stream, or at the revision of its last release, so of two
 * simultaneous reservations one fails (UserNameAlreadyExists). The owner's own reservation again is a no-op.
 */
export function reserveUserName(store: EventStore, userName: string, userId: string, ctx: CommandContext) {
  return changeUserName(store, userName, ctx, ({ owner }) => {
    if (owner === userId) return null;
    if (owner !== null) throw new DomainError('UserNameAlreadyExists');
    return { type: 'UserNameReserved', data: { userName: userName.trim(), userId } };
  });
}

/** Gives a user name back (a registration that reserved it failed); a name userId does not hold is left alone. */
export function releaseUserName(store: EventStore, userName: string, userId: string, ctx: CommandContext) {
  return changeUserName(
    store,
    userName,
    ctx,
    ({ owner, revision }) =>
      owner !== userId || revision === null
        ? null
        : { type: 'UserNameReleased', data: { userName: userName.trim(), userId } },
    ':release',
  );
}

/**
 * Creates an account. The user name's own stream is reserved first (reserveUserName), so two simultaneous
 * creations of one name cannot both succeed; a retry of the same command finds its own reservation.
 */
export async function createAccount(
  store: EventStore,
  input: NewAccount,
  ctx: CommandContext,
): Promise<{ userId: string; position: Position }> {
  const password = typeof input.password === 'string' ? input.password : undefined;
  if (password !== undefined && !isPasswordValid(password))
    throw new DomainError('WeakPassword', { problems: passwordProblems(password) });
  const userName = input.userName.trim();
  const userId = input.userId ?? randomUUID();
  await reserveUserName(store, userName, userId, ctx);
  const vault = credentialVault(store);
  // A credential stored here is dropped if the creation fails; one the caller stored stays the caller's (a process
  // resumed after a failure creates the account with it again).
  const credentialId =
    password !== undefined
      ? await vault.put(userId, await hashPassword(password))
      : (input.password as { credentialId: string }).credentialId;
  const command: AccountCommand = {
    type: 'CreateAccount',
    userId,
    userName,
    name: input.name,
    email: input.email,
    roleId: input.roleId,
    ...(password !== undefined ? { password } : {}),
    credentialId,
    mustChangePassword: input.mustChangePassword ?? true,
    emailVerified: input.emailVerified ?? true,
    nicValid: input.nicValid ?? true,
    registrationComplete: input.registrationComplete ?? true,
    ...(input.emailVerified === false ? { verificationToken: newVerificationToken(userId) } : {}),
    ...(input.identity ? { identity: input.identity } : {}),
    ...(input.unverified ? { unverified: input.unverified } : {}),
  };
  const r = await handleCommand(store, accountStream(userId), accountDecider, command, ctx).catch(async (e) => {
    if (password !== undefined) await vault.drop(credentialId);
    throw e;
  });
  // A retried creation finds its first credential in the log: keep that one, erase the spare.
  await keepLoggedCredential(store, userId);
  return { userId, position: r.position };
}

/** Erases every credential of the user but the one the account's log names now. */
export async function keepLoggedCredential(store: EventStore, userId: string): Promise<void> {
  const account = await loadAccount(store, userId);
  if (account.credentialId) await credentialVault(store).keepOnly(userId, account.credentialId);
}

/**
 * The hash to check a password against: the account's credential, or the hash an old event carries (accounts whose
 * password has not changed since credentials left the log). A missing one checks against the dummy: same timing.
 */
async function passwordHashOf(store: EventStore, account: Account): Promise<string> {
  const hash = account.credentialId
    ? await credentialVault(store).get(account.credentialId)
    : account.legacyPasswordHash;
  return hash ?? (await dummyHash());
}

/** "<userId>.<random>": the link names its account, the random part proves the mail was received. */
export function newVerificationToken(userId: string): string {
  return `${userId}.${randomBytes(24).toString('base64url')}`;
}

/** The account a mailed link ("<userId>.<random>") names; a malformed link is Error_WrongActivationLink. */
export function accountOfLink(token: string): string {
  const userId = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{16,}$/.exec(token)?.[1];
  if (!userId) throw new DomainError('Error_WrongActivationLink');
  return userId;
}

/** Spec outcomes: "100" confirmed, "400" expired (a new link is mailed), "200" already verified. */
export async function verifyEmail(
  store: EventStore,
  token: string,
  ctx: CommandContext,
): Promise<{ result: '100' | '200' | '400'; position: Position }> {
  const userId = accountOfLink(token);
  const r = await byOwner(store, userId, { type: 'VerifyEmail', token, newToken: newVerificationToken(userId) }, ctx);
  return { result: emailVerificationOutcome(r.events), position: r.position };
}

export interface LoginAttempt {
  userName: string;
  password: string;
  ip: string | null;
  userAgent: string | null;
}

export type LoginResult =
  | { status: 1; account: Account; position: Position }
  | { status: 3 | 4 | 5 | 6 | 7; lockedUntil: string | null; position: Position; userId?: string };

/**
 * Records every attempt as an event (the users log) and answers with the spec's LoginStatus. An unknown user name
 * gets what a known one gets for a wrong password — the same hash work, WrongInfo, and Locked at the same count when
 * `unknownNames` keeps its failures — so the answers do not tell which names exist.
 */
export async function login(
  store: EventStore,
  client: ClientConfig,
  attempt: LoginAttempt,
  ctx: CommandContext,
  unknownNames?: UnknownNameFailures,
): Promise<LoginResult> {
  const userName = attempt.userName.trim();
  if (!userName || !attempt.password.trim()) throw new DomainError('Error_ReqCredentials');
  const userId = await userIdForName(store, userName);
  if (!userId) {
    await verifyPassword(attempt.password, await dummyHash());
    const e: UnknownLoginEvent = {
      type: 'UnknownUserLoginFailed',
      data: {
        at: ctx.now.toISOString(),
        userName: userName.slice(0, 100),
        ip: attempt.ip,
        userAgent: attempt.userAgent,
      },
    };
    const stream = unknownLoginStream(ctx.now);
    const r = await store.append(stream, [encode(deterministicEventId(ctx.commandId, stream, 0), e, metadataOf(ctx))], {
      expectedRevision: 'any',
    });
    const lock = await unknownNames?.fail(userName, loginSource(attempt.ip), ctx.now);
    if (lock?.lockedUntil) return { status: 5, lockedUntil: lock.lockedUntil, position: r.position };
    return { status: 3, lockedUntil: null, position: r.position };
  }
  const before = await loadAccount(store, userId);
  const passwordMatches =
    before.exists && (await verifyPassword(attempt.password, await passwordHashOf(store, before)));
  const r = await handleCommand(
    store,
    accountStream(userId),
    accountDecider,
    {
      type: 'RecordLogin',
      passwordMatches,
      identityVerification: client.identityVerification,
      ip: attempt.ip,
      userAgent: attempt.userAgent,
    },
    { ...ctx, actorId: ctx.actorId ?? userId, actorRole: ctx.actorRole ?? before.roleId },
  );
  const status = loginOutcome(r.events);
  if (status === 1) {
    if (before.credentialId === null && before.legacyPasswordHash)
      await moveLegacyHash(store, userId, before.legacyPasswordHash, ctx);
    return { status, account: await loadAccount(store, userId), position: r.position };
  }
  const locked = r.events.find((e) => e.type === 'AccountLocked');
  const lockedUntil =
    locked?.type === 'AccountLocked'
      ? locked.data.until
      : status === 5
        ? failuresOf(before, loginSource(attempt.ip)).lockedUntil
        : null;
  // The account is named only where the password matched (InvalidNIC, EmailVerification): its owner is here.
  return { status, lockedUntil, position: r.position, ...(passwordMatches ? { userId } : {}) };
}

/**
 * At the first sign-in of an account whose hash only an old event carries, the hash moves to a credential: from then
 * on the log's copy is never read. A failure here costs nothing (the next sign-in tries again).
 */
async function moveLegacyHash(store: EventStore, userId: string, hash: string, ctx: CommandContext): Promise<void> {
  const vault = credentialVault(store);
  const credentialId = await vault.put(userId, hash);
  try {
    await byOwner(
      store,
      userId,
      { type: 'MovePasswordCredential', credentialId },
      { ...ctx, commandId: `${ctx.commandId}:move-credential` },
    );
  } catch {
    await vault.drop(credentialId);
    return;
  }
  // A concurrent sign-in may have moved it first: keep whichever credential the log names.
  await keepLoggedCredential(store, userId).catch(() => {});
}

export async function changePassword(
  store: EventStore,
  userId: string,
  input: { oldPassword: string; newPassword: string; confirmPassword: string },
  ctx: CommandContext,
): Promise<Position> {
  const account = await loadAccount(store, userId);
  const oldPasswordMatches =
    account.exists && (await verifyPassword(input.oldPassword, await passwordHashOf(store, account)));
  return replacePassword(
    store,
    userId,
    input.newPassword,
    (newCredentialId) => ({
      type: 'ChangePassword',
      oldPasswordMatches,
      newPassword: input.newPassword,
      confirmPassword: input.confirmPassword,
      newCredentialId,
    }),
    ctx,
  );
}

/**
 * A new password in force: its hash stored first (when the policy accepts it; '' otherwise, and the decider refuses),
 * then the account's command; a refused command drops the stored hash. The old hash is then erased, and a retried
 * command keeps the credential its first run logged.
 */
export async function replacePassword(
  store: EventStore,
  userId: string,
  newPassword: string,
  command: (newCredentialId: string) => AccountCommand,
  ctx: CommandContext,
): Promise<Position> {
  const vault = credentialVault(store);
  const newCredentialId = isPasswordValid(newPassword) ? await vault.put(userId, await hashPassword(newPassword)) : '';
  const r = await handleCommand(store, accountStream(userId), accountDecider, command(newCredentialId), ctx).catch(
    async (e) => {
      if (newCredentialId) await vault.drop(newCredentialId);
      throw e;
    },
  );
  await keepLoggedCredential(store, userId);
  return r.position;
}

export async function assignAreas(
  store: EventStore,
  userId: string,
  areas: { regionIds: number[]; cityIds: number[] },
  ctx: CommandContext,
): Promise<Position> {
  return onAccount(store, userId, { type: 'AssignAreas', ...areas, lookups: await lookupsFromStreams(store) }, ctx);
}

/** An administrator deactivates an account (not her own): its owner is refused at sign-in (DeactivatedUser, 4). */
export async function deactivateAccount(
  store: EventStore,
  userId: string,
  reason: string,
  ctx: CommandContext,
): Promise<Position> {
  return onAccount(store, userId, { type: 'DeactivateAccount', reason, by: ctx.actorId }, ctx);
}

export async function reactivateAccount(store: EventStore, userId: string, ctx: CommandContext): Promise<Position> {
  return onAccount(store, userId, { type: 'ReactivateAccount' }, ctx);
}

async function onAccount(store: EventStore, userId: string, command: AccountCommand, ctx: CommandContext) {
  return (await handleCommand(store, accountStream(userId), accountDecider, command, ctx)).position;
}

/**
 * A command on the account's stream that its owner gives (a mailed link, a forgotten password, a sign-in's
 * housekeeping): the owner is the actor unless the context names one.
 */
export function byOwner(store: EventStore, userId: string, command: AccountCommand, ctx: CommandContext) {
  return handleCommand(store, accountStream(userId), accountDecider, command, {
    ...ctx,
    actorId: ctx.actorId ?? userId,
  });
}

export { loadAccount };
