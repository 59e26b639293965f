import type pg from 'pg';
import { APP_ROLE } from '../../commands/db/roles.ts';

/** Schema `rm` (read models), the projections' checkpoint table and their parked events; owned by the application role when it exists. */
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
      -- Events a projection could not apply (a deterministic error): set aside so the rest still projects, until an
      -- admin retries them after a fix. Rows of a retired generation are dropped (the new one replays everything).
      create table if not exists rm.parked_events (
        name                text not null,
        generation          int not null,
        event_id            text not null,
        commit_pos          numeric(20) not null,
        prepare_pos         numeric(20) not null,
        stream_id           text not null,
        event_type          text not null,
        error               text not null,
        parked_at           timestamptz not null default now(),
        attempts            int not null default 1,
        retry_requested_at  timestamptz,
        last_attempt_at     timestamptz not null default now(),
        resolved_at         timestamptz,
        primary key (name, generation, event_id)
      );
      create index if not exists parked_events_open on rm.parked_events (name, generation, commit_pos, prepare_pos)
        where resolved_at is null;
    `);
  } finally {
    if (appRole) await client.query('reset role');
    await client.query('select pg_advisory_unlock(hashtext($1))', ['migrate:rm']);
  }
}
