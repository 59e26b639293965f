import { createHash } from 'node:crypto';
import type { ClientCode } from '../domain/shared/clients.ts';
import type { Decider, DomainEvent } from '../domain/shared/decider.ts';
import { DomainError } from '../domain/shared/errors.ts';
import type { RoleId } from '../domain/shared/roles.ts';
import { decode, encode } from './event-store/decode.ts';
import {
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type Position,
  START,
  WrongExpectedRevisionError,
} from './event-store/port.ts';

/** Who asks, through which request: becomes every event's metadata. */
export interface CommandContext {
  actorId: string | null;
  actorRole: RoleId | null;
  /** The HTTP request id. */
  correlationId: string;
  /** What caused this command (an event id for a reaction), if anything. */
  causationId?: string | null;
  clientCode: ClientCode;
  /** Unique per command; a retry with the same id appends nothing new. */
  commandId: string;
  now: Date;
  /**
   * Events that go out with this command's own append, after what the decider decided, and only if it decided
   * something (an outbox: a durable process's start or end travelling with its step's append, so that it costs no
   * append of its own). Afterwards `written` tells whether they are in the stream (appended now or by an earlier run
   * of this command id), `earlier` whether an earlier run had appended them.
   */
  outbox?: Outbox;
}

export interface Outbox {
  readonly events: readonly DomainEvent[];
  written: boolean;
  earlier?: boolean;
}

export interface CommandResult<E extends DomainEvent = DomainEvent> {
  /** Global position of the last event written (or the stream's last event on an idempotent retry or no-op). */
  position: Position;
  events: E[];
  /** True when this command id had already been handled: nothing was appended. */
  duplicate: boolean;
}

const MAX_ATTEMPTS = 5;

/** A stable UUID from the command id, stream and index, so a retried append carries the same event ids. */
export function deterministicEventId(commandId: string, stream: string, index: number): string {
  const h = createHash('sha256').update(`${commandId}\u0000${stream}\u0000${index}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50; // version 5-style
  h[8] = (h[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

export function metadataOf(ctx: CommandContext): EventMetadata {
  return {
    actorId: ctx.actorId,
    actorRole: ctx.actorRole,
    correlationId: ctx.correlationId,
    causationId: ctx.causationId ?? null,
    occurredAt: ctx.now.toISOString(),
    clientCode: ctx.clientCode,
    commandId: ctx.commandId,
  };
}

/** A stream folded up to a revision; the events of each command seen in it (idempotency). */
interface Folded<S, E> {
  state: S;
  revision: bigint | null;
  lastPosition: Position;
  byCommand: Map<string, { position: Position; events: E[] }>;
}

/**
 * Folded streams, per store and decider, in this process. Events never change and evolve() is pure, so a cached fold
 * stays true: a command reads only the events after the cached revision instead of the whole stream. Bounded, oldest
 * dropped first.
 */
const MAX_CACHED_STREAMS = 20_000;
const folds = new WeakMap<EventStore, WeakMap<object, Map<string, Folded<unknown, DomainEvent>>>>();

function foldCache<S, C, E extends DomainEvent>(
  store: EventStore,
  decider: Decider<S, C, E>,
): Map<string, Folded<S, E>> {
  let perStore = folds.get(store);
  if (!perStore) {
    perStore = new WeakMap();
    folds.set(store, perStore);
  }
  let perDecider = perStore.get(decider);
  if (!perDecider) {
    perDecider = new Map();
    perStore.set(decider, perDecider);
  }
  return perDecider as unknown as Map<string, Folded<S, E>>;
}

function remember<S, E>(cache: Map<string, Folded<S, E>>, stream: string, f: Folded<S, E>) {
  cache.delete(stream);
  cache.set(stream, f);
  if (cache.size > MAX_CACHED_STREAMS) cache.delete(cache.keys().next().value!);
}

/** The stream folded to its last event: from the cache, reading only what came after. */
export async function loadFolded<S, C, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C, E>,
): Promise<Folded<S, E>> {
  const cache = foldCache(store, decider);
  const cached = cache.get(stream);
  let f: Folded<S, E> = cached
    ? { ...cached }
    : { state: decider.initialState(), revision: null, lastPosition: START, byCommand: new Map() };
  let grew = false;
  for await (const e of store.readStream(stream, { fromRevision: f.revision === null ? 0n : f.revision + 1n })) {
    // A type the decider does not know (a durable process's start or end in a command's outbox) moves the revision
    // and changes nothing.
    const domainEvent = decode(decider.events, e);
    f = {
      ...f,
      state: domainEvent ? decider.evolve(f.state, domainEvent) : f.state,
      revision: e.revision,
      lastPosition: e.position,
    };
    const commandId = e.metadata.commandId;
    const seen = commandId ? f.byCommand.get(commandId) : undefined;
    // An event of another union in the same append (a command's outbox) moves the command's position on, as it did
    // for the run that appended it.
    if (commandId && (domainEvent || seen)) {
      if (!grew) f.byCommand = new Map(f.byCommand);
      grew = true;
      f.byCommand.set(commandId, {
        position: e.position,
        events: domainEvent ? [...(seen?.events ?? []), domainEvent] : seen!.events,
      });
    }
  }
  remember(cache, stream, f);
  return f;
}

/**
 * Load the stream, fold it, decide, append at the revision read; on a version conflict, load again and decide again.
 * A command id already seen in the stream answers with the earlier result and appends nothing.
 *
 * A stream this process has folded before is decided from the cached fold without reading it first: the append's
 * expected revision proves the fold was current (it fails if anyone appended since). Only a success is taken on
 * trust: a conflict, a refusal or a no-op from the cached fold reads the stream and decides again, so a stale fold
 * never answers the caller.
 */
export async function handleCommand<S, C, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  decider: Decider<S, C, E>,
  command: C,
  ctx: CommandContext,
  opts: { maxAttempts?: number } = {},
): Promise<CommandResult<E>> {
  const maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
  const cache = foldCache(store, decider);
  let trusted = cache.get(stream) ?? null;
  for (let attempt = 1; ; attempt++) {
    const f = trusted ?? (await loadFolded(store, stream, decider));
    const onTrust = trusted !== null;
    trusted = null;
    const earlier = f.byCommand.get(ctx.commandId);
    if (earlier) {
      // The earlier run appended its outbox with its events (they went out together or not at all).
      if (ctx.outbox) Object.assign(ctx.outbox, { written: earlier.events.length > 0, earlier: true });
      return { position: earlier.position, events: earlier.events, duplicate: true };
    }

    let events: E[];
    try {
      events = decider.decide(command, f.state, ctx.now);
    } catch (e) {
      if (onTrust) {
        attempt--;
        continue;
      }
      throw e;
    }
    if (events.length === 0) {
      if (onTrust) {
        attempt--;
        continue;
      }
      return { position: f.lastPosition, events, duplicate: false };
    }
    const meta = metadataOf(ctx);
    const { commandId, outbox } = ctx;
    const toAppend: NewEvent[] = [...events, ...(outbox?.events ?? [])].map((e, i) =>
      encode(deterministicEventId(commandId, stream, i), e, meta),
    );
    try {
      const r = await store.append(stream, toAppend, { expectedRevision: f.revision ?? 'no_stream' });
      if (outbox) outbox.written = true;
      if (r.nextRevision !== (f.revision ?? -1n) + BigInt(toAppend.length)) {
        // The store answered a retry with where these events already were (another process appended them for this
        // command id, a resume after a crash): the fold may lack what came between, so it is read again next time.
        cache.delete(stream);
        if (outbox) outbox.earlier = true;
        return { position: r.position, events, duplicate: true };
      }
      // What was just written is known: fold it in without reading it back.
      const byCommand = new Map(f.byCommand).set(ctx.commandId, { position: r.position, events });
      remember(cache, stream, {
        state: events.reduce(decider.evolve, f.state),
        revision: r.nextRevision,
        // The outbox's events come last: the position answered is theirs (a reader after it sees all).
        lastPosition: r.position,
        byCommand,
      });
      return { position: r.position, events, duplicate: false };
    } catch (e) {
      if (!(e instanceof WrongExpectedRevisionError)) throw e;
      if (onTrust) {
        attempt--;
        continue;
      }
      if (attempt >= maxAttempts) throw new DomainError('ConcurrencyConflict', { stream });
      // A little jitter so that contenders do not collide again in lockstep.
      if (attempt > 2) await new Promise((r) => setTimeout(r, Math.random() * attempt));
    }
  }
}
