import type { DomainEvent } from '../domain/shared/decider.ts';
import { DomainError } from '../domain/shared/errors.ts';
import { encode } from './event-store/decode.ts';
import { type EventStore, type Position, type StoredEvent, WrongExpectedRevisionError } from './event-store/port.ts';
import { type CommandContext, deterministicEventId, metadataOf } from './handle.ts';

/** Who holds a value kept in a stream of its own (a user name, a national id…), and the stream's revision. */
export interface Holding {
  owner: string | null;
  revision: bigint | null;
}

/** Reads a holding stream: `ownerAfter` tells who holds the value after each event (null once it is given back). */
export async function readHolding(
  store: EventStore,
  stream: string,
  ownerAfter: (e: StoredEvent) => string | null,
): Promise<Holding> {
  let owner: string | null = null;
  let revision: bigint | null = null;
  for await (const e of store.readStream(stream)) {
    revision = e.revision;
    owner = ownerAfter(e);
  }
  return { owner, revision };
}

/**
 * Claims or releases a value held in a stream of its own: `next` looks at the holding and answers the event to append
 * (null: nothing to do; it throws to refuse). The event is appended at the revision read, so of two changes at once
 * one fails and looks again (up to five times). `idScope` keeps a claim's and a release's event ids of one command
 * apart. Answers the position of the event appended (null: nothing appended), so that a command's answer can name its
 * last write.
 */
export async function changeHolding(
  store: EventStore,
  stream: string,
  ctx: CommandContext,
  read: () => Promise<Holding>,
  next: (h: Holding) => DomainEvent | null,
  idScope = '',
): Promise<Position | null> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const holding = await read();
    const event = next(holding);
    if (!event) return null;
    const { revision } = holding;
    try {
      const r = await store.append(
        stream,
        [
          encode(
            deterministicEventId(`${ctx.commandId}${idScope}`, stream, Number(revision ?? -1n) + 1),
            event,
            metadataOf(ctx),
          ),
        ],
        { expectedRevision: revision ?? 'no_stream' },
      );
      return r.position;
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError)) throw e; // someone else moved first: look again
    }
  }
  throw new DomainError('ConcurrencyConflict', { stream });
}
