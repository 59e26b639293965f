import {
  type UniqueKind,
  UniqueKinds,
  type UniqueValueEvent,
  uniqueStream,
  uniqueValueEvents,
} from '../../domain/registration/unique.ts';
import { DomainError } from '../../domain/shared/errors.ts';
import { decode } from '../event-store/decode.ts';
import type { EventStore, Position } from '../event-store/port.ts';
import type { CommandContext } from '../handle.ts';
import { changeHolding, type Holding, readHolding } from '../ownership.ts';

// The unique values' events and streams are the domain's (domain/registration/unique.ts, listed in the record kinds).
export { type UniqueKind, UniqueKinds, type UniqueValueEvent, uniqueStream, uniqueValueEvents };

function ownerOf(store: EventStore, stream: string): Promise<Holding> {
  return readHolding(store, stream, (e) => {
    const event = decode(uniqueValueEvents, e);
    return event?.type === 'UniqueValueClaimed' ? event.data.ownerId : null;
  });
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

/** A change to who holds a value, made on the value's own stream (looked at again on a conflict). */
type HoldingChange = (
  store: EventStore,
  kind: UniqueKind,
  value: string,
  ownerId: string,
  ctx: CommandContext,
) => Promise<Position | null>;

const onValue = (
  store: EventStore,
  kind: UniqueKind,
  value: string,
  ctx: CommandContext,
  next: (h: Holding) => UniqueValueEvent | null,
  idScope?: string,
) => {
  const stream = uniqueStream(kind, value);
  return changeHolding(store, stream, ctx, () => ownerOf(store, stream), next, idScope);
};

/** Claims the value for ownerId; a claim the owner already holds is a no-op. */
export const claim: HoldingChange = (store, kind, value, ownerId, ctx) =>
  onValue(store, kind, value, ctx, ({ owner }) => {
    if (owner === ownerId) return null;
    if (owner !== null) throw new DomainError(UniqueKinds[kind].code, { field: UniqueKinds[kind].field });
    return claimed(kind, UniqueKinds[kind].normalise(value), ownerId);
  });

/**
 * Gives the value up (the owner changed it, or a registration that claimed it failed). A conflict means someone
 * appended meanwhile: look again (a release must not be lost, or the value leaks).
 */
export const release: HoldingChange = (store, kind, value, ownerId, ctx) =>
  onValue(
    store,
    kind,
    value,
    ctx,
    ({ owner, revision }) => (owner !== ownerId || revision === null ? null : released(kind, ownerId)),
    ':release',
  );
