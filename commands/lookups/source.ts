import type { LookupSnapshot } from '../../domain/lookups/snapshot.ts';
import type { EventStore } from '../event-store/port.ts';
import { lookupsFromStreams } from './seed.ts';

/**
 * Where the commands of a store take the master data from: the process's cached read model (paired by the runtime),
 * else the lookup streams themselves. A durable process resumed after a crash asks here too, so its input never
 * carries the lookups (it is stored in the log).
 */
const sources = new WeakMap<EventStore, () => Promise<LookupSnapshot>>();

export function pairLookupSource(store: EventStore, current: () => Promise<LookupSnapshot>): void {
  sources.set(store, current);
}

export function lookupsOf(store: EventStore): Promise<LookupSnapshot> {
  return sources.get(store)?.() ?? lookupsFromStreams(store);
}
