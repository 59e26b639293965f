import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { Coalescer, eachAlone, type Outcome } from '../db/coalesce.ts';
import { GrowthSchedule } from '../db/growth.ts';
import { type AppendHintsOptions, PgAppendHints } from './append-hints.ts';
import {
  type AppendOptions,
  type AppendResult,
  assertEvents,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type Position,
  type ReadAllOptions,
  type ReadWithHead,
  type StoredEvent,
  streamCategory,
  WrongExpectedRevisionError,
} from './port.ts';

const READ_STREAM_BATCH = 1000;
/** Appends of up to this many events are coalesced with concurrent ones; larger ones go alone. */
const COALESCE_MAX_EVENTS = 4;
const VALUES_MAX = 20;

interface EventRow {
  event_id: string;
  stream_id: string;
  stream_position: string;
  global_position: string;
  tx: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}

// The text form of the xid gets its own name: an alias "transaction_id" would make ORDER BY transaction_id sort
// the text ('100' < '99'), skipping or repeating events and defeating the (transaction_id, global_position) index.
const EVENT_COLUMNS =
  'event_id, stream_id, stream_position, global_position, transaction_id::text as tx, type, data, metadata, recorded_at';

function toStored(r: EventRow): StoredEvent {
  return {
    id: r.event_id,
    streamId: r.stream_id,
    revision: BigInt(r.stream_position),
    position: { commit: BigInt(r.tx), prepare: BigInt(r.global_position) },
    type: r.type,
    data: r.data,
    metadata: r.metadata,
    recordedAt: r.recorded_at,
  };
}

/** The stream-version bump of an append, by expected revision: zero rows returned means a conflict. */
function bumpSql(expected: ExpectedRevision, expectedParam: number): string {
  if (expected === 'no_stream') {
    return `insert into es.streams (stream_id, stream_type, version) values ($1, $2, $3::bigint - 1)
            on conflict do nothing returning version`;
  }
  if (expected === 'any') {
    return `insert into es.streams (stream_id, stream_type, version) values ($1, $2, $3::bigint - 1)
            on conflict (stream_id) do update set version = es.streams.version + $3::bigint returning version`;
  }
  return `update es.streams set version = version + $3::bigint where stream_id = $1 and version = $${expectedParam}::bigint
            and $2::text is not null returning version`;
}

/**
 * Appends in ONE statement (one round trip, its own transaction when run on a pool): bump the stream's version where
 * it matches, then a multi-row insert of the events. Exported so a test can run it inside a transaction it holds open.
 */
export async function appendWith(
  client: pg.Pool | pg.ClientBase,
  stream: string,
  events: readonly NewEvent[],
  expected: ExpectedRevision,
): Promise<AppendResult> {
  assertEvents(events);
  // Up to VALUES_MAX events the rows travel as VALUES (one named statement per count): as arrays, pg would escape
  // every JSON string into an array literal for the server to parse back (measured: +28% for 10-event appends).
  const asValues = events.length <= VALUES_MAX;
  const params: unknown[] = [stream, streamCategory(stream), events.length];
  let rowsSql: string;
  if (asValues) {
    const tuples: string[] = [];
    events.forEach((e, i) => {
      const p = params.length;
      params.push(e.id, e.type, JSON.stringify(e.data ?? null), JSON.stringify(e.metadata));
      tuples.push(`($${p + 1}::uuid, $${p + 2}::text, $${p + 3}::jsonb, $${p + 4}::jsonb, ${i + 1})`);
    });
    rowsSql = `(values ${tuples.join(', ')}) as e(id, type, data, meta, ord)`;
  } else {
    params.push(
      events.map((e) => e.id),
      events.map((e) => e.type),
      events.map((e) => JSON.stringify(e.data ?? null)),
      events.map((e) => JSON.stringify(e.metadata)),
    );
    rowsSql =
      'unnest($4::uuid[], $5::text[], $6::jsonb[], $7::jsonb[]) with ordinality as e(id, type, data, meta, ord)';
  }
  const expectedParam = params.length + 1;
  if (typeof expected === 'bigint') params.push(expected.toString());
  const sql = `
    with s as (${bumpSql(expected, expectedParam)}),
    ins as (
      insert into es.events (stream_id, stream_position, event_id, type, data, metadata)
      select $1, s.version - $3::bigint + e.ord, e.id, e.type, e.data, e.meta
      from s, ${rowsSql}
      returning stream_position, global_position, transaction_id
    )
    select max(stream_position)::text as rev, max(global_position)::text as pos, max(transaction_id::text) as tx from ins`; // one append, one xid
  try {
    // A named statement: prepared once per connection, so the CTE is not parsed and planned on every append.
    const name = `es_append_${typeof expected === 'bigint' ? 'revision' : expected}_${asValues ? events.length : 'arrays'}`;
    const { rows } = await client.query<{ rev: string | null; pos: string | null; tx: string | null }>({
      name,
      text: sql,
      values: params,
    });
    const row = rows[0];
    if (row?.rev != null && row.pos != null && row.tx != null) {
      return { nextRevision: BigInt(row.rev), position: { commit: BigInt(row.tx), prepare: BigInt(row.pos) } };
    }
  } catch (e) {
    if ((e as { code?: string; constraint?: string }).constraint !== 'events_event_id_key') throw e;
    // The same event ids were appended before (a retry): answered below.
  }
  const again = await alreadyAppended(client, stream, events);
  if (again) return again;
  const { rows } = await client.query<{ version: string }>(
    'select version::text from es.streams where stream_id = $1',
    [stream],
  );
  throw new WrongExpectedRevisionError(stream, expected, rows[0] ? BigInt(rows[0].version) : 'no_stream');
}

/** When every event id is already stored in this stream, the append is a retry: answer with the stored result. */
async function alreadyAppended(
  client: pg.Pool | pg.ClientBase,
  stream: string,
  events: readonly NewEvent[],
): Promise<AppendResult | null> {
  const { rows } = await client.query<{ stream_id: string; rev: string; pos: string; tx: string }>(
    `select stream_id, stream_position::text as rev, global_position::text as pos, transaction_id::text as tx
       from es.events where event_id = any($1::uuid[]) order by stream_position`,
    [events.map((e) => e.id)],
  );
  if (rows.length === 0) return null;
  if (rows.length !== events.length || rows.some((r) => r.stream_id !== stream)) {
    throw new WrongExpectedRevisionError(stream, 'any', 'no_stream');
  }
  const last = rows[rows.length - 1]!;
  return { nextRevision: BigInt(last.rev), position: { commit: BigInt(last.tx), prepare: BigInt(last.pos) } };
}

interface AppendRequest {
  stream: string;
  events: readonly NewEvent[];
  expected: ExpectedRevision;
}

/**
 * Several appends to distinct streams in ONE statement (one round trip, one commit), each under its own expected
 * revision: a stream whose check fails simply gets no rows and the others go through. Stream rows are locked in
 * stream-id order first, so two such statements never wait on each other in opposite orders. Events go in with
 * global positions in request order, and within a stream in revision order.
 */
async function appendMany(pool: pg.Pool, reqs: readonly AppendRequest[]): Promise<Map<string, AppendResult>> {
  const streams = reqs.map((r) => ({
    s: r.stream,
    c: streamCategory(r.stream),
    n: r.events.length,
    e: typeof r.expected === 'bigint' ? r.expected.toString() : null,
  }));
  const events = reqs.flatMap((r, i) =>
    r.events.map((e, j) => ({ i, s: r.stream, o: j + 1, id: e.id, t: e.type, d: e.data ?? null, m: e.metadata })),
  );
  const { rows } = await pool.query<{ stream_id: string; rev: string; pos: string; tx: string }>({
    name: 'es_append_many',
    text: `
    with req as materialized (
      select * from jsonb_to_recordset($1::jsonb) as r(s text, c text, n bigint, e bigint)
    ),
    locked as materialized (
      select st.stream_id from es.streams st
       where st.stream_id = any($3::text[])
       order by st.stream_id for update
    ),
    upd as (
      update es.streams st set version = st.version + r.n from req r
       where st.stream_id = any($3::text[]) and st.stream_id = r.s and st.version = r.e
         and (select count(*) from locked) >= 0
      returning st.stream_id, st.version
    ),
    created as (
      insert into es.streams (stream_id, stream_type, version)
      select s, c, n - 1 from req where e is null order by s
      on conflict do nothing
      returning stream_id, version
    ),
    bumped as (select * from upd union all select * from created),
    ins as (
      insert into es.events (stream_id, stream_position, event_id, type, data, metadata)
      select ev.s, b.version - r.n + ev.o, ev.id, ev.t, ev.d, ev.m
        from jsonb_to_recordset($2::jsonb) as ev(i int, s text, o bigint, id uuid, t text, d jsonb, m jsonb)
        join bumped b on b.stream_id = ev.s
        join req r on r.s = ev.s
       order by ev.i, ev.o
      returning stream_id, stream_position, global_position, transaction_id
    )
    select stream_id, max(stream_position)::text as rev, max(global_position)::text as pos,
           max(transaction_id::text) as tx
      from ins group by stream_id`,
    values: [JSON.stringify(streams), JSON.stringify(events), streams.filter((x) => x.e !== null).map((x) => x.s)],
  });
  return new Map(
    rows.map((r) => [
      r.stream_id,
      { nextRevision: BigInt(r.rev), position: { commit: BigInt(r.tx), prepare: BigInt(r.pos) } },
    ]),
  );
}

/**
 * The appends of one batch: alone, the one-stream statement; together, appendMany. An append that appendMany did
 * not take (a revision conflict, or a retry of events already stored), or a batch that failed as a whole (an event
 * id already stored, a deadlock), goes again on its own, which answers its exact result or error. Going again can
 * never wrongly succeed: a stream's version only grows, and a created stream stays.
 */
async function appendBatch(pool: pg.Pool, reqs: AppendRequest[]): Promise<Outcome<AppendResult>[]> {
  const alone = (r: AppendRequest) => appendWith(pool, r.stream, r.events, r.expected);
  if (reqs.length === 1) return eachAlone(reqs, alone);
  // Two appends to one stream cannot share a statement: the later ones wait for a batch of their own.
  const seen = new Set<string>();
  const together: AppendRequest[] = [];
  const apart: AppendRequest[] = [];
  for (const r of reqs) {
    if (r.expected === 'any' || seen.has(r.stream)) apart.push(r);
    else {
      seen.add(r.stream);
      together.push(r);
    }
  }
  let done: Map<string, AppendResult>;
  try {
    done = together.length > 1 ? await appendMany(pool, together) : new Map();
  } catch {
    done = new Map();
  }
  const results = new Map<AppendRequest, Outcome<AppendResult>>();
  const again: AppendRequest[] = [...apart];
  for (const r of together) {
    const ok = done.get(r.stream);
    if (ok) results.set(r, { ok: true, value: ok });
    else again.push(r);
  }
  // The later appends to one stream keep their order.
  const byStream = new Map<string, AppendRequest[]>();
  for (const r of again) byStream.set(r.stream, [...(byStream.get(r.stream) ?? []), r]);
  await Promise.all(
    [...byStream.values()].map(async (list) => {
      for (const r of list) {
        const [o] = await eachAlone([r], alone);
        results.set(r, o!);
      }
    }),
  );
  return reqs.map((r) => results.get(r)!);
}

/** A page of each of several streams in one round trip, each from its own revision. */
async function readStreamPages(
  pool: pg.Pool,
  reqs: { stream: string; from: bigint }[],
): Promise<Outcome<EventRow[]>[]> {
  if (reqs.length === 1) {
    const { rows } = await pool.query<EventRow>({
      name: 'es_read_stream',
      text: `select ${EVENT_COLUMNS} from es.events where stream_id = $1 and stream_position >= $2
              order by stream_position limit ${READ_STREAM_BATCH}`,
      values: [reqs[0]!.stream, reqs[0]!.from.toString()],
    });
    return [{ ok: true, value: rows }];
  }
  const { rows } = await pool.query<EventRow & { i: number }>({
    name: 'es_read_streams',
    text: `select r.i::int as i, e.* from unnest($1::text[], $2::bigint[]) with ordinality as r(s, f, i)
             cross join lateral (select ${EVENT_COLUMNS} from es.events
                                  where stream_id = r.s and stream_position >= r.f
                                  order by stream_position limit ${READ_STREAM_BATCH}) e
            order by r.i, e.stream_position`,
    values: [reqs.map((r) => r.stream), reqs.map((r) => r.from.toString())],
  });
  const out: EventRow[][] = reqs.map(() => []);
  for (const r of rows) out[r.i - 1]!.push(r);
  return out.map((value) => ({ ok: true, value }));
}

export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  readonly pool: pg.Pool;
  private readonly emitter = new EventEmitter();
  private readonly hints: PgAppendHints | null;
  /** When es.streams is due an ANALYZE (commands/db/growth.ts), and whether one is running. */
  private readonly growth = new GrowthSchedule();
  private analysing = false;
  /** Appends and stream reads made while earlier ones are on the wire share the next round trip. */
  readonly appends: Coalescer<AppendRequest, AppendResult>;
  readonly streamReads: Coalescer<{ stream: string; from: bigint }, EventRow[]>;

  /**
   * `crossProcessHints`: also tell (and hear from) other processes on the same database through LISTEN/NOTIFY, so
   * live pushes and projection runners elsewhere wake at once instead of at their next poll.
   */
  constructor(pool: pg.Pool, opts: { crossProcessHints?: boolean | AppendHintsOptions } = {}) {
    this.pool = pool;
    this.emitter.setMaxListeners(0);
    const h = opts.crossProcessHints;
    this.hints = h ? new PgAppendHints(pool, h === true ? {} : h) : null;
    // One append batch at a time: batches of one process never wait on each other's stream locks.
    this.appends = new Coalescer('event-store appends', (reqs) => appendBatch(pool, reqs), {
      maxInFlight: 1,
      maxBatch: 64,
    });
    this.streamReads = new Coalescer('event-store stream reads', (reqs) => readStreamPages(pool, reqs), {
      maxInFlight: 1,
      maxBatch: 64,
    });
  }

  async append(stream: string, events: readonly NewEvent[], opts: AppendOptions): Promise<AppendResult> {
    assertEvents(events);
    // A larger append already spreads its round trip over its events, and goes out faster as its own prepared
    // VALUES statement than inside a batch's JSON (measured: 10-event appends at 16 clients lost ~8% batched).
    const result =
      events.length > COALESCE_MAX_EVENTS
        ? await appendWith(this.pool, stream, events, opts.expectedRevision)
        : await this.appends.call({ stream, events, expected: opts.expectedRevision });
    this.emitter.emit('appended', stream);
    this.hints?.publish(stream);
    if (this.growth.add(events.length)) void this.analyse();
    return result;
  }

  /**
   * Asks the server to analyse es.streams where it has grown (es.analyse, postgres-schema.ts), outside any append's
   * path: nobody waits for it. A failure costs only the plan it would have mended: it is logged, never thrown.
   */
  private async analyse(): Promise<void> {
    if (this.analysing) return;
    this.analysing = true;
    try {
      await this.pool.query('select es.analyse()');
    } catch (e) {
      // A pool closing (a process or a test ending) is no failure of the store's.
      if (!(this.pool as { ending?: boolean }).ending)
        console.warn('[event store] analyse failed:', (e as Error).message);
    } finally {
      this.analysing = false;
    }
  }

  async *readStream(stream: string, opts: { fromRevision?: bigint } = {}): AsyncIterable<StoredEvent> {
    let from = opts.fromRevision ?? 0n;
    for (;;) {
      // Page by page, each page's read shared with other streams' reads on the wire at the same time.
      const rows = await this.streamReads.call({ stream, from });
      for (const r of rows) yield toStored(r);
      if (rows.length < READ_STREAM_BATCH) return;
      from = BigInt(rows[rows.length - 1]!.stream_position) + 1n;
    }
  }

  /**
   * Reads by (transaction_id, global_position) and only below the oldest transaction still running: a sequence
   * value taken by a transaction that commits later can never be skipped, because no event at or past that
   * transaction is returned until it has ended.
   */
  private readAllQuery(opts: ReadAllOptions): { text: string; params: unknown[] } {
    const params: unknown[] = [
      opts.after.commit < 0n ? '0' : opts.after.commit.toString(),
      opts.after.prepare.toString(),
      opts.limit,
    ];
    let typeFilter = '';
    if (opts.types) {
      params.push(opts.types);
      typeFilter = 'and type = any($4::text[])';
    }
    const text = `select ${EVENT_COLUMNS} from es.events
        where (transaction_id, global_position) > ($1::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          ${typeFilter}
        order by transaction_id, global_position
        limit $3`;
    return { text, params };
  }

  async readAll(opts: ReadAllOptions): Promise<StoredEvent[]> {
    const q = this.readAllQuery(opts);
    const { rows } = await this.pool.query<EventRow>(q.text, q.params);
    return rows.map(toStored);
  }

  /**
   * readAll and the readable head in ONE statement, so under one snapshot: a runner needs both on every step, and
   * one round trip instead of two halves its queries.
   */
  async readAllWithHead(opts: ReadAllOptions): Promise<ReadWithHead> {
    const q = this.readAllQuery(opts);
    const { rows } = await this.pool.query<EventRow & { head_tx: string | null; head_pos: string | null }>(
      `with h as (select transaction_id::text as head_tx, global_position::text as head_pos from es.events
                   where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
                   order by transaction_id desc, global_position desc limit 1)
       select h.head_tx, h.head_pos, e.* from h left join lateral (${q.text}) e on true`,
      q.params,
    );
    const first = rows[0];
    const head = first?.head_tx
      ? { commit: BigInt(first.head_tx), prepare: BigInt(first.head_pos!) }
      : { commit: -1n, prepare: -1n };
    return { events: rows.filter((r) => r.event_id !== null).map(toStored), head };
  }

  async headPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ tx: string; pos: string }>(
      `select transaction_id::text as tx, global_position::text as pos from es.events
        where transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id desc, global_position desc limit 1`,
    );
    const r = rows[0];
    return r ? { commit: BigInt(r.tx), prepare: BigInt(r.pos) } : { commit: -1n, prepare: -1n };
  }

  async lastPosition(): Promise<Position> {
    const { rows } = await this.pool.query<{ tx: string; pos: string }>(
      `select transaction_id::text as tx, global_position::text as pos from es.events
        order by transaction_id desc, global_position desc limit 1`,
    );
    const r = rows[0];
    return r ? { commit: BigInt(r.tx), prepare: BigInt(r.pos) } : { commit: -1n, prepare: -1n };
  }

  onAppended(listener: (stream: string) => void): () => void {
    this.emitter.on('appended', listener);
    this.hints
      ?.listen((streams) => {
        for (const s of streams) this.emitter.emit('appended', s);
      })
      .catch(() => {});
    return () => this.emitter.off('appended', listener);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
    await this.hints?.close();
  }
}
