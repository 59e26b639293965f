import type pg from 'pg';
import { migrateReadModels } from '../../projections/runner/schema.ts';
import { APP_ROLE, migrateEventStore } from '../event-store/postgres-schema.ts';

export type Migration = (client: pg.ClientBase, appRole: boolean) => Promise<void>;
const extra: Migration[] = [];

function registerMigration(m: Migration): void {
  extra.push(m);
}

/**
 * A schema of the application's own (sessions, jobs): owned by the application role where it exists, and its DDL
 * run as that role, so the running portal may use what it creates. The DDL must be idempotent.
 */
export function registerSchema(schema: string, ddl: string): void {
  registerMigration(async (client, appRole) => {
    await client.query(`create schema if not exists ${schema} ${appRole ? `authorization ${APP_ROLE}` : ''}`);
    if (appRole) await client.query(`set role ${APP_ROLE}`);
    try {
      await client.query(ddl);
    } finally {
      if (appRole) await client.query('reset role');
    }
  });
}

/** Runs every migration as the owner. Returns whether the application role exists (then the app runs as it). */
export async function migrateAll(ownerPool: pg.Pool): Promise<{ appRole: boolean }> {
  const client = await ownerPool.connect();
  try {
    const { appRole } = await migrateEventStore(client);
    await migrateReadModels(client, appRole);
    for (const m of extra) await m(client, appRole);
    return { appRole };
  } finally {
    client.release();
  }
}
