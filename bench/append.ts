// Append throughput: a raw multi-row INSERT (the physical baseline), our PostgresEventStore.append and
// emmett-postgresql's appendToStream, each in a fresh database of its own, at 1 and 16 clients, 1- and 10-event appends.
import { randomUUID } from 'node:crypto';
import { type PostgresEventStore as EmmettStore, getPostgreSQLEventStore } from '@event-driven-io/emmett-postgresql';
import pg from 'pg';
import { createPool } from '../commands/db/pool.ts';
import type { ExpectedRevision, NewEvent } from '../commands/event-store/port.ts';
import { PostgresEventStore } from '../commands/event-store/postgres.ts';
import {
  type Evidence,
  EvidenceProbe,
  freshDatabase,
  migrateOurs,
  newEvents,
  type PayloadSet,
  payloadSet,
  Samples,
  sleep,
} from './support.ts';

export type SystemName = 'raw' | 'ours' | 'emmett';
export const SYSTEMS: readonly SystemName[] = ['raw', 'ours', 'emmett'];
export const SYSTEM_LABEL: Record<SystemName, string> = {
  raw: 'raw INSERT (baseline)',
  ours: 'PostgresEventStore.append',
  emmett: 'emmett-postgresql appendToStream',
};

/** One client's way of appending a batch; each client writes only its own streams. */
type Appender = (events: NewEvent[]) => Promise<void>;

interface System {
  name: string;
  url: string;
  newClient(): Appender;
  /** Events stored (a check that every append landed). */
  stored(): Promise<number>;
  close(): Promise<void>;
}

export interface AppendSettings {
  clients: readonly number[];
  batches: readonly number[];
  warmupMs: number;
  measureMs: number;
  /** Appends per stream: a client starts a new stream after this many (the first with 'no_stream'). */
  appendsPerStream: number;
  poolSize: number;
}

export const FULL_APPEND: AppendSettings = {
  clients: [1, 16],
  batches: [1, 10],
  warmupMs: 2000,
  measureMs: 8000,
  appendsPerStream: 10,
  poolSize: 16,
};

export const QUICK_APPEND: AppendSettings = { ...FULL_APPEND, warmupMs: 100, measureMs: 400 };

export interface AppendCell {
  system: SystemName;
  clients: number;
  batch: number;
  /** 1-based position of this system among the three runs of its configuration. */
  order: number;
  appends: number;
  seconds: number;
  appendsPerSec: number;
  eventsPerSec: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** Busy share of the machine just before the cell (other work on the machine skews it). */
  busyBefore: number;
  evidence: Evidence;
}

export interface AppendResult {
  settings: AppendSettings;
  payload: { dataBytes: number; metadataBytes: number };
  cells: AppendCell[];
}

// ---------------------------------------------------------------------------------------------------------------

/** Stream bookkeeping shared by the three systems: new stream every `perStream` appends. */
function streamCursor(perStream: number) {
  let stream = '';
  let n = perStream;
  return {
    next(): { stream: string; first: boolean } {
      if (n >= perStream) {
        stream = `volunteer-${randomUUID()}`;
        n = 0;
      }
      n++;
      return { stream, first: n === 1 };
    },
  };
}

/** The physical baseline: the same rows into an equivalent table, one plain multi-row INSERT … VALUES per append. */
async function rawSystem(poolSize: number, perStream: number): Promise<System> {
  const db = await freshDatabase('raw');
  const pool = createPool(db.url, { max: poolSize, applicationName: 'bench' });
  await pool.query(`create table raw_events (
      stream_id text not null, stream_position bigint not null, event_id uuid not null, type text not null,
      data jsonb not null, metadata jsonb not null,
      primary key (stream_id, stream_position), constraint raw_events_event_id_key unique (event_id))`);
  const sqlFor = new Map<number, string>();
  const insertSql = (n: number) => {
    let s = sqlFor.get(n);
    if (!s) {
      const rows: string[] = [];
      for (let i = 0; i < n; i++) {
        const b = i * 6;
        rows.push(`($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6})`);
      }
      s = `insert into raw_events (stream_id, stream_position, event_id, type, data, metadata) values ${rows.join(', ')}`;
      sqlFor.set(n, s);
    }
    return s;
  };
  return {
    name: 'raw',
    url: db.url,
    newClient() {
      const cursor = streamCursor(perStream);
      let position = 0;
      return async (events) => {
        const { stream, first } = cursor.next();
        if (first) position = 0;
        const params: unknown[] = [];
        for (const e of events) {
          params.push(stream, position++, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
        }
        await pool.query(insertSql(events.length), params);
      };
    },
    async stored() {
      const { rows } = await pool.query<{ n: string }>('select count(*)::text as n from raw_events');
      return Number(rows[0]!.n);
    },
    async close() {
      await pool.end();
      await db.drop();
    },
  };
}

/** Our adapter, as a command appends: expected revision = the stream's current revision, 'no_stream' first. */
async function oursSystem(poolSize: number, perStream: number): Promise<System> {
  const db = await freshDatabase('ours');
  const { pool } = await migrateOurs(db.url, poolSize);
  const store = new PostgresEventStore(pool);
  return {
    name: 'ours',
    url: db.url,
    newClient() {
      const cursor = streamCursor(perStream);
      let revision: ExpectedRevision = 'no_stream';
      return async (events) => {
        const { stream, first } = cursor.next();
        if (first) revision = 'no_stream';
        const r = await store.append(stream, events, { expectedRevision: revision });
        revision = r.nextRevision;
      };
    },
    stored: () => countRows(pool, 'select count(*)::text as n from es.events'),
    async close() {
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

/**
 * emmett's driver (dumbo) replaces pg's process-wide type parsers the first time it makes a pool: int8 becomes a BigInt
 * and jsonb is parsed with a reviver, which slows every JSON column read afterwards. The portal never loads emmett, so
 * its parsers are in force only while an emmett cell runs; the other systems (and the catch-up and lag parts, later in
 * the same process) read with pg's defaults.
 */
const PARSED_TYPES = [20, 114, 3802] as const; // int8, json, jsonb
type Parsers = Map<number, (value: string) => unknown>;
const pgDefaults: Parsers = new Map(PARSED_TYPES.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]));
let emmettParsers: Parsers | null = null;
function applyParsers(parsers: Parsers): void {
  for (const [oid, parse] of parsers) pg.types.setTypeParser(oid, parse);
}

/** emmett-postgresql 0.42.0 on its own database; its pool is a pg.Pool of the same size and options as ours. */
async function emmettSystem(poolSize: number, perStream: number): Promise<System> {
  const db = await freshDatabase('emmett');
  const pool = createPool(db.url, { max: poolSize, applicationName: 'bench' });
  if (emmettParsers) applyParsers(emmettParsers);
  const store: EmmettStore = getPostgreSQLEventStore(db.url, { connectionOptions: { pool } });
  emmettParsers ??= new Map(PARSED_TYPES.map((oid) => [oid, pg.types.getTypeParser(oid, 'text')]));
  await store.schema.migrate();
  return {
    name: 'emmett',
    url: db.url,
    newClient() {
      const cursor = streamCursor(perStream);
      let version: bigint | 'STREAM_DOES_NOT_EXIST' = 'STREAM_DOES_NOT_EXIST';
      return async (events) => {
        const { stream, first } = cursor.next();
        if (first) version = 'STREAM_DOES_NOT_EXIST';
        const r = await store.appendToStream(
          stream,
          events.map((e) => ({
            type: e.type,
            data: e.data as Record<string, unknown>,
            // messageId: the same client-side UUID ours stores as event_id (emmett would otherwise make one itself).
            metadata: { messageId: e.id, ...e.metadata },
          })),
          { expectedStreamVersion: version },
        );
        version = r.nextExpectedStreamVersion;
      };
    },
    stored: () => countRows(pool, 'select count(*)::text as n from emt_messages'),
    async close() {
      applyParsers(pgDefaults);
      await store.close();
      await pool.end();
      await db.drop();
    },
  };
}

async function countRows(pool: pg.Pool, sql: string): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(sql);
  return Number(rows[0]!.n);
}

const FACTORIES: Record<SystemName, (poolSize: number, perStream: number) => Promise<System>> = {
  raw: rawSystem,
  ours: oursSystem,
  emmett: emmettSystem,
};

// ---------------------------------------------------------------------------------------------------------------

/** Closed loop: `clients` concurrent loops, each awaiting its append before the next; warm-up, then a measured window. */
async function runCell(
  system: System,
  clients: number,
  batch: number,
  set: PayloadSet,
  s: AppendSettings,
): Promise<Omit<AppendCell, 'system' | 'order' | 'busyBefore'>> {
  const probe = new EvidenceProbe(system.url);
  await probe.open();
  const samples = new Samples();
  let stop = false;
  let windowStart = Number.POSITIVE_INFINITY;
  let windowEnd = Number.POSITIVE_INFINITY;
  let errors = 0;
  let issuedEvents = 0;
  let firstError: unknown = null;
  const loop = async () => {
    const append = system.newClient();
    while (!stop) {
      const events = newEvents(set, batch);
      const t0 = performance.now();
      try {
        await append(events);
        issuedEvents += batch;
      } catch (e) {
        // Every client writes its own streams: no append may fail. Stop the cell and report the first failure.
        errors++;
        firstError ??= e;
        stop = true;
        continue;
      }
      // Only appends that both start and end inside the measured window count.
      const t1 = performance.now();
      if (t0 >= windowStart && t1 <= windowEnd) samples.add(t1 - t0);
    }
  };
  const loops = Array.from({ length: clients }, loop);
  await sleep(s.warmupMs);
  await probe.start();
  windowStart = performance.now();
  await sleep(s.measureMs);
  windowEnd = performance.now();
  const seconds = (windowEnd - windowStart) / 1000;
  const evidence = await probe.stop();
  stop = true;
  await Promise.all(loops);
  await probe.close();
  if (firstError) throw new Error(`${system.name}: ${errors} appends failed`, { cause: firstError });
  const stored = await system.stored();
  if (stored !== issuedEvents) throw new Error(`${system.name}: ${issuedEvents} events appended but ${stored} stored`);
  const appends = samples.count;
  return {
    clients,
    batch,
    appends,
    seconds,
    appendsPerSec: appends / seconds,
    eventsPerSec: (appends * batch) / seconds,
    p50: samples.percentile(50),
    p99: samples.percentile(99),
    max: samples.max(),
    errors,
    evidence,
  };
}

/**
 * Every configuration (batch × clients) runs the three systems one after another in this process, each in a fresh
 * database, with identical settings. The order rotates from one configuration to the next to spread order effects.
 */
export async function runAppendBench(
  s: AppendSettings,
  log: (line: string) => void,
  quiet: () => Promise<number> = async () => Number.NaN,
): Promise<AppendResult> {
  const set = payloadSet();
  const cells: AppendCell[] = [];
  let rotation = 0;
  for (const batch of s.batches) {
    for (const clients of s.clients) {
      const order = SYSTEMS.map((_, i) => SYSTEMS[(i + rotation) % SYSTEMS.length]!);
      rotation++;
      for (const [i, name] of order.entries()) {
        const system = await FACTORIES[name](Math.max(s.poolSize, clients), s.appendsPerStream);
        try {
          const busyBefore = await quiet();
          const cell = await runCell(system, clients, batch, set, s);
          cells.push({ system: name, order: i + 1, busyBefore, ...cell });
          log(
            `  append ${String(batch).padStart(2)} ev × ${String(clients).padStart(2)} clients  ${name.padEnd(6)} ` +
              `${Math.round(cell.appendsPerSec).toString().padStart(6)} appends/s  ` +
              `${Math.round(cell.eventsPerSec).toString().padStart(7)} events/s  ` +
              `p50 ${cell.p50.toFixed(2)} ms  p99 ${cell.p99.toFixed(2)} ms`,
          );
        } finally {
          await system.close();
        }
      }
    }
  }
  return { settings: s, payload: { dataBytes: set.dataBytes, metadataBytes: set.metadataBytes }, cells };
}
