import { describe, it } from 'vitest';
import { eventStoreContract } from './contract.ts';
import { openEventStoreDb } from './eventstoredb.ts';

// The same contract suite as the PostgreSQL adapter, against a real EventStoreDB / KurrentDB server. It runs only
// where one is configured, e.g. EVENTSTORE_URL=esdb://localhost:2113?tls=false npm run test:int
const url = process.env.EVENTSTORE_URL;

if (url) {
  eventStoreContract('EventStoreDB', async () => {
    const store = openEventStoreDb(url);
    return { store, close: () => store.close(), openPeer: async () => openEventStoreDb(url) };
  });
} else {
  console.log('[event store contract] EventStoreDB skipped: EVENTSTORE_URL is not set');
  describe.skipIf(!url)('event store contract: EventStoreDB', () => {
    it('runs the contract suite against the server at EVENTSTORE_URL (not set here)', () => {});
  });
}
