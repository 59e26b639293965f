import { accountDecider } from '../../domain/account/decide.ts';
import { accountStream } from '../../domain/account/events.ts';
import { type IdentityQuestion, identityOutcome } from '../../domain/identity/check.ts';
import { loadAccount } from '../account/handlers.ts';
import type { EventStore } from '../event-store/port.ts';
import { type CommandContext, handleCommand } from '../handle.ts';
import { type IdentityService, IdentityServiceUnavailableError } from './nic-service.ts';

/** What a later check of a registration's national identity came to. */
export type RecheckResult = 'verified' | 'not-verified' | 'unavailable' | 'settled';

/**
 * The retry of a registration's identity check that could not be asked (IdentityNotVerified, reason Unavailable):
 * asks the identity service again and records its answer on the account stream — IdentityVerified for the holder's
 * record, IdentityNotVerified with the reason otherwise. 'unavailable': still cannot ask (the job tries again later);
 * 'settled': nothing to do (the account was verified meanwhile, on the user-verification page; its registration's
 * id or birth date changed since; or it is gone). The
 * command ids come from ctx.commandId, so a repeated job appends nothing twice.
 */
export async function recheckIdentity(
  store: EventStore,
  nic: IdentityService,
  userId: string,
  question: IdentityQuestion,
  ctx: CommandContext,
): Promise<RecheckResult> {
  const account = await loadAccount(store, userId);
  if (!account.exists || account.nicValid) return 'settled';
  // The volunteer changed the id or birth date since: that change asked (or asks) on its own.
  const pending = account.identityCheck;
  if (pending?.nationalId !== question.nationalId || pending.birthDate !== question.birthDate) return 'settled';
  let answer: Awaited<ReturnType<IdentityService['verify']>>;
  try {
    answer = await nic.verify(question);
  } catch (e) {
    if (e instanceof IdentityServiceUnavailableError) return 'unavailable';
    throw e;
  }
  const outcome = identityOutcome(question, answer);
  if (outcome.kind === 'verified') {
    await handleCommand(
      store,
      accountStream(userId),
      accountDecider,
      { type: 'VerifyIdentity', record: outcome.record },
      ctx,
    );
    return 'verified';
  }
  if (outcome.kind === 'unverified') {
    await handleCommand(
      store,
      accountStream(userId),
      accountDecider,
      { type: 'RecordIdentityNotVerified', ...question, reason: outcome.reason },
      ctx,
    );
    return 'not-verified';
  }
  return 'settled';
}
