/** What one input of a batch came to: its value, or the error that input alone failed with. */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface CoalescerStats {
  /** Round trips made. */
  batches: number;
  /** Calls answered. */
  calls: number;
  largest: number;
}

/** Totals per coalescer name across this process (benchmarks report how large the batches got). */
export const coalescerTotals = new Map<string, CoalescerStats>();

interface Waiting<I, O> {
  input: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

/**
 * Group commit for database round trips. A call made while `maxInFlight` batches are already out waits, and every
 * call that piled up meanwhile goes out together in the next batch. A lone call goes out at once (no timer, so no
 * latency is added when the load is light); under load the batches grow with the load, and one statement does the
 * work of many: fewer round trips, commits and WAL flushes, fewer wake-ups of both processes.
 *
 * Why not DataLoader: it gathers the calls of one tick, and the HTTP requests of a busy server reach the same query
 * on different ticks; what they share is the time the previous batch spends on the wire.
 */
export class Coalescer<I, O> {
  private queue: Waiting<I, O>[] = [];
  private inFlight = 0;
  readonly stats: CoalescerStats = { batches: 0, calls: 0, largest: 0 };
  private readonly totals: CoalescerStats;
  private readonly run: (inputs: I[]) => Promise<Outcome<O>[]>;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;

  /** `run` answers one outcome per input, in order; if it throws, every call of that batch fails with the error. */
  constructor(
    name: string,
    run: (inputs: I[]) => Promise<Outcome<O>[]>,
    opts: { maxInFlight?: number; maxBatch?: number } = {},
  ) {
    let totals = coalescerTotals.get(name);
    if (!totals) {
      totals = { batches: 0, calls: 0, largest: 0 };
      coalescerTotals.set(name, totals);
    }
    this.totals = totals;
    this.run = run;
    this.maxInFlight = opts.maxInFlight ?? 1;
    this.maxBatch = opts.maxBatch ?? 64;
  }

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.inFlight++;
      for (const st of [this.stats, this.totals]) {
        st.batches++;
        st.calls += batch.length;
        if (batch.length > st.largest) st.largest = batch.length;
      }
      this.send(batch);
    }
  }

  private async send(batch: Waiting<I, O>[]): Promise<void> {
    try {
      const outcomes = await this.run(batch.map((w) => w.input));
      batch.forEach((w, i) => {
        const o = outcomes[i];
        if (!o) w.reject(new Error('coalesced batch answered fewer outcomes than inputs'));
        else if (o.ok) w.resolve(o.value);
        else w.reject(o.error);
      });
    } catch (e) {
      for (const w of batch) w.reject(e);
    } finally {
      this.inFlight--;
      this.pump();
    }
  }
}

/** Run `fn` over each input on its own, as the outcome of each. */
export function eachAlone<I, O>(inputs: I[], fn: (input: I) => Promise<O>): Promise<Outcome<O>[]> {
  return Promise.all(
    inputs.map((input) =>
      fn(input).then(
        (value): Outcome<O> => ({ ok: true, value }),
        (error): Outcome<O> => ({ ok: false, error }),
      ),
    ),
  );
}
