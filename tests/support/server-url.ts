import pg from 'pg';
import { withDatabase } from '../../commands/db/pool.ts';

/** The PostgreSQL server the tests use: TEST_DATABASE_URL, DATABASE_URL, or the local default, if it answers. */
export function candidateServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export async function serverAnswers(url: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: withDatabase(url, 'postgres'), connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}
