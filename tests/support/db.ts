import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type pg from 'pg';
import { inject } from 'vitest';
import { createKysely, createPool, dropDatabase, ensureDatabase, withDatabase } from '../../commands/db/pool.ts';
import { APP_ROLE } from '../../commands/event-store/postgres-schema.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';
import { migrateAll } from '../../workers/migrate.ts';

export interface TestDatabase {
  url: string;
  /** Pool running as the application role (as the portal does). */
  pool: pg.Pool;
  /** Pool running as the owner (for test set-up that the application may not do). */
  ownerPool: pg.Pool;
  db: Kysely<AnyDB>;
  appRole: string | null;
  drop(): Promise<void>;
}

/** A fresh database of its own for one test file, fully migrated. */
export async function createTestDatabase(prefix = 't', poolSize = 20): Promise<TestDatabase> {
  const server = inject('pgServerUrl');
  const url = withDatabase(server, `${prefix}_${randomBytes(6).toString('hex')}`);
  await ensureDatabase(url);
  const ownerPool = createPool(url, { max: 4 });
  const { appRole } = await migrateAll(ownerPool);
  const role = appRole ? APP_ROLE : null;
  const pool = createPool(url, { max: poolSize, role });
  const db = createKysely<AnyDB>(pool);
  return {
    url,
    pool,
    ownerPool,
    db,
    appRole: role,
    async drop() {
      await db.destroy();
      await ownerPool.end();
      await dropDatabase(url);
    },
  };
}
