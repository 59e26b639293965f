import { createTestDatabase } from '../../tests/support/db.ts';
import { eventStoreContract } from './contract.ts';
import { PostgresEventStore } from './postgres.ts';

eventStoreContract('PostgreSQL', async () => {
  const db = await createTestDatabase('es');
  const store = new PostgresEventStore(db.pool);
  return { store, close: () => store.close().then(() => db.drop()) };
});
