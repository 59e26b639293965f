import type { DomainEvent } from '../../domain/shared/decider.ts';
import { DomainError, type ErrorCode } from '../../domain/shared/errors.ts';
import { type EventTypes, eventTypes } from '../../domain/shared/upcast.ts';
import { decode, encode } from '../event-store/decode.ts';
import { type EventStore, WrongExpectedRevisionError } from '../event-store/port.ts';
import { type CommandContext, deterministicEventId, metadataOf } from '../handle.ts';

/**
 * A unique value is owned by a stream of its own ("email-ahmed@example.org"): claimed with expectedRevision
 * no_stream (or at the revision where it was last released), so of two simultaneous claims exactly one wins.
 */
export const UniqueKinds = {
  email: {
    prefix: 'email',
    code: 'EmailAlreadyExists',
    field: 'user.email',
    normalise: (v: string) => v.trim().toLowerCase(),
  },
  mobile: {
    prefix: 'mobile',
    code: 'MobileAlreadyExists',
    field: 'user.mobile',
    normalise: (v: string) => v.replace(/\D/g, ''),
  },
  idNumber: {
    prefix: 'idnumber',
    code: 'IdNumberAlreadyExists',
    field: 'identity.idNumber',
    normalise: (v: string) => v.trim(),
  },
} as const satisfies Record<
  string,
  { prefix: string; code: ErrorCode; field: string; normalise: (v: string) => string }
>;
export type UniqueKind = keyof typeof UniqueKinds;

/** The events of a unique value's stream: who holds it, and when it was given up. */
export type UniqueValueEvent =
  | DomainEvent<'UniqueValueClaimed', { kind: UniqueKind; value: string; ownerId: string }>
  | DomainEvent<'UniqueValueReleased', { kind: UniqueKind; ownerId: string }>;
export const uniqueValueEvents: EventTypes<UniqueValueEvent> = eventTypes<UniqueValueEvent>({
  UniqueValueClaimed: true,
  UniqueValueReleased: true,
});

export const uniqueStream = (kind: UniqueKind, value: string) =>
  `${UniqueKinds[kind].prefix}-${UniqueKinds[kind].normalise(value)}`;

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
