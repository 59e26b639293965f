import { randomUUID } from 'node:crypto';
import { opportunityStream } from '../../domain/opportunity/decide.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { type TicketCommand, ticketDecider } from '../../domain/ticket/decide.ts';
import { ticketsStream } from '../../domain/ticket/events.ts';
import { RequestType, ticketCode } from '../../domain/ticket/rules.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import { type CommandContext, handleCommand } from '../handle.ts';
import { lookupsOf } from '../lookups/source.ts';

/** What the creator fills in: the submit command less the id and code chosen here. */
export type NewTicket = Omit<Extract<TicketCommand, { type: 'SubmitTicket' }>, 'type' | 'ticketId' | 'code'>;

/** A command on one of the volunteer's tickets (one stream per volunteer). */
async function onTicket(
  store: EventStore,
  volunteerId: string,
  command: TicketCommand,
  ctx: CommandContext,
): Promise<Position> {
  return (await handleCommand(store, ticketsStream(volunteerId), ticketDecider, command, ctx)).position;
}

/** A department of the master data (active): what a ticket may be assigned to. */
async function assertDepartment(store: EventStore, departmentId: number | null | undefined): Promise<void> {
  if (departmentId == null) return;
  const lookups = await lookupsOf(store);
  if (!lookups.list('department').some((d) => d.id === departmentId))
    throw new DomainError('ValidationFailed', { field: 'departmentId' });
}

async function streamExists(store: EventStore, stream: string): Promise<boolean> {
  for await (const _ of store.readStream(stream)) return true;
  return false;
}

/**
 * A volunteer submits a ticket (1), suggestion (2) or contact request (4). The volunteer's ticket stream owns the
 * duplicate rule, so of two identical submissions at once one is refused (DuplicateTicketNotResolvedYet). A ticket's
 * event must be one the log knows (InvalidEvent).
 */
export async function submitTicket(
  store: EventStore,
  volunteerId: string,
  input: NewTicket,
  ctx: CommandContext,
): Promise<{ position: Position; ticketId: string; code: string }> {
  const ticketId = randomUUID();
  const code = ticketCode(ticketId, ctx.now);
  const command: TicketCommand = { type: 'SubmitTicket', ticketId, code, ...input };
  // The rules first (a refusal reads nothing), then whether the event exists.
  ticketDecider.decide(command, ticketDecider.initialState(), ctx.now);
  await assertDepartment(store, input.departmentId);
  if (input.requestType === RequestType.Ticket && !(await streamExists(store, opportunityStream(input.eventId!))))
    throw new DomainError('InvalidEvent', { field: 'eventId' });
  const r = await handleCommand(store, ticketsStream(volunteerId), ticketDecider, command, ctx);
  // A retried command answers the ticket its first run recorded.
  const first = r.events[0];
  if (first?.type === 'TicketSubmitted')
    return { position: r.position, ticketId: first.data.ticketId, code: first.data.code };
  return { position: r.position, ticketId, code };
}

export async function replyToTicket(
  store: EventStore,
  volunteerId: string,
  ticketId: string,
  input: { action?: number | null; response?: string | null },
  ctx: CommandContext,
): Promise<Position> {
  return onTicket(store, volunteerId, { type: 'ReplyToTicket', ticketId, ...input }, ctx);
}

export async function assignTicketDepartment(
  store: EventStore,
  volunteerId: string,
  ticketId: string,
  departmentId: number,
  ctx: CommandContext,
): Promise<Position> {
  await assertDepartment(store, departmentId);
  return onTicket(store, volunteerId, { type: 'AssignTicketDepartment', ticketId, departmentId }, ctx);
}

/** The creator's verdict: resolved (1) or not resolved (2) with a reason. */
export async function markTicket(
  store: EventStore,
  volunteerId: string,
  ticketId: string,
  input: { status?: number | null; reasonId?: number | null; reason?: string | null },
  ctx: CommandContext,
): Promise<Position> {
  return onTicket(store, volunteerId, { type: 'MarkTicket', ticketId, ...input }, ctx);
}
