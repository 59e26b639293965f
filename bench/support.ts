// Shared helpers of the event-store benchmarks: fresh databases, payloads, latency statistics, and the server-side
// evidence gathered while a cell runs (CPU split between Node and the PostgreSQL backends, wait events, WAL bytes).
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createKysely, createPool, dropDatabase, ensureDatabase, withDatabase } from '../commands/db/pool.ts';
import type {
  AppendResult,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
} from '../commands/event-store/port.ts';
import { APP_ROLE } from '../commands/event-store/postgres-schema.ts';
import type { AnyDB } from '../projections/runner/projection.ts';
import { migrateAll } from '../workers/migrate.ts';

/** The server every benchmark database lives on: DATABASE_URL's server, else the local default. */
export function serverUrl(): string {
  return withDatabase(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'postgres');
}

export function assertLocal(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`benchmarks only send traffic to this machine; DATABASE_URL points at ${host}`);
  }
}

export interface BenchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Names of the databases this process created and has not dropped yet (dropped on an interrupt). */
export const createdDatabases = new Set<string>();

/**
 * Every database of these benchmarks is named bench_es_<label>_<unix seconds>_<random>: other benchmarks on the same
 * server use other bench_ names, and only ours, old enough not to belong to a run in progress, are cleaned up.
 */
export const DATABASE_PREFIX = 'bench_es_';

/** Seconds since its creation, from the name of one of our databases (null for any other name). */
export function databaseAge(name: string, now = Date.now()): number | null {
  if (!name.startsWith(DATABASE_PREFIX)) return null;
  const m = /_(\d{10})_[0-9a-f]+$/.exec(name);
  return m ? now / 1000 - Number(m[1]) : null;
}

/** A fresh, empty database of its own; drop() removes it. */
export async function freshDatabase(label: string): Promise<BenchDatabase> {
  const name = `${DATABASE_PREFIX}${label}_${Math.floor(Date.now() / 1000)}_${randomBytes(3).toString('hex')}`;
  const url = withDatabase(serverUrl(), name);
  createdDatabases.add(name);
  await ensureDatabase(url);
  return {
    url,
    name,
    async drop() {
      await dropDatabase(url);
      createdDatabases.delete(name);
    },
  };
}

/** Our schema (event store + read models), migrated as the owner; the pool runs as the app role when it exists. */
export async function migrateOurs(url: string, poolSize: number): Promise<{ pool: pg.Pool; role: string | null }> {
  const owner = createPool(url, { max: 1 });
  try {
    const { appRole } = await migrateAll(owner);
    const role = appRole ? APP_ROLE : null;
    return { pool: createPool(url, { max: poolSize, role, applicationName: 'bench' }), role };
  } finally {
    await owner.end();
  }
}

/** A fresh database with our schema: its pool (the app role's) and the read side's Kysely over that pool. */
export async function ourDatabase(
  label: string,
  poolSize: number,
): Promise<{ db: BenchDatabase; pool: pg.Pool; kysely: Kysely<AnyDB> }> {
  const db = await freshDatabase(label);
  const { pool } = await migrateOurs(db.url, poolSize);
  return { db, pool, kysely: createKysely<AnyDB>(pool) };
}

/** Opens `n` connections of the pool now, so the probe sees every backend that the measured work will use. */
export async function warmPool(pool: pg.Pool, n: number): Promise<void> {
  const clients = await Promise.all(Array.from({ length: n }, () => pool.connect()));
  for (const c of clients) c.release();
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------------------------
// Payloads: shaped like the portal's events (Arabic and English text, ids, dates), 300–500 bytes of JSON data.

export const EVENT_TYPES = [
  'VolunteerRegistered',
  'ParticipationRequested',
  'ParticipationApproved',
  'HoursLogged',
  'ProfileUpdated',
] as const;

const CITIES = [
  ['Riyadh', 'الرياض'],
  ['Jeddah', 'جدة'],
  ['Dammam', 'الدمام'],
  ['Makkah', 'مكة المكرمة'],
  ['Tabuk', 'تبوك'],
] as const;
const CLIENTS = ['MOH', 'SRCA', 'NEOM'] as const;

function dataFor(type: string, i: number): Record<string, unknown> {
  const [cityEn, cityAr] = CITIES[i % CITIES.length]!;
  return {
    volunteerId: randomUUID(),
    opportunityId: randomUUID(),
    title: { en: `Health awareness campaign #${i % 97}`, ar: `حملة التوعية الصحية رقم ${i % 97}` },
    city: { en: cityEn, ar: cityAr },
    regionCode: `R${(i % 13) + 1}`,
    startsAt: '2025-03-14T08:00:00.000Z',
    endsAt: '2025-03-14T14:30:00.000Z',
    hours: (i % 8) + 0.5,
    status: type === 'ParticipationApproved' ? 'approved' : 'pending',
    skills: ['first-aid', 'crowd-management', 'translation'].slice(0, (i % 3) + 1),
    note: 'Bring the national id card; parking at gate 3.',
  };
}

/** A ready-made set of payloads, so building events costs the same (little) for every system measured. */
export interface PayloadSet {
  types: string[];
  data: Record<string, unknown>[];
  /** Mean bytes of JSON data and metadata per event. */
  dataBytes: number;
  metadataBytes: number;
}

export function payloadSet(n = 256): PayloadSet {
  const types: string[] = [];
  const data: Record<string, unknown>[] = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const type = EVENT_TYPES[i % EVENT_TYPES.length]!;
    types.push(type);
    const d = dataFor(type, i);
    data.push(d);
    bytes += Buffer.byteLength(JSON.stringify(d));
  }
  const meta = Buffer.byteLength(JSON.stringify(metadataFor(0)));
  return { types, data, dataBytes: Math.round(bytes / n), metadataBytes: meta };
}

export function metadataFor(i: number): EventMetadata {
  return {
    actorId: randomUUID(),
    actorRole: (i % 6) + 1,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    occurredAt: new Date().toISOString(),
    clientCode: CLIENTS[i % CLIENTS.length]!,
  };
}

let counter = 0;
/** `n` new events with fresh ids from the payload set. */
export function newEvents(set: PayloadSet, n: number): NewEvent[] {
  const out: NewEvent[] = [];
  for (let k = 0; k < n; k++) {
    const i = counter++ % set.data.length;
    out.push({ id: randomUUID(), type: set.types[i]!, data: set.data[i], metadata: metadataFor(i) });
  }
  return out;
}

/**
 * One writer of the log benchmarks: appends of `eventsPerAppend` new events from the payload set, ten appends to a
 * stream (a volunteer's), the first with 'no_stream', then a new stream.
 */
export class StreamWriter {
  private readonly set = payloadSet();
  private stream = '';
  private revision: ExpectedRevision = 'no_stream';
  private appends = 0;

  private readonly store: EventStore;
  private readonly eventsPerAppend: number;

  constructor(store: EventStore, eventsPerAppend: number) {
    this.store = store;
    this.eventsPerAppend = eventsPerAppend;
  }

  async append(): Promise<AppendResult> {
    if (this.appends++ % 10 === 0) {
      this.stream = `volunteer-${randomUUID()}`;
      this.revision = 'no_stream';
    }
    const r = await this.store.append(this.stream, newEvents(this.set, this.eventsPerAppend), {
      expectedRevision: this.revision,
    });
    this.revision = r.nextRevision;
    return r;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Latency statistics.

export class Samples {
  private values: number[] = [];
  add(v: number): void {
    this.values.push(v);
  }
  get count(): number {
    return this.values.length;
  }
  percentile(p: number): number {
    if (this.values.length === 0) return Number.NaN;
    const sorted = Float64Array.from(this.values).sort();
    const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
    return sorted[idx]!;
  }
  max(): number {
    let m = Number.NaN;
    for (const v of this.values) if (!(v <= m)) m = v;
    return m;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Evidence: CPU split, wait events, WAL volume. Read from /proc and pg_stat_* (PostgreSQL on this machine).

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15 of the full line)
  } catch {
    return 0;
  }
}

function machineTicks(): { busy: number; total: number } {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}

export interface Evidence {
  /** Share of both cores (0–1 each, 2 = all of a 2-core machine) used by Node, by this database's backends, by the rest. */
  cpu: { node: number; backends: number; other: number; idle: number };
  /** Sampled states of this database's backends: "CPU" (active, no wait), "Client" (idle, waiting for Node), wait events. */
  waits: Record<string, number>;
  /** WAL written by the whole server during the window. */
  walBytes: number;
}

/**
 * Samples the benchmark database's backends every `everyMs` on a connection of its own (not counted), and measures
 * CPU time and WAL volume between start() and stop(). WAL figures are server-wide: other databases' writes count too.
 */
export class EvidenceProbe {
  private readonly client: pg.Client;
  private timer: NodeJS.Timeout | null = null;
  private waits: Record<string, number> = {};
  private busy = false;
  private start0: {
    wall: number;
    node: number;
    backends: Map<number, number>;
    machine: { busy: number; total: number };
    wal: bigint;
  } | null = null;

  constructor(url: string) {
    this.client = new pg.Client({ connectionString: url, application_name: 'bench-probe' });
  }

  async open(): Promise<void> {
    await this.client.connect();
  }

  private async backendPids(): Promise<number[]> {
    const { rows } = await this.client.query<{ pid: number }>(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'`,
    );
    return rows.map((r) => r.pid);
  }

  /** Server-wide WAL insert position in bytes (exact, unlike pg_stat_wal, which backends flush only now and then). */
  private async wal(): Promise<bigint> {
    const { rows } = await this.client.query<{ b: string }>(
      `select (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::text as b`,
    );
    return BigInt(rows[0]!.b.split('.')[0]!);
  }

  async start(everyMs = 25): Promise<void> {
    const backends = new Map<number, number>();
    for (const pid of await this.backendPids()) backends.set(pid, ticksOf(pid));
    const cpu = process.cpuUsage();
    this.start0 = {
      wall: performance.now(),
      node: (cpu.user + cpu.system) / 1e6,
      backends,
      machine: machineTicks(),
      wal: await this.wal(),
    };
    this.waits = {};
    this.timer = setInterval(() => void this.sample(), everyMs);
  }

  private async sample(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const { rows } = await this.client.query<{ state: string | null; wt: string | null; we: string | null }>(
        `select state, wait_event_type as wt, wait_event as we from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
            and application_name <> 'bench-probe'`,
      );
      for (const r of rows) {
        const key =
          r.state === 'active' ? (r.we ? `${r.wt}:${r.we}` : 'CPU') : r.state === 'idle' ? 'Client' : (r.state ?? '?');
        this.waits[key] = (this.waits[key] ?? 0) + 1;
      }
    } catch {
      // a sample lost while the database is busy does not matter
    } finally {
      this.busy = false;
    }
  }

  async stop(): Promise<Evidence> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const s = this.start0!;
    const hz = 100; // USER_HZ on Linux
    const seconds = (performance.now() - s.wall) / 1000;
    const machine = machineTicks();
    let backends = 0;
    // A backend that ended during the window (an idle pooled connection timing out) used next to nothing: skip it.
    for (const [pid, t0] of s.backends) backends += Math.max(0, ticksOf(pid) - t0) / hz;
    const cpu = process.cpuUsage();
    const node = (cpu.user + cpu.system) / 1e6 - s.node;
    const busy = (machine.busy - s.machine.busy) / hz;
    const idle = (machine.total - s.machine.total - (machine.busy - s.machine.busy)) / hz;
    const wal = await this.wal();
    const share = (v: number) => (seconds > 0 ? v / seconds : 0);
    return {
      cpu: {
        node: share(node),
        backends: share(backends),
        other: share(Math.max(0, busy - node - backends)),
        idle: share(idle),
      },
      waits: this.waits,
      walBytes: Number(wal - s.wal),
    };
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.client.end().catch(() => {});
  }
}

/** "CPU 41%, Client 30%, IO:WALSync 20%, …": the top wait states, as shares of all samples. */
export function formatWaits(waits: Record<string, number>, top = 4): string {
  const total = Object.values(waits).reduce((a, b) => a + b, 0);
  if (!total) return '–';
  return Object.entries(waits)
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${Math.round((100 * v) / total)}%`)
    .join(', ');
}

// ---------------------------------------------------------------------------------------------------------------
// The machine, and whether something else is using it.

/** Busy share of the whole machine (0–1) over `ms`. */
export async function machineBusy(ms = 1000): Promise<number> {
  const a = machineTicks();
  await sleep(ms);
  const b = machineTicks();
  return b.total > a.total ? (b.busy - a.busy) / (b.total - a.total) : 0;
}

/**
 * Other work on this machine (other test runs) skews every figure. Waits, within a budget shared by the whole run,
 * until the machine is below `threshold` busy; returns the last reading either way.
 */
export function quietGate(budgetMs: number, threshold = 0.15) {
  let left = budgetMs;
  return async (): Promise<number> => {
    for (;;) {
      const busy = await machineBusy(500);
      if (busy <= threshold || left <= 0) return busy;
      const t = performance.now();
      await sleep(1000);
      left -= performance.now() - t + 500;
    }
  };
}

export interface MachineInfo {
  date: string;
  nproc: string;
  memory: string;
  cpu: string;
  node: string;
  postgres: string;
  settings: string;
}

export async function machineInfo(url: string): Promise<MachineInfo> {
  const run = (cmd: string, args: string[]) => {
    try {
      return execFileSync(cmd, args, { encoding: 'utf8' }).trim();
    } catch {
      return '?';
    }
  };
  const mem = run('free', ['-g'])
    .split('\n')
    .find((l) => l.startsWith('Mem:'));
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? '?';
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const v = await client.query<{ v: string }>('select version() as v');
    const settings = await client.query<{ name: string; setting: string; unit: string | null }>(
      `select name, setting, unit from pg_settings where name = any($1) order by name`,
      [['shared_buffers', 'synchronous_commit', 'fsync', 'wal_sync_method', 'max_connections', 'commit_delay']],
    );
    return {
      date: new Date().toISOString(),
      nproc: run('nproc', []),
      memory: mem ? `${mem.split(/\s+/)[1]} GB total (free -g)` : '?',
      cpu,
      node: process.version,
      postgres: v.rows[0]!.v,
      settings: settings.rows
        .map((r) => `${r.name}=${r.name === 'shared_buffers' ? `${(Number(r.setting) * 8) / 1024}MB` : r.setting}`)
        .join(', '),
    };
  } finally {
    await client.end();
  }
}
