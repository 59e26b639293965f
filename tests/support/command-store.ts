import type pg from 'pg';
import { PostgresCredentialVault, pairCredentialVault } from '../../commands/account/credentials.ts';
import { createKysely } from '../../commands/db/pool.ts';
import { PostgresEventStore } from '../../commands/event-store/postgres.ts';
import { pairLookupSource } from '../../commands/lookups/source.ts';
import { seedSnapshot } from '../../domain/lookups/testing.ts';
import type { AnyDB } from '../../projections/runner/projection.ts';

/**
 * An event store for command tests without the whole runtime, paired as workers/runtime.ts pairs it: the credential
 * vault (password hashes stay out of the log) and the master data (the seed values, as a fresh portal has them).
 */
export function commandStore(
  pool: pg.Pool,
  opts: ConstructorParameters<typeof PostgresEventStore>[1] = {},
): PostgresEventStore {
  const store = new PostgresEventStore(pool, opts);
  pairCredentialVault(store, new PostgresCredentialVault(createKysely<AnyDB>(pool)));
  const lookups = seedSnapshot();
  pairLookupSource(store, async () => lookups);
  return store;
}
