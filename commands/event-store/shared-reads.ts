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
  /** The append hints counted when the read began: it saw every append hinted before. */
  hintsSeen: number;
  /** When the read began (ms, performance.now()). */
  readAt: number;
}

/** The tail of the log this process has read, every type, contiguous from `start` (exclusive) to `covered`. */
interface Window extends SharedRead {
  /** Exclusive; hintsSeen and readAt are those of the read that reached `covered`. */
  start: Position;
}

/** Events kept in the window; older ones are dropped (a runner that far behind reads on its own). */
const WINDOW_EVENTS = 5_000;
/**
 * How old a window may be and still answer a reader that no hint woke (a poll): appends of other processes whose
 * hint was lost are then seen this much later at most.
 */
const POLL_FRESH_MS = 50;

const after = (p: Position, q: Position) => comparePositions(p, q) > 0;

/**
 * The projection runners of one process read the log through this. It keeps the tail of the log that it has read,
 * all types, and answers each runner from it, filtered to the runner's types: every event is read from the database
 * once per process instead of once per runner. A runner is answered from the tail only if the tail was read after
 * the latest append hint the runner could have been woken by (so no hinted append is missed, and no lag is added);
 * otherwise the tail is extended with one read, which every runner that asks meanwhile shares. Runners behind the
 * tail read on their own (reads in flight for the same position are still shared). Everything else goes straight to
 * the store.
 */
export class SharedReads implements EventStore {
  readonly kind: EventStore['kind'];
  private readonly store: EventStore & Required<Pick<EventStore, 'readAllWithHead'>>;
  private readonly reads = new Map<string, { promise: Promise<SharedRead>; hintsSeen: number }>();
  private window: Window | null = null;
  private extending: { promise: Promise<void> } | null = null;
  private hints = 0;
  private readonly unsubscribe: () => void;
  /** Untyped reads made, for tests and metrics. */
  queries = 0;

  constructor(store: EventStore & Required<Pick<EventStore, 'readAllWithHead'>>) {
    this.store = store;
    this.kind = store.kind;
    this.unsubscribe = store.onAppended(() => {
      this.hints++;
    });
  }

  async readAllWithHead(opts: ReadAllOptions): Promise<ReadWithHead> {
    // Every append hinted before this call must be in what answers it.
    const hintsBefore = this.hints;
    const askedAt = performance.now();
    for (;;) {
      const w = this.window;
      if (!w || after(w.start, opts.after) || after(opts.after, w.covered)) return this.readOnItsOwn(opts, hintsBefore);
      const fresh =
        w.hintsSeen >= hintsBefore &&
        askedAt - w.readAt <= POLL_FRESH_MS &&
        // A reader at the end of a window whose last read stopped at its limit needs what follows.
        !(w.more && !after(w.covered, opts.after));
      if (fresh) return this.serve(w, opts);
      await this.extend(w);
    }
  }

  /** The window's events after the reader's position, of its types, up to its limit. */
  private serve(w: Window, opts: ReadAllOptions): ReadWithHead {
    const wanted = opts.types ? new Set(opts.types) : null;
    const events: StoredEvent[] = [];
    // The first event after the reader's position (the window is in log order).
    let lo = 0;
    let hi = w.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (after(w.events[mid]!.position, opts.after)) hi = mid;
      else lo = mid + 1;
    }
    for (let i = lo; i < w.events.length; i++) {
      const e = w.events[i]!;
      if (wanted && !wanted.has(e.type)) continue;
      events.push(e);
      // This reader's own limit: it has read up to here and no further.
      if (events.length === opts.limit) return { events, head: e.position, more: true };
    }
    return { events, head: w.covered, more: w.more };
  }

  /**
   * One read past the window's end, shared by every reader that needs it. A reader that waited for a read begun
   * before its call looks again, and starts the next one if it still needs it: at most two reads per reader.
   */
  private async extend(w: Window): Promise<void> {
    if (this.extending) {
      await this.extending.promise;
      return;
    }
    if (this.window !== w) return;
    const promise = (async () => {
      const read = await this.readShared(w.covered, 1000);
      if (this.window !== w) return;
      for (const e of read.events) w.events.push(e);
      w.covered = read.covered;
      w.more = read.more;
      w.hintsSeen = read.hintsSeen;
      w.readAt = read.readAt;
      const drop = w.events.length - WINDOW_EVENTS;
      if (drop > 0) {
        w.start = w.events[drop - 1]!.position;
        w.events.splice(0, drop);
      }
    })();
    this.extending = { promise };
    try {
      await promise;
    } finally {
      if (this.extending?.promise === promise) this.extending = null;
    }
  }

  /**
   * A reader outside the window: its own read, shared with others in flight at the same position if that read began
   * after every hint this reader could have been woken by.
   */
  private async readOnItsOwn(opts: ReadAllOptions, hintsBefore: number): Promise<ReadWithHead> {
    const key = `${formatPosition(opts.after)}/${opts.limit}`;
    let read = this.reads.get(key);
    if (!read || read.hintsSeen < hintsBefore) {
      const promise = this.readShared(opts.after, opts.limit);
      const entry = { promise, hintsSeen: this.hints };
      this.reads.set(key, entry);
      const done = () => {
        if (this.reads.get(key) === entry) this.reads.delete(key);
      };
      promise.then(done, done);
      read = entry;
    }
    const shared = await read.promise;
    // A read at or past the window's end becomes the window: the newest tail is what the next readers ask for.
    const w = this.window;
    if (!w || (!after(w.covered, opts.after) && after(shared.covered, w.covered))) {
      this.window = { ...shared, start: opts.after, events: [...shared.events] };
    }
    const wanted = opts.types ? new Set(opts.types) : null;
    const events: StoredEvent[] = [];
    for (const e of shared.events) {
      if (wanted && !wanted.has(e.type)) continue;
      events.push(e);
      if (events.length === opts.limit) return { events, head: e.position, more: true };
    }
    return { events, head: shared.covered, more: shared.more };
  }

  private async readShared(from: Position, limit: number): Promise<SharedRead> {
    this.queries++;
    const hintsSeen = this.hints;
    const readAt = performance.now();
    const { events, head } = await this.store.readAllWithHead({ after: from, limit });
    const last = events[events.length - 1];
    const more = events.length === limit;
    // A full read covers up to its last event; a short one up to the head read in the same snapshot.
    const covered = more && last ? last.position : comparePositions(head, from) > 0 ? head : from;
    return { events, covered, more, hintsSeen, readAt };
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
    this.unsubscribe();
    this.reads.clear();
    this.window = null;
  }
}
