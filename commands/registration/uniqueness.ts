import {
  type UniqueKind,
  UniqueKinds,
  type UniqueValueEvent,
  uniqueStream,
  uniqueValueEvents,
} from '../../domain/registration/unique.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { decode, encode } from '../event-store/decode.ts';
import { type EventStore, WrongExpectedRevisionError } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, metadataOf } from '../handle.ts';

// The unique values' events and streams are the domain's (domain/registration/unique.ts, listed in the record kinds).
export { type UniqueKind, UniqueKinds, type UniqueValueEvent, uniqueStream, uniqueValueEvents };

async function ownerOf(store: EventStore, stream: string): Promise<{ owner: string | null; revision: bigint | null }> {
  let owner: string | null = null;
  let revision: bigint | null = null;
  for await (const e of store.readStream(stream)) {
    revision = e.revision;
    const event = decode(uniqueValueEvents, e);
    owner = event?.type === 'UniqueValueClaimed' ? event.data.ownerId : null;
  }
  return { owner, revision };
}

/** Who holds a value now (null when nobody): read from its own stream, so never behind a command. */
export async function ownerOfValue(store: EventStore, kind: UniqueKind, value: string): Promise<string | null> {
  return (await ownerOf(store, uniqueStream(kind, value))).owner;
}

/**
 * Refuses (with the kind's catalogue code) when one of the values belongs to someone else, reading only: a command
 * checks every value before it claims any, so a refusal writes nothing. A claim made meanwhile by someone else is
 * still caught by claim() itself.
 */
export async function assertAvailable(
  store: EventStore,
  values: [UniqueKind, string][],
  ownerId: string,
): Promise<void> {
  const owners = await Promise.all(values.map(([kind, value]) => ownerOf(store, uniqueStream(kind, value))));
  values.forEach(([kind], i) => {
    const { owner } = owners[i]!;
    if (owner !== null && owner !== ownerId)
      throw new DomainError(UniqueKinds[kind].code, { field: UniqueKinds[kind].field });
  });
}

const claimed = (kind: UniqueKind, value: string, ownerId: string): UniqueValueEvent => ({
  type: 'UniqueValueClaimed',
  data: { kind, value, ownerId },
});
const released = (kind: UniqueKind, ownerId: string): UniqueValueEvent => ({
  type: 'UniqueValueReleased',
  data: { kind, ownerId },
});

/** Claims the value for ownerId; a claim the owner already holds is a no-op. */
export async function claim(
  store: EventStore,
  kind: UniqueKind,
  value: string,
  ownerId: string,
  ctx: CommandContext,
): Promise<void> {
  const stream = uniqueStream(kind, value);
  for (let attempt = 0; attempt < 5; attempt++) {
    const { owner, revision } = await ownerOf(store, stream);
    if (owner === ownerId) return;
    if (owner !== null) throw new DomainError(UniqueKinds[kind].code, { field: UniqueKinds[kind].field });
    try {
      await store.append(
        stream,
        [
          encode(
            deterministicEventId(ctx.commandId, stream, Number(revision ?? -1n) + 1),
            claimed(kind, UniqueKinds[kind].normalise(value), ownerId),
            metadataOf(ctx),
          ),
        ],
        { expectedRevision: revision ?? 'no_stream' },
      );
      return;
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError)) throw e; // someone else moved first: look again
    }
  }
  throw new DomainError('ConcurrencyConflict', { stream });
}

/** Gives the value up (the owner changed it, or a registration that claimed it failed). */
export async function release(
  store: EventStore,
  kind: UniqueKind,
  value: string,
  ownerId: string,
  ctx: CommandContext,
): Promise<void> {
  const stream = uniqueStream(kind, value);
  // A conflict means someone appended meanwhile: look again (a release must not be lost, or the value leaks).
  for (let attempt = 0; attempt < 5; attempt++) {
    const { owner, revision } = await ownerOf(store, stream);
    if (owner !== ownerId || revision === null) return;
    try {
      await store.append(
        stream,
        [
          encode(
            deterministicEventId(`${ctx.commandId}:release`, stream, Number(revision) + 1),
            released(kind, ownerId),
            metadataOf(ctx),
          ),
        ],
        { expectedRevision: revision },
      );
      return;
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError)) throw e;
    }
  }
  throw new DomainError('ConcurrencyConflict', { stream });
}
