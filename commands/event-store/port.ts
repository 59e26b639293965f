/**
 * The event store port. Two adapters implement it: PostgreSQL (the default, ./postgres.ts) and EventStoreDB
 * (./eventstoredb.ts). Both pass the same contract suite (./contract.ts).
 */

export type ClientCodeMeta = string;

/** Who did it, through which request, when, for which client: what makes the event log the audit log. */
export interface EventMetadata {
  actorId: string | null;
  actorRole: number | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  clientCode: ClientCodeMeta;
  /** Id of the command that produced the event; a retried command with the same id appends nothing new. */
  commandId?: string;
  /**
   * The version of the data's shape (domain/event-versions.ts) when it was written; absent in events stored before
   * versions were recorded, whose version the upcasters tell from the shape.
   */
  schemaVersion?: number;
}

export interface NewEvent<T extends string = string, D = unknown> {
  /** UUID; re-appending an event with the same id is a no-op (idempotency). */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

/**
 * A position in the global log. PostgreSQL: commit = writing transaction id (xid8), prepare = global position.
 * EventStoreDB: its own commit and prepare positions. Ordered by (commit, prepare). Never a JS number.
 */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export const START: Position = { commit: -1n, prepare: -1n };

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Text form used on the wire (JSON cannot carry a bigint): "commit.prepare". */
export function formatPosition(p: Position): string {
  return `${p.commit}.${p.prepare}`;
}

export function parsePosition(s: string): Position {
  const m = /^(-?\d+)\.(-?\d+)$/.exec(s);
  if (!m) throw new Error(`Bad position "${s}"`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}

export interface StoredEvent<T extends string = string, D = unknown> {
  id: string;
  streamId: string;
  /** 0-based position of the event in its stream. */
  revision: bigint;
  position: Position;
  type: T;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** The stream must not exist, may be anything, or its last event must have this revision. */
export type ExpectedRevision = bigint | 'no_stream' | 'any';

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: bigint;
  /** Position of the last appended event. */
  position: Position;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. */
  after: Position;
  limit: number;
  /** Only these event types (all when omitted). */
  types?: readonly string[];
}

export interface ReadWithHead {
  events: StoredEvent[];
  head: Position;
  more?: boolean;
}

/** An append is made at the stream's revision its command decided on. */
export interface AppendOptions {
  expectedRevision: ExpectedRevision;
}

/** Both adapters refuse an append without events the same way. */
export function assertEvents(events: readonly NewEvent[]): void {
  if (events.length === 0) throw new Error('append needs at least one event');
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(stream: string, events: readonly NewEvent[], opts: AppendOptions): Promise<AppendResult>;
  readStream(stream: string, opts?: { fromRevision?: bigint }): AsyncIterable<StoredEvent>;
  /**
   * Events in global order after a position. Never skips an event whose transaction commits late: an event is
   * returned only once every event that can sort before it is known.
   */
  readAll(opts: ReadAllOptions): Promise<StoredEvent[]>;
  /** The position of the newest event that readAll can return now (START when the log is empty). */
  headPosition(): Promise<Position>;
  /**
   * Optional: readAll and headPosition in one round trip, under one snapshot (the PostgreSQL adapter has it). `more`
   * true means events past `head` may be readable already although fewer than `limit` came back (a shared read
   * that stopped at its own limit): read again at once.
   */
  readAllWithHead?(opts: ReadAllOptions): Promise<ReadWithHead>;
  /**
   * The position of the newest committed event, which readAll returns once every transaction that could still
   * append before it has ended (PostgreSQL: the cluster-wide xmin horizon). At or after headPosition().
   */
  lastPosition(): Promise<Position>;
  /** Subscribe to "this stream was appended to" hints (same process); returns an unsubscribe function. */
  onAppended(listener: (stream: string) => void): () => void;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly stream: string;
  readonly expected: ExpectedRevision;
  readonly actual: bigint | 'no_stream';
  constructor(stream: string, expected: ExpectedRevision, actual: bigint | 'no_stream') {
    super(`Wrong expected revision for stream "${stream}": expected ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
    this.stream = stream;
    this.expected = expected;
    this.actual = actual;
  }
}

/** The event store did not answer in time (EventStoreDB can hang on a peer that never answers). */
export class EventStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EventStoreUnavailableError';
  }
}

/** Stream names are "<category>-<id>", e.g. "user-3f0c…"; the category is the stream type. */
export function streamCategory(stream: string): string {
  const i = stream.indexOf('-');
  return i < 0 ? stream : stream.slice(0, i);
}
