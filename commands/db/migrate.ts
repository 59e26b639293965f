import type pg from 'pg';
import { APP_ROLE } from './roles.ts';

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

/** Runs the schemas registered so far (after the event store's and the read models', see workers/migrate.ts). */
export async function runRegisteredMigrations(client: pg.ClientBase, appRole: boolean): Promise<void> {
  for (const m of extra) await m(client, appRole);
}
