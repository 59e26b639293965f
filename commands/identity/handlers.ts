import { accountDecider, loginOutcome } from '../../domain/account/decide.ts';
import { accountStream } from '../../domain/account/events.ts';
import { assertNationalId, birthDateOf, type NicRecord } from '../../domain/identity/nic.ts';
import { registrationDecider } from '../../domain/registration/decide.ts';
import { registrationStream } from '../../domain/registration/events.ts';
import type { CalendarDate } from '../../domain/shared/calendar.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { loadAccount } from '../account/handlers.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { claim, ownerOfValue } from '../registration/uniqueness.ts';
import { type IdentityService, IdentityServiceUnavailableError } from './nic-service.ts';
import type { SsoIdentity } from './single-sign-on.ts';

/** The account a national id belongs to: the owner of its id-number claim (its own stream, so never behind). */
export function accountOfNationalId(store: EventStore, nationalId: string): Promise<string | null> {
  return ownerOfValue(store, 'idNumber', nationalId);
}

export type SsoSignIn =
  | { kind: 'unknown' }
  | { kind: 'account'; userId: string; status: 1 | 3 | 4 | 5 | 6 | 7; position: Position };

/**
 * A sign-on came back from the national provider. The account is the one whose id number is the provider's national
 * id: it is linked (IdentityLinked, once) and the sign-in recorded like a password's (the provider proved who it
 * is), with the same outcomes — InvalidNIC (6) while the identity service has not verified the holder. A national id
 * the portal does not know starts the SSO register path (kind 'unknown').
 */
export async function ssoSignIn(
  store: EventStore,
  client: ClientConfig,
  who: SsoIdentity,
  from: { ip: string | null; userAgent: string | null },
  ctx: CommandContext,
): Promise<SsoSignIn> {
  const userId = await accountOfNationalId(store, who.nationalId);
  if (!userId) return { kind: 'unknown' };
  const own = { ...ctx, actorId: ctx.actorId ?? userId };
  await handleCommand(
    store,
    accountStream(userId),
    accountDecider,
    { type: 'LinkIdentity', issuer: who.issuer, subject: who.subject, nationalId: who.nationalId },
    { ...own, commandId: `${ctx.commandId}:link` },
  );
  const r = await handleCommand(
    store,
    accountStream(userId),
    accountDecider,
    { type: 'RecordLogin', passwordMatches: true, identityVerification: client.identityVerification, ...from },
    own,
  );
  return { kind: 'account', userId, status: loginOutcome(r.events), position: r.position };
}

/** Asks the identity service; an unknown id or a birth date that is not the holder's is InvalidIdNo (spec). */
export async function lookUpIdentity(
  nic: IdentityService,
  input: { nationalId: string; birthDate: CalendarDate },
): Promise<NicRecord> {
  const nationalId = assertNationalId(input.nationalId);
  const birthDate = birthDateOf(input.birthDate);
  let answer: Awaited<ReturnType<IdentityService['verify']>>;
  try {
    answer = await nic.verify({ nationalId, birthDate });
  } catch (e) {
    if (e instanceof IdentityServiceUnavailableError) throw new DomainError('IdentityServiceUnavailable');
    throw e;
  }
  if (!answer.found) throw new DomainError('InvalidIdNo', { reason: answer.reason });
  return answer.record;
}

/**
 * An existing account verifies its national identity (user verification after InvalidNIC, or a signed-in volunteer):
 * a registered volunteer's must be the id number of the registration; the national id is claimed for the account (another account's id is IdNumberAlreadyExists), the record recorded
 * (IdentityVerified: nic_valid, the join rule), the registration's names and birth date corrected from the record
 * (RegistrationCorrectedFromIdentity) and, after a sign-on, the provider's account linked.
 */
export async function verifyAccountIdentity(
  store: EventStore,
  userId: string,
  record: NicRecord,
  sso: SsoIdentity | null,
  ctx: CommandContext,
): Promise<Position> {
  if (sso && sso.nationalId !== record.nationalId) throw new DomainError('InvalidIdNo', { reason: 'NotSignedOnId' });
  // A volunteer who registered with a national id verifies that one (another id is changed in the registration first).
  const registration = await loadFolded(store, registrationStream(userId), registrationDecider);
  const registered = registration.state.exists ? registration.state.form.identity?.idNumber?.trim() : undefined;
  if (registered && registered !== record.nationalId)
    throw new DomainError('InvalidIdNo', { reason: 'NotRegisteredId' });
  const owner = await accountOfNationalId(store, record.nationalId);
  if (owner !== null && owner !== userId) throw new DomainError('IdNumberAlreadyExists');
  const account = await loadAccount(store, userId);
  if (!account.exists) throw new DomainError('NotFound');
  if (owner === null)
    await claim(store, 'idNumber', record.nationalId, userId, { ...ctx, commandId: `${ctx.commandId}:claim` });
  const r = await handleCommand(store, accountStream(userId), accountDecider, { type: 'VerifyIdentity', record }, ctx);
  let position = r.position;
  // The registration takes the record's names and birth date where they differ (the decider says which).
  if (registration.state.exists) {
    const corrected = await handleCommand(
      store,
      registrationStream(userId),
      registrationDecider,
      { type: 'CorrectFromIdentity', record },
      { ...ctx, commandId: `${ctx.commandId}:registration` },
    );
    if (corrected.events.length > 0) position = corrected.position;
  }
  if (!sso) return position;
  const linked = await handleCommand(
    store,
    accountStream(userId),
    accountDecider,
    { type: 'LinkIdentity', issuer: sso.issuer, subject: sso.subject, nationalId: sso.nationalId },
    { ...ctx, commandId: `${ctx.commandId}:link` },
  );
  return linked.position;
}
