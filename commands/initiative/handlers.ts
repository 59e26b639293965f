import { randomUUID } from 'node:crypto';
import { assertApprovable, type InitiativeCommand, initiativeDecider } from '../../domain/initiative/decide.ts';
import { initiativeStream } from '../../domain/initiative/events.ts';
import { type InitiativeDraft, initiativeCode } from '../../domain/initiative/rules.ts';
import { opportunityDecider, opportunityStream } from '../../domain/opportunity/decide.ts';
import type { OpportunityDetails } from '../../domain/opportunity/rules.ts';
import type { ClientConfig } from '../../domain/shared/clients.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, handleCommand, loadFolded } from '../handle.ts';
import { lookupsOf } from '../lookups/source.ts';

/** A volunteer or a centre (staff) proposes an event: status New, its code made from its id. */
export async function proposeInitiative(
  store: EventStore,
  proposerId: string,
  input: InitiativeDraft,
  ctx: CommandContext,
): Promise<{ position: Position; initiativeId: string; code: string }> {
  const initiativeId = randomUUID();
  const command: InitiativeCommand = {
    type: 'ProposeInitiative',
    initiativeId,
    code: initiativeCode(initiativeId, ctx.now),
    proposerId,
    lookups: await lookupsOf(store),
    ...input,
  };
  const r = await handleCommand(store, initiativeStream(initiativeId), initiativeDecider, command, ctx);
  // A retried command answers the initiative its first run recorded.
  const first = r.events[0];
  if (first?.type === 'InitiativeProposed')
    return { position: r.position, initiativeId: first.data.initiativeId, code: first.data.code };
  return { position: r.position, initiativeId, code: command.code };
}

/** The initiative as its stream holds it (never behind the command that just changed it). */
export async function loadInitiative(store: EventStore, initiativeId: string) {
  return (await loadFolded(store, initiativeStream(initiativeId), initiativeDecider)).state;
}

/** The draft event an initiative becomes: one id per initiative, so an approval sent again finds it. */
export const eventIdOf = (initiativeId: string) => deterministicEventId(initiativeId, 'initiative-event', 0);

/**
 * Approving an initiative (status Received) turns it into a draft event: the opportunity module's own Create (its
 * rules, approval pending), with the details the approver completed from the proposal. The initiative must still be
 * New before anything is written; the event is created first under an id derived from the initiative, then the
 * initiative records the link. A request cut between the two steps and sent again finds the event (its create is a
 * no-op under the same command id, or is skipped when the event exists) and records the link.
 */
export async function approveInitiative(
  store: EventStore,
  initiativeId: string,
  details: OpportunityDetails,
  client: ClientConfig,
  ctx: CommandContext,
): Promise<{ position: Position; eventId: string }> {
  const stream = initiativeStream(initiativeId);
  assertApprovable((await loadFolded(store, stream, initiativeDecider)).state);
  const eventId = eventIdOf(initiativeId);
  const event = await loadFolded(store, opportunityStream(eventId), opportunityDecider);
  if (!event.state.exists) {
    await handleCommand(
      store,
      opportunityStream(eventId),
      opportunityDecider,
      // Checked against the current master data (region, city, type) like any event created by hand.
      { type: 'Create', details, client, lookups: await lookupsOf(store) },
      { ...ctx, commandId: `${ctx.commandId}:event` },
    );
  }
  const r = await handleCommand(store, stream, initiativeDecider, { type: 'ApproveInitiative', eventId }, ctx);
  return { position: r.position, eventId };
}

export async function rejectInitiative(
  store: EventStore,
  initiativeId: string,
  reason: string | null | undefined,
  ctx: CommandContext,
): Promise<Position> {
  return (
    await handleCommand(
      store,
      initiativeStream(initiativeId),
      initiativeDecider,
      { type: 'RejectInitiative', reason },
      ctx,
    )
  ).position;
}
