import type pg from 'pg';

import { GROWN_SINCE_ANALYSE } from '../db/growth.ts';
import { APP_ROLE } from '../db/roles.ts';

/** The application role: may read and append events, never UPDATE, DELETE or TRUNCATE them. */
export { APP_ROLE };

/**
 * Creates the event store schema. Runs as the connecting (owner) user, before the pool switches to APP_ROLE.
 * Idempotent; safe to run from several processes at once (serialised by an advisory lock).
 */
export async function migrateEventStore(client: pg.ClientBase): Promise<{ appRole: boolean }> {
  await client.query('select pg_advisory_lock(hashtext($1))', ['migrate:es']);
  try {
    await client.query(`
      create schema if not exists es;
      create table if not exists es.streams (
        stream_id   text primary key,
        stream_type text not null,
        version     bigint not null
      );
      create sequence if not exists es.global_position as bigint;
      create table if not exists es.events (
        stream_id       text not null references es.streams (stream_id),
        stream_position bigint not null,
        global_position bigint not null default nextval('es.global_position'),
        transaction_id  xid8 not null default pg_current_xact_id(),
        event_id        uuid not null,
        type            text not null,
        data            jsonb not null,
        metadata        jsonb not null,
        recorded_at     timestamptz not null default now(),
        primary key (stream_id, stream_position),
        constraint events_event_id_key unique (event_id)
      );
      create index if not exists events_tx_position_idx on es.events (transaction_id, global_position);
      -- Event data over ~2 kB (a registration form) is compressed: lz4 costs a fraction of the default pglz's CPU on
      -- every append and every read. A server built without lz4 keeps pglz.
      do $$ begin
        if (select attcompression from pg_attribute where attrelid = 'es.events'::regclass and attname = 'data') <> 'l' then
          alter table es.events alter column data set compression lz4;
        end if;
      exception when feature_not_supported then null;
      end $$;

      -- Append-only for everybody, owner included: the event log is the audit log.
      create or replace function es.reject_event_mutation() returns trigger language plpgsql as $$
      begin
        raise exception 'es.events is append-only (% refused)', tg_op using errcode = '42501';
      end $$;
      drop trigger if exists events_append_only on es.events;
      create trigger events_append_only before update or delete on es.events
        for each row execute function es.reject_event_mutation();
      drop trigger if exists events_no_truncate on es.events;
      create trigger events_no_truncate before truncate on es.events
        for each statement execute function es.reject_event_mutation();

      -- es.streams grows from nothing in a fresh store, faster than autovacuum analyses it, and the batched append's
      -- plan made while it was small reads it whole (commands/db/growth.ts). Only the owner may analyse it, so the
      -- application role asks through this function as its schedule falls due; it analyses es.streams only when
      -- it is due (GROWN_SINCE_ANALYSE).
      create or replace function es.analyse() returns void language plpgsql security definer
        set search_path = pg_catalog, pg_temp as $fn$
      begin
        if exists (select 1 from pg_class c where c.oid = 'es.streams'::regclass and ${GROWN_SINCE_ANALYSE}) then
          analyze es.streams;
        end if;
      end $fn$;
      revoke all on function es.analyse() from public;
    `);
    const appRole = await ensureAppRole(client);
    return { appRole };
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', ['migrate:es']);
  }
}

/** Creates the application role where the connecting user may (superuser or CREATEROLE); else the trigger alone guards. */
async function ensureAppRole(client: pg.ClientBase): Promise<boolean> {
  try {
    await client.query(`
      do $$ begin
        if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
          create role ${APP_ROLE} nologin;
        end if;
      end $$;`);
  } catch (e) {
    const code = (e as { code?: string }).code;
    // 23505/42710: created concurrently by another process (roles are cluster-wide).
    if (code !== '23505' && code !== '42710') return false;
  }
  // Grants on the cluster-wide role can collide with another database's migration ("tuple concurrently updated").
  for (let attempt = 0; ; attempt++) {
    try {
      await grantAppRole(client);
      return true;
    } catch {
      if (attempt >= 4) return false;
      await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
    }
  }
}

async function grantAppRole(client: pg.ClientBase): Promise<void> {
  await client.query(`
      grant ${APP_ROLE} to current_user;
      grant usage on schema es to ${APP_ROLE};
      grant select, insert on es.events to ${APP_ROLE};
      grant select, insert, update on es.streams to ${APP_ROLE};
      grant usage on sequence es.global_position to ${APP_ROLE};
      grant execute on function es.analyse() to ${APP_ROLE};
      revoke update, delete, truncate on es.events from ${APP_ROLE};
    `);
}
