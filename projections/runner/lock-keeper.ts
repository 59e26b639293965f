import type pg from 'pg';

/** What the lock connection calls itself in pg_stat_activity. */
export const LOCK_APPLICATION_NAME = 'volunteer-portal-locks';

/**
 * Holds the projection runners' advisory locks of one process on ONE connection (instead of one connection per
 * runner). A runner asks for its projection's lock with `tryLock`; within the process a name is held by one runner at
 * a time, across processes PostgreSQL decides. If the connection breaks, the server lets go of every lock it held:
 * every holder is told (`onLost`) and stops applying. The keeper then refuses every lock for `backOffMs` (standbys
 * in other processes, which ask every second, take over), then asks again on a new connection at its holders' next
 * turn (the checkpoint guard rolls back a batch begun before the loss).
 * The connection is given back once no runner is a member and no lock is held.
 */
export class LockKeeper {
  private readonly pool: pg.Pool;
  private client: pg.PoolClient | null = null;
  private connecting: Promise<pg.PoolClient> | null = null;
  /** Held names, each with its holder's "you lost it" callback. */
  private readonly held = new Map<string, () => void>();
  /** Names asked for and not yet answered: a second ask in the process is refused meanwhile. */
  private readonly asking = new Set<string>();
  private members = 0;
  private readonly backOffMs: number;
  /** Until when locks are refused after a lost connection. */
  private backOffUntil = 0;

  constructor(pool: pg.Pool, opts: { backOffMs?: number } = {}) {
    this.pool = pool;
    this.backOffMs = opts.backOffMs ?? 2000;
  }

  /** A running runner stays a member from start to stop: the connection stays open for its retries as a standby. */
  join(): void {
    this.members++;
  }

  leave(): void {
    this.members = Math.max(0, this.members - 1);
    this.releaseIfUnused();
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  /** The backend pid of the lock connection (null when none is open), for tests and diagnostics. */
  get pid(): number | null {
    return (this.client as (pg.PoolClient & { processID?: number }) | null)?.processID ?? null;
  }

  /** True when the lock is now held by the caller; `onLost` is called if the connection breaks while it is held. */
  async tryLock(name: string, onLost: () => void): Promise<boolean> {
    if (this.held.has(name) || this.asking.has(name) || Date.now() < this.backOffUntil) return false;
    this.asking.add(name);
    try {
      const client = await this.connection();
      let ok = false;
      try {
        const { rows } = await this.serial(() =>
          client.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [lockKey(name)]),
        );
        ok = rows[0]?.ok === true;
      } catch (e) {
        this.lose(client);
        throw e;
      }
      // Taken on a connection that broke meanwhile: the server has already let go of it.
      if (!ok || this.client !== client) return false;
      this.held.set(name, onLost);
      return true;
    } finally {
      this.asking.delete(name);
      if (!this.held.has(name)) this.releaseIfUnused();
    }
  }

  async unlock(name: string): Promise<void> {
    if (!this.held.delete(name)) return;
    const client = this.client;
    if (client) {
      try {
        await this.serial(() => client.query('select pg_advisory_unlock(hashtext($1))', [lockKey(name)]));
      } catch {
        this.lose(client);
      }
    }
    this.releaseIfUnused();
  }

  /**
   * One statement at a time on the shared connection: the runners ask concurrently, and node-postgres only queues a
   * second query on a busy client with a deprecation warning (pg 9 will refuse it).
   */
  private serial<T>(statement: () => Promise<T>): Promise<T> {
    const next = this.tail.then(statement, statement);
    this.tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }
  private tail: Promise<void> = Promise.resolve();

  private async connection(): Promise<pg.PoolClient> {
    if (this.client) return this.client;
    if (!this.connecting) {
      this.connecting = (async () => {
        const client = await this.pool.connect();
        const broken = () => this.lose(client);
        client.on('error', broken);
        client.on('end', broken);
        try {
          await client.query(`set application_name = '${LOCK_APPLICATION_NAME}'`);
        } catch (e) {
          client.removeListener('error', broken);
          client.removeListener('end', broken);
          client.release(true);
          throw e;
        }
        this.client = client;
        return client;
      })().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  /** The connection broke (or a statement on it failed): every lock on it is gone; tell each holder. */
  private lose(client: pg.PoolClient): void {
    if (this.client !== client) return;
    this.client = null;
    this.backOffUntil = Date.now() + this.backOffMs;
    client.removeAllListeners('end');
    // A late error of the dead connection must still find a listener, or it would crash the process.
    client.removeAllListeners('error');
    client.on('error', () => {});
    try {
      client.release(true);
    } catch {
      // Already released.
    }
    const holders = [...this.held.values()];
    this.held.clear();
    for (const onLost of holders) onLost();
  }

  private releaseIfUnused(): void {
    const client = this.client;
    if (!client || this.members > 0 || this.held.size > 0 || this.asking.size > 0) return;
    this.client = null;
    client.removeAllListeners('end');
    client.removeAllListeners('error');
    client.on('error', () => {});
    // Destroyed rather than pooled: it holds no lock now, but it carries the lock connection's name.
    client.release(true);
  }
}

function lockKey(name: string): string {
  return `projection:${name}`;
}

const keepers = new WeakMap<pg.Pool, LockKeeper>();

/** The keeper of a pool: the runners of a process share the process's pool, so they share one lock connection. */
export function lockKeeperFor(pool: pg.Pool): LockKeeper {
  let k = keepers.get(pool);
  if (!k) {
    k = new LockKeeper(pool);
    keepers.set(pool, k);
  }
  return k;
}
