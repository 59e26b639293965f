import type pg from 'pg';
import { runRegisteredMigrations } from '../commands/db/migrate.ts';
import { migrateEventStore } from '../commands/event-store/postgres-schema.ts';
import { migrateReadModels } from '../projections/runner/schema.ts';

/**
 * Runs every migration as the owner: the event store, the read models' schema, then the application's own schemas
 * (sessions, jobs, credentials …). Returns whether the application role exists (then the app runs as it). Part of
 * the composition root: it is the one place that knows every layer's schema.
 */
export async function migrateAll(ownerPool: pg.Pool): Promise<{ appRole: boolean }> {
  const client = await ownerPool.connect();
  try {
    const { appRole } = await migrateEventStore(client);
    await migrateReadModels(client, appRole);
    await runRegisteredMigrations(client, appRole);
    return { appRole };
  } finally {
    client.release();
  }
}
