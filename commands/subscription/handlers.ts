import { randomUUID } from 'node:crypto';
import { DomainError } from '../../domain/shared/errors.ts';
import { mailingDecider, subscriptionDecider } from '../../domain/subscription/decide.ts';
import { type Language, mailingStream, subscriptionStream } from '../../domain/subscription/events.ts';
import { normalEmail, subscribeIssues } from '../../domain/subscription/rules.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand, loadFolded } from '../handle.ts';
import { type LinkPurpose, linkSignerOf, newNonce, subscriptionIdOf } from './links.ts';

/**
 * A visitor asks to join the mail list: a confirmation mail goes out (a reaction), with a link to confirm and one to
 * unsubscribe. An address already confirmed writes nothing; the caller is answered the same either way.
 */
export async function subscribe(
  store: EventStore,
  email: string,
  language: Language,
  ctx: CommandContext,
): Promise<Position> {
  const issue = subscribeIssues(email);
  if (issue) throw new DomainError(issue, { field: 'email' });
  const subscriptionId = subscriptionIdOf(normalEmail(email));
  return (
    await handleCommand(
      store,
      subscriptionStream(subscriptionId),
      subscriptionDecider,
      { type: 'Subscribe', subscriptionId, email, language, confirmNonce: newNonce(), unsubscribeNonce: newNonce() },
      ctx,
    )
  ).position;
}

/** A link from a mail: its signature checked first (a forged or altered link reads nothing). */
async function byLink(store: EventStore, purpose: LinkPurpose, token: string, ctx: CommandContext): Promise<Position> {
  const link = linkSignerOf(store).verify(purpose, token);
  if (!link) throw new DomainError('Error_WrongActivationLink');
  const type = purpose === 'confirm' ? 'ConfirmSubscription' : 'Unsubscribe';
  return (
    await handleCommand(
      store,
      subscriptionStream(link.subscriptionId),
      subscriptionDecider,
      { type, nonce: link.nonce },
      ctx,
    )
  ).position;
}

export const confirmSubscription = (store: EventStore, token: string, ctx: CommandContext) =>
  byLink(store, 'confirm', token, ctx);
export const unsubscribe = (store: EventStore, token: string, ctx: CommandContext) =>
  byLink(store, 'unsubscribe', token, ctx);

/** Master-data staff take an address off the list (spec: MailSubscription_Update). */
export async function removeSubscription(store: EventStore, subscriptionId: string, ctx: CommandContext) {
  return (
    await handleCommand(
      store,
      subscriptionStream(subscriptionId),
      subscriptionDecider,
      { type: 'RemoveSubscription' },
      ctx,
    )
  ).position;
}

/** Which of these subscribers are confirmed now, read from their streams. */
async function confirmedAmong(store: EventStore, ids: readonly string[]): Promise<string[]> {
  const states = await Promise.all(
    ids.map(async (id) => (await loadFolded(store, subscriptionStream(id), subscriptionDecider)).state.status),
  );
  return ids.filter((_, i) => states[i] === 'confirmed');
}

/**
 * A mail to selected subscribers (spec: SendsubscriptionMail): recorded once, then sent by the workers, one job per
 * recipient, each with that recipient's unsubscribe link. Only confirmed subscribers are kept; each job checks its
 * recipient's stream again when it runs (one who left meanwhile gets nothing).
 */
export async function sendSubscriptionMail(
  store: EventStore,
  input: { header?: string | null; body?: string | null; subscriptionIds?: readonly string[] | null },
  ctx: CommandContext,
): Promise<{ position: Position; mailingId: string; recipients: number }> {
  const mailingId = randomUUID();
  const command = { type: 'SendSubscriptionMail' as const, mailingId, ...input };
  mailingDecider.decide(command, mailingDecider.initialState(), ctx.now);
  const recipients = await confirmedAmong(store, [...new Set(input.subscriptionIds)]);
  if (recipients.length === 0) throw new DomainError('PleaseSelectSubscribers', { field: 'subscriptionIds' });
  const r = await handleCommand(
    store,
    mailingStream(mailingId),
    mailingDecider,
    { ...command, subscriptionIds: recipients },
    ctx,
  );
  return { position: r.position, mailingId, recipients: recipients.length };
}
