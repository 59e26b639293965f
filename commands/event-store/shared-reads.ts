import {
  type AppendResult,
  comparePositions,
  type EventStore,
  type ExpectedRevision,
  formatPosition,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadWithHead,
  type StoredEvent,
} from './port.ts';

export function hasReadWithHead(
  store: EventStore,
): store is EventStore & Required<Pick<EventStore, 'readAllWithHead'>> {
  return typeof store.readAllWithHead === 'function';
}

interface SharedRead {
  /** Every event after the key's position up to `covered`, all types. */
  events: StoredEvent[];
  /** The readable head when read, or the last event when the read stopped at its limit. */
  covered: Position;
  /** The read stopped at its limit: more may follow `covered`. */
  more: boolean;
}

/**
 * The projection runners of one process read the log through this: runners woken by the same append ask for the
 * same position at about the same time, and get one untyped read between them, each filtered to its own event
 * types, instead of one query each. Only reads in flight are shared: a runner that asks after the read came back
 * (woken by a newer append) reads again, so it never waits for its next poll to see that append. Everything else
 * goes straight to the store.
 */
export class SharedReads implements EventStore {
  readonly kind: EventStore['kind'];
  private readonly store: EventStore & Required<Pick<EventStore, 'readAllWithHead'>>;
  private readonly reads = new Map<string, Promise<SharedRead>>();
  /** Untyped reads made, for tests and metrics. */
  queries = 0;

  constructor(store: EventStore & Required<Pick<EventStore, 'readAllWithHead'>>) {
    this.store = store;
    this.kind = store.kind;
  }

  async readAllWithHead(opts: ReadAllOptions): Promise<ReadWithHead> {
    const key = `${formatPosition(opts.after)}/${opts.limit}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.readShared(opts.after, opts.limit);
      this.reads.set(key, read);
      const done = () => {
        if (this.reads.get(key) === read) this.reads.delete(key);
      };
      read.then(done, done);
    }
    const shared = await read;
    const wanted = opts.types ? new Set(opts.types) : null;
    const events: StoredEvent[] = [];
    for (const e of shared.events) {
      if (wanted && !wanted.has(e.type)) continue;
      events.push(e);
      // This reader's own limit: it has read up to here and no further.
      if (events.length === opts.limit) return { events, head: e.position, more: true };
    }
    return { events, head: shared.covered, more: shared.more };
  }

  private async readShared(after: Position, limit: number): Promise<SharedRead> {
    this.queries++;
    const { events, head } = await this.store.readAllWithHead({ after, limit });
    const last = events[events.length - 1];
    const more = events.length === limit;
    // A full read covers up to its last event; a short one up to the head read in the same snapshot.
    const covered = more && last ? last.position : comparePositions(head, after) > 0 ? head : after;
    return { events, covered, more };
  }

  readAll(opts: ReadAllOptions): Promise<StoredEvent[]> {
    return this.store.readAll(opts);
  }
  append(
    stream: string,
    events: readonly NewEvent[],
    opts: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult> {
    return this.store.append(stream, events, opts);
  }
  readStream(stream: string, opts?: { fromRevision?: bigint }): AsyncIterable<StoredEvent> {
    return this.store.readStream(stream, opts);
  }
  headPosition(): Promise<Position> {
    return this.store.headPosition();
  }
  lastPosition(): Promise<Position> {
    return this.store.lastPosition();
  }
  onAppended(listener: (stream: string) => void): () => void {
    return this.store.onAppended(listener);
  }
  /** The wrapped store belongs to its owner, who closes it. */
  async close(): Promise<void> {
    this.reads.clear();
  }
}
