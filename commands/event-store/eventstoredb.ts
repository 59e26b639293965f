import { EventEmitter } from 'node:events';
import {
  type AllStreamSubscription,
  BACKWARDS,
  CancelledError,
  START as CLIENT_START,
  type AppendResult as ClientAppendResult,
  type Position as ClientPosition,
  DeadlineExceededError,
  END,
  type EventData,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  NotLeaderError,
  type ReadPosition,
  TimeoutError as ServerTimeoutError,
  type StreamingRead,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  type AppendOptions,
  type AppendResult,
  assertEvents,
  comparePositions,
  type EventMetadata,
  type EventStore,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  START,
  type StoredEvent,
  WrongExpectedRevisionError,
} from './port.ts';

/**
 * EventStoreDB (KurrentDB) adapter of the event store port, over @eventstore/db-client 6.2.1 (gRPC).
 * See docs/eventstoredb.md for how each part of the port maps onto the server.
 */

const DEFAULT_DEADLINE_MS = 5000;
/** Events per round trip when reading one stream. */
const STREAM_PAGE = 500;
/** Events per round trip when scanning $all (filtering happens here, so pages are larger than `limit`). */
const ALL_PAGE_MIN = 256;
const ALL_PAGE_MAX = 4096;

/** gRPC status codes that mean "the server did not (properly) answer": CANCELLED, DEADLINE_EXCEEDED, ABORTED, UNAVAILABLE. */
const TRANSPORT_CODES = new Set([1, 4, 10, 14]);

/** The fields of a recorded event this adapter reads (both stream and $all reads return this shape). */
interface Recorded {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: ClientPosition;
}

interface Pending {
  fail(error: Error): void;
}

function isSystem(e: Recorded): boolean {
  return e.type.startsWith('$') || e.streamId.startsWith('$');
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function toEventData(e: NewEvent): EventData {
  return {
    id: e.id,
    contentType: 'application/json',
    type: e.type,
    // The client JSON-encodes both; `null` stands in for an absent payload as in the PostgreSQL adapter.
    data: (e.data ?? null) as JSONType,
    metadata: e.metadata as unknown as JSONType,
  };
}

/** True for failures of the transport or of the server's availability, as opposed to an answer we must act on. */
export function isTransportFailure(error: unknown): boolean {
  if (
    error instanceof UnavailableError ||
    error instanceof DeadlineExceededError ||
    error instanceof ServerTimeoutError ||
    error instanceof CancelledError ||
    error instanceof NotLeaderError
  ) {
    return true;
  }
  // Command errors with a meaning of their own (wrong expected version, stream not found, access denied…).
  if (error instanceof WrongExpectedVersionError || error instanceof StreamNotFoundError) return false;
  if (error !== null && typeof error === 'object' && 'type' in error && typeof error.type === 'string') return false;
  // A plain gRPC ServiceError (the client passes some through unconverted, e.g. code 14 while fetching server features).
  const code = error !== null && typeof error === 'object' && 'code' in error ? error.code : undefined;
  return typeof code === 'number' && TRANSPORT_CODES.has(code);
}

function positionOf(e: Recorded, fallbackCommit?: bigint): Position {
  if (e.position) return { commit: e.position.commit, prepare: e.position.prepare };
  // Servers before 22.6 send no position on stream reads; the commit position of the resolved event is the best left.
  const c = fallbackCommit ?? -1n;
  return { commit: c, prepare: c };
}

function toStored(e: Recorded, fallbackCommit?: bigint): StoredEvent {
  return {
    id: e.id,
    streamId: e.streamId,
    revision: e.revision,
    position: positionOf(e, fallbackCommit),
    type: e.type,
    data: e.data,
    metadata: e.metadata as EventMetadata,
    recordedAt: e.created,
  };
}

export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  readonly client: EventStoreDBClient;
  readonly deadlineMs: number;
  private readonly emitter = new EventEmitter();
  private readonly pending = new Set<Pending>();
  private closed = false;
  /** Whether any call reached the client (and so may have opened a channel). */
  private used = false;
  /** A live subscription to $all, open while someone listens for appends: how other processes' appends are heard. */
  private live: AllStreamSubscription | null = null;
  /** Ids of events this instance appended while `live` is open, so the subscription does not announce them twice. */
  private readonly own = new Set<string>();

  constructor(client: EventStoreDBClient, opts: { deadlineMs?: number } = {}) {
    this.client = client;
    this.deadlineMs = opts.deadlineMs ?? DEFAULT_DEADLINE_MS;
    if (!(this.deadlineMs > 0)) throw new Error(`deadlineMs must be positive, got ${this.deadlineMs}`);
    this.emitter.setMaxListeners(0);
  }

  async append(stream: string, events: readonly NewEvent[], opts: AppendOptions): Promise<AppendResult> {
    assertEvents(events);
    const expected = opts.expectedRevision;
    let result: ClientAppendResult;
    try {
      result = await this.call(`append to "${stream}"`, (deadline) =>
        this.client.appendToStream(stream, events.map(toEventData), { expectedRevision: expected, deadline }),
      );
    } catch (e) {
      if (!(e instanceof WrongExpectedVersionError)) throw e;
      return this.conflictOrRetry(stream, events, expected, e.actualVersion);
    }
    if (!result.success) {
      // Only with throwOnAppendFailure=false in the connection string: the same conflict, reported as a value.
      return this.conflictOrRetry(stream, events, expected, await this.currentRevision(stream));
    }
    if (this.live) {
      if (this.own.size > 10_000) this.own.clear();
      for (const e of events) this.own.add(e.id.toLowerCase());
    }
    const position = await this.positionOfAppended(stream, result.nextExpectedRevision, events, result.position);
    this.emitter.emit('appended', stream);
    return { nextRevision: result.nextExpectedRevision, position };
  }

  async *readStream(stream: string, opts: { fromRevision?: bigint } = {}): AsyncIterable<StoredEvent> {
    let from = opts.fromRevision ?? 0n;
    for (;;) {
      const page = await this.readStreamPage(stream, from, STREAM_PAGE);
      for (const r of page) {
        if (r.event) yield toStored(r.event, r.commitPosition);
      }
      const last = page[page.length - 1]?.event;
      if (page.length < STREAM_PAGE || !last) return;
      from = last.revision + 1n;
    }
  }

  /**
   * Scans $all forwards from `after` (inclusive on the server, so the event exactly at `after` is skipped here),
   * drops system events and events of other types, and stops at `limit` events or at the end of the log.
   */
  async readAll(opts: ReadAllOptions): Promise<StoredEvent[]> {
    const out: StoredEvent[] = [];
    if (opts.limit <= 0 || opts.types?.length === 0) return out;
    const wanted = opts.types ? new Set(opts.types) : null;
    const batch = Math.min(Math.max(opts.limit + 1, ALL_PAGE_MIN), ALL_PAGE_MAX);
    let cursor: Position = opts.after;
    let from: ReadPosition = opts.after.commit < 0n ? CLIENT_START : { ...opts.after };
    for (;;) {
      const fromPosition = from;
      const page = await this.collect('read $all', (deadline) =>
        this.client.readAll({ fromPosition, maxCount: batch, direction: FORWARDS, resolveLinkTos: false, deadline }),
      );
      let advanced = false;
      for (const r of page) {
        const e = r.event;
        if (!e) continue;
        const pos = positionOf(e);
        if (comparePositions(pos, cursor) <= 0) continue;
        cursor = pos;
        advanced = true;
        if (isSystem(e) || (wanted && !wanted.has(e.type))) continue;
        out.push(toStored(e));
        if (out.length >= opts.limit) return out;
      }
      if (page.length < batch || !advanced) return out;
      from = { ...cursor };
    }
  }

  /** EventStoreDB has no visibility horizon: what is committed is readable. */
  lastPosition(): Promise<Position> {
    return this.headPosition();
  }

  /** Reads $all backwards from the end to the newest event that is not a system event. */
  async headPosition(): Promise<Position> {
    let from: ReadPosition = END;
    let cursor: Position | null = null;
    for (;;) {
      const fromPosition = from;
      const page = await this.collect('read the head of $all', (deadline) =>
        this.client.readAll({
          fromPosition,
          maxCount: ALL_PAGE_MIN,
          direction: BACKWARDS,
          resolveLinkTos: false,
          deadline,
        }),
      );
      let advanced = false;
      for (const r of page) {
        const e = r.event;
        if (!e) continue;
        const pos = positionOf(e);
        if (cursor && comparePositions(pos, cursor) >= 0) continue;
        cursor = pos;
        advanced = true;
        if (!isSystem(e)) return pos;
      }
      if (page.length < ALL_PAGE_MIN || !advanced || !cursor) return START;
      from = { ...cursor };
    }
  }

  onAppended(listener: (stream: string) => void): () => void {
    this.emitter.on('appended', listener);
    this.hearOthers();
    return () => this.emitter.off('appended', listener);
  }

  /** Other processes' appends arrive through a live subscription to $all from its end (user events only). */
  private hearOthers(): void {
    if (this.live || this.closed) return;
    this.used = true;
    const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.live = sub;
    sub.on('data', (r) => {
      const e = r.event;
      if (!e || this.own.delete(e.id.toLowerCase())) return;
      this.emitter.emit('appended', e.streamId);
    });
    sub.on('error', () => {
      if (this.live !== sub) return;
      this.live = null;
      this.own.clear();
      // A hint is only a hint: readers poll meanwhile. Listen again while anyone is listening.
      setTimeout(() => {
        if (this.emitter.listenerCount('appended') > 0) this.hearOthers();
      }, 1_000).unref();
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.emitter.removeAllListeners();
    const live = this.live;
    this.live = null;
    await live?.unsubscribe().catch(() => undefined);
    for (const p of [...this.pending]) p.fail(new EventStoreUnavailableError('EventStoreDB store was closed'));
    this.pending.clear();
    await this.client.dispose().catch(() => undefined);
    if (this.used) await this.closeChannel();
  }

  /**
   * dispose() cancels the client's streams but leaves its gRPC channel open; close that too. `getChannel` is
   * protected in the typings (an instance property at run time); it may have to resolve the endpoint again, so the
   * wait is bounded.
   */
  private async closeChannel(): Promise<void> {
    const getChannel = (this.client as unknown as { getChannel?: () => Promise<{ close(): void }> }).getChannel;
    if (typeof getChannel !== 'function') return;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), Math.min(this.deadlineMs, 1000));
    });
    try {
      const channel = await Promise.race([getChannel.call(this.client), gaveUp]);
      channel?.close();
    } catch {
      // Already closed, or the endpoint could not be resolved: nothing left to close.
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A conflict, unless the events are already in the stream exactly where this append would have put them: then it
   * was a retry of an append that succeeded (what the server's own idempotency check usually answers by itself).
   */
  private async conflictOrRetry(
    stream: string,
    events: readonly NewEvent[],
    expected: ExpectedRevision,
    actual: bigint | 'no_stream',
  ): Promise<AppendResult> {
    if (expected !== 'any' && actual !== 'no_stream') {
      const start = expected === 'no_stream' ? 0n : expected + 1n;
      const page = await this.readStreamPage(stream, start, events.length);
      const recorded = page.map((r) => r.event).filter((e): e is NonNullable<typeof e> => e !== undefined);
      if (recorded.length === events.length && recorded.every((e, i) => sameId(e.id, events[i]!.id))) {
        const last = recorded[recorded.length - 1]!;
        this.emitter.emit('appended', stream);
        return { nextRevision: last.revision, position: positionOf(last, page[page.length - 1]?.commitPosition) };
      }
    }
    throw new WrongExpectedRevisionError(stream, expected, actual);
  }

  /**
   * The position of the last appended event as readStream and readAll report it. The append answer is not used
   * directly: an idempotent re-append answers with no position (older servers) or a log position that is not the
   * event's, and a batch answers with one position for the whole write. Reading the event back makes the result
   * identical for a first append and its retry.
   */
  private async positionOfAppended(
    stream: string,
    revision: bigint,
    events: readonly NewEvent[],
    answered: ClientPosition | undefined,
  ): Promise<Position> {
    const page = await this.readStreamPage(stream, revision, 1);
    const e = page[0]?.event;
    if (e && sameId(e.id, events[events.length - 1]!.id) && (e.position || !answered)) {
      return positionOf(e, page[0]?.commitPosition);
    }
    if (answered) return { commit: answered.commit, prepare: answered.prepare };
    throw new Error(`EventStoreDB append to "${stream}" succeeded but its event is not at revision ${revision}`);
  }

  private async currentRevision(stream: string): Promise<bigint | 'no_stream'> {
    try {
      const page = await this.collect(`read the end of "${stream}"`, (deadline) =>
        this.client.readStream(stream, { fromRevision: END, direction: BACKWARDS, maxCount: 1, deadline }),
      );
      return page[0]?.event?.revision ?? 'no_stream';
    } catch (e) {
      if (e instanceof StreamNotFoundError) return 'no_stream';
      throw e;
    }
  }

  private async readStreamPage(stream: string, from: bigint, maxCount: number) {
    try {
      return await this.collect(`read "${stream}"`, (deadline) =>
        this.client.readStream(stream, { fromRevision: from, maxCount, direction: FORWARDS, deadline }),
      );
    } catch (e) {
      if (e instanceof StreamNotFoundError) return [];
      throw e;
    }
  }

  /** Drains one read under the deadline; on time-out the gRPC call is cancelled. */
  private collect<E>(label: string, open: (deadline: number) => StreamingRead<E>): Promise<E[]> {
    let read: StreamingRead<E> | undefined;
    return this.call(
      label,
      async (deadline) => {
        read = open(deadline);
        const out: E[] = [];
        for await (const e of read) out.push(e);
        return out;
      },
      () => {
        read?.cancel().catch(() => undefined);
        read?.destroy();
      },
    );
  }

  /**
   * One round trip to the server. It carries the client's own `deadline`, but the client ignores it for reads
   * (they run with an infinite gRPC deadline) and never applies one to its server-features handshake, so a peer
   * that accepts the connection and stays silent would hang forever: the timer here bounds every call.
   */
  private call<T>(label: string, run: (deadline: number) => Promise<T>, onTimeout?: () => void): Promise<T> {
    if (this.closed) return Promise.reject(new EventStoreUnavailableError(`EventStoreDB store is closed (${label})`));
    this.used = true;
    const ms = this.deadlineMs;
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (): boolean => {
        if (settled) return false;
        settled = true;
        clearTimeout(timer);
        this.pending.delete(pending);
        return true;
      };
      const pending: Pending = {
        fail: (error) => {
          if (!settle()) return;
          onTimeout?.();
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        pending.fail(
          new EventStoreUnavailableError(`EventStoreDB did not answer (${label}) within ${ms} ms`, {
            cause: new DOMException(`No answer within ${ms} ms`, 'TimeoutError'),
          }),
        );
      }, ms);
      this.pending.add(pending);
      let promise: Promise<T>;
      try {
        promise = run(ms);
      } catch (e) {
        promise = Promise.reject(e);
      }
      promise.then(
        (value) => {
          if (settle()) resolve(value);
        },
        (error: unknown) => {
          if (!settle()) return;
          if (isTransportFailure(error)) {
            const detail = error instanceof Error ? error.message : String(error);
            reject(
              new EventStoreUnavailableError(`EventStoreDB is unavailable (${label}): ${detail}`, { cause: error }),
            );
          } else {
            reject(error);
          }
        },
      );
    });
  }
}

/** Opens the adapter on a connection string such as `esdb://localhost:2113?tls=false`. */
export function openEventStoreDb(connectionString: string, opts: { deadlineMs?: number } = {}): EventStoreDbEventStore {
  return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString), opts);
}
