import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// int8 (bigint) columns come back as strings by default; counts and positions are read with BigInt or Number
// explicitly where they are used, so the default stays.

export interface PoolOptions {
  max?: number;
  /** Run every session of the pool as this role (the application role that may not UPDATE or DELETE events). */
  role?: string | null;
  applicationName?: string;
}

export function createPool(connectionString: string, opts: PoolOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'volunteer-portal',
    idleTimeoutMillis: 30_000,
    // Startup option rather than a SET ROLE query: the role holds from the connection's first statement.
    ...(opts.role ? { options: `-c role=${opts.role}` } : {}),
  });
  // An idle pooled connection that the server closes (restart, embedded server stop: 57P01) must not crash the process.
  pool.on('error', () => {});
  return pool;
}

export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await fn(client);
    await client.query('commit');
    return result;
  } catch (e) {
    await client.query('rollback').catch(() => {});
    throw e;
  } finally {
    client.release();
  }
}

/** Replace the database name in a connection string. */
export function withDatabase(connectionString: string, database: string): string {
  const u = new URL(connectionString);
  u.pathname = `/${database}`;
  return u.toString();
}

/** Runs `work` on a client of the server's maintenance database, with the connection string's database name. */
async function onMaintenance(connectionString: string, work: (admin: pg.Client, name: string) => Promise<void>) {
  const name = decodeURIComponent(new URL(connectionString).pathname.slice(1));
  const admin = new pg.Client({ connectionString: withDatabase(connectionString, 'postgres') });
  await admin.connect();
  try {
    await work(admin, name);
  } finally {
    await admin.end();
  }
}

/** Create a database if it does not exist (connects to the server's maintenance database). */
export async function ensureDatabase(connectionString: string): Promise<void> {
  await onMaintenance(connectionString, async (admin, name) => {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${pg.escapeIdentifier(name)}`).catch((e: { code?: string }) => {
        if (e.code !== '42P04') throw e; // created concurrently
      });
    }
  });
}

export async function dropDatabase(connectionString: string): Promise<void> {
  await onMaintenance(connectionString, async (admin, name) => {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  });
}

/** Kysely over an existing pool (the pool decides the role the queries run as). */
export function createKysely<DB>(pool: pg.Pool): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}
