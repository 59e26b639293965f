import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** The channel every process of one portal database shares. */
export const APPEND_HINTS_CHANNEL = 'es_appended';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well below, counted in UTF-8 bytes. */
const PAYLOAD_MAX_BYTES = 7_000;

export interface AppendHintsOptions {
  /** How long appends are gathered before one NOTIFY carries all their stream names. */
  flushMs?: number;
  /** How long to wait before listening again after the listening connection broke. */
  reconnectMs?: number;
  onError?: (e: unknown) => void;
}

/**
 * "This stream was appended to" hints between processes sharing one PostgreSQL database (several API replicas, a
 * separate workers process), over LISTEN/NOTIFY.
 *
 * The NOTIFY is sent after the append has committed, on its own, never inside the append's transaction: a NOTIFY in
 * a transaction takes a cluster-wide lock at commit and would serialise every append. Appends within `flushMs` share
 * one NOTIFY. A hint is only a hint: one lost with a broken connection delays a reader until its next poll; it never
 * loses an event.
 */
export class PgAppendHints {
  private readonly pool: pg.Pool;
  private readonly origin = randomUUID();
  private readonly flushMs: number;
  private readonly reconnectMs: number;
  private readonly onError: (e: unknown) => void;
  private pending = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private listener: pg.PoolClient | null = null;
  private listening: Promise<void> | null = null;
  private reconnect: NodeJS.Timeout | null = null;
  private closed = false;
  private onStreams: ((streams: readonly string[]) => void) | null = null;

  constructor(pool: pg.Pool, opts: AppendHintsOptions = {}) {
    this.pool = pool;
    this.flushMs = opts.flushMs ?? 5;
    this.reconnectMs = opts.reconnectMs ?? 1_000;
    this.onError = opts.onError ?? ((e) => console.error('[append hints]', e));
  }

  /** Announce an append to the other processes (this process's own listeners are told directly). */
  publish(stream: string): void {
    if (this.closed) return;
    this.pending.add(stream);
    this.timer ??= setTimeout(() => this.flush(), this.flushMs);
  }

  /** Start listening for other processes' appends; `onStreams` gets the names of the streams they appended to. */
  listen(onStreams: (streams: readonly string[]) => void): Promise<void> {
    this.onStreams = onStreams;
    this.listening ??= this.connect();
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.reconnect) clearTimeout(this.reconnect);
    this.timer = null;
    await this.flushing;
    const client = this.listener;
    this.listener = null;
    client?.release(true);
  }

  private flush(): void {
    this.timer = null;
    const streams = [...this.pending];
    this.pending = new Set();
    const payloads = encodeHints(this.origin, streams);
    this.flushing = this.flushing.then(async () => {
      for (const p of payloads) {
        try {
          await this.pool.query('select pg_notify($1, $2)', [APPEND_HINTS_CHANNEL, p]);
        } catch (e) {
          if (!this.closed) this.onError(e);
        }
      }
    });
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    let client: pg.PoolClient | null = null;
    try {
      client = await this.pool.connect();
      client.on('notification', (msg) => {
        if (msg.channel !== APPEND_HINTS_CHANNEL || !msg.payload) return;
        const hint = decodeHint(msg.payload);
        if (hint && hint.origin !== this.origin && hint.streams.length) this.onStreams?.(hint.streams);
      });
      client.on('error', (e) => this.broken(client!, e));
      await client.query(`listen ${APPEND_HINTS_CHANNEL}`);
      if (this.closed) {
        client.release(true);
        return;
      }
      this.listener = client;
    } catch (e) {
      if (client) client.release(true);
      if (!this.closed) {
        this.onError(e);
        this.scheduleReconnect();
      }
    }
  }

  private broken(client: pg.PoolClient, e: unknown): void {
    if (this.listener !== client) return;
    this.listener = null;
    client.release(true);
    if (this.closed) return;
    this.onError(e);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.reconnect = setTimeout(() => {
      this.reconnect = null;
      this.listening = this.connect();
    }, this.reconnectMs);
  }
}

/** One or more NOTIFY payloads, each under PostgreSQL's size limit, naming every stream. */
export function encodeHints(origin: string, streams: readonly string[]): string[] {
  const out: string[] = [];
  let batch: string[] = [];
  let size = 0;
  const base = Buffer.byteLength(JSON.stringify({ o: origin, s: [] }));
  for (const s of streams) {
    const cost = Buffer.byteLength(JSON.stringify(s)) + 1;
    if (base + cost > PAYLOAD_MAX_BYTES) continue; // no stream name is this long; a hint is only a hint
    if (batch.length && base + size + cost > PAYLOAD_MAX_BYTES) {
      out.push(JSON.stringify({ o: origin, s: batch }));
      batch = [];
      size = 0;
    }
    batch.push(s);
    size += cost;
  }
  if (batch.length) out.push(JSON.stringify({ o: origin, s: batch }));
  return out;
}

export function decodeHint(payload: string): { origin: string; streams: string[] } | null {
  try {
    const v = JSON.parse(payload) as { o?: unknown; s?: unknown };
    if (typeof v.o !== 'string' || !Array.isArray(v.s)) return null;
    return { origin: v.o, streams: v.s.filter((s): s is string => typeof s === 'string') };
  } catch {
    return null;
  }
}
