import type pg from 'pg';
import { APP_ROLE } from '../../commands/event-store/postgres-schema.ts';

/** Schema `rm` (read models) and the projections' checkpoint table; owned by the application role when it exists. */
export async function migrateReadModels(client: pg.ClientBase, appRole: boolean): Promise<void> {
  await client.query('select pg_advisory_lock(hashtext($1))', ['migrate:rm']);
  try {
    await client.query(`create schema if not exists rm ${appRole ? `authorization ${APP_ROLE}` : ''}`);
    if (appRole) await client.query(`set role ${APP_ROLE}`);
    await client.query(`
      create table if not exists rm.projection_checkpoints (
        name        text not null,
        generation  int not null,
        version     int not null,
        state       text not null check (state in ('building', 'live', 'retired')),
        commit_pos  numeric(20) not null default -1,
        prepare_pos numeric(20) not null default -1,
        updated_at  timestamptz not null default now(),
        primary key (name, generation)
      );
      create unique index if not exists projection_checkpoints_one_live on rm.projection_checkpoints (name)
        where state = 'live';
    `);
  } finally {
    if (appRole) await client.query('reset role');
    await client.query('select pg_advisory_unlock(hashtext($1))', ['migrate:rm']);
  }
}
