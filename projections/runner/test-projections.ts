import { sql } from 'kysely';
import { readModelTables } from './define.ts';
import type { Projection } from './projection.ts';

/**
 * Projections used by the runner's own tests and benchmarks. `applied` records every event once (a unique event id
 * turns a double apply into an error) with the order it was applied in; `totals` keeps per-stream counters that a
 * double or missed apply would make wrong.
 */
export function appliedLogProjection(name: string, types: readonly string[], version = 1): Projection {
  return {
    name,
    version,
    types,
    ...readModelTables({
      [`${name}_applied`]: `seq bigserial primary key, event_id uuid not null unique, stream_id text not null,
          commit_pos numeric(20) not null, prepare_pos numeric(20) not null`,
    }),
    async apply({ tx, table }, events) {
      await sql`insert into ${sql.raw(table(`${name}_applied`))} (event_id, stream_id, commit_pos, prepare_pos)
        select * from unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.streamId)}::text[],
                             ${events.map((e) => e.position.commit.toString())}::numeric[],
                             ${events.map((e) => e.position.prepare.toString())}::numeric[])`.execute(tx);
    },
  };
}

export function totalsProjection(name: string, types: readonly string[], version = 1): Projection {
  const t = `${name}_totals`;
  return {
    name,
    version,
    types,
    ...readModelTables({
      [t]: 'stream_id text primary key, events int not null, total bigint not null, last_revision bigint not null',
    }),
    async apply({ tx, table }, events) {
      for (const e of events) {
        const amount = (e.data as { amount?: number }).amount ?? 0;
        await sql`insert into ${sql.raw(table(t))} as x (stream_id, events, total, last_revision)
                  values (${e.streamId}, 1, ${amount}, ${e.revision.toString()})
                  on conflict (stream_id) do update set events = x.events + 1, total = x.total + excluded.total,
                    last_revision = excluded.last_revision`.execute(tx);
      }
    },
  };
}

/**
 * One multi-row insert a batch into an int column: an amount past int4 fails the whole statement (22003), so the
 * runner has to find the event itself. `clamp` is the fixed version of the same code.
 */
export function amountsProjection(name: string, types: readonly string[], version = 1, clamp = false): Projection {
  const t = `${name}_amounts`;
  return {
    name,
    version,
    types,
    ...readModelTables({ [t]: 'event_id uuid primary key, amount int not null' }),
    async apply({ tx, table }, events) {
      const amounts = events.map((e) => String((e.data as { amount?: number }).amount ?? 0));
      await sql`insert into ${sql.raw(table(t))} (event_id, amount)
        select id, ${clamp ? sql`least(a, 2147483647)` : sql`a`}
          from unnest(${events.map((e) => e.id)}::uuid[], ${amounts}::numeric[]) as x(id, a)`.execute(tx);
    },
  };
}
