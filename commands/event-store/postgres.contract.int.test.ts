import type pg from 'pg';
import { createTestDatabase } from '../../tests/support/db.ts';
import { createPool } from '../db/pool.ts';
import { eventStoreContract } from './contract.ts';
import { PostgresEventStore } from './postgres.ts';

eventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase('es');
  const store = new PostgresEventStore(db.pool, { crossProcessHints: true });
  const peers: pg.Pool[] = [];
  return {
    store,
    close: async () => {
      await store.close();
      await Promise.all(peers.map((p) => p.end()));
      await db.drop();
    },
    // Another process: its own pool on the same database.
    openPeer: async () => {
      const pool = createPool(db.url, { max: 4 });
      peers.push(pool);
      return new PostgresEventStore(pool, { crossProcessHints: true });
    },
  };
});
