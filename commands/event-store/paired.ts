import type { EventStore } from './port.ts';

/**
 * A service that belongs with the event store it serves (a credential vault, a link signer, the certificates'
 * documents): the runtime pairs them (workers/runtime.ts), the commands and routes, which already take the store,
 * find it there, and two portals in one process never share one.
 */
export interface PairedWithStore<T> {
  pair(store: EventStore, value: T): void;
  /** The store's own; throws when the runtime paired none (a wiring mistake, not a request's). */
  of(store: EventStore): T;
}

/** `what` names the service in the error a missing pairing throws. */
export function pairedWithStore<T>(what: string): PairedWithStore<T> {
  const byStore = new WeakMap<EventStore, T>();
  return {
    pair: (store, value) => {
      byStore.set(store, value);
    },
    of: (store) => {
      const value = byStore.get(store);
      if (value === undefined) throw new Error(`no ${what} paired with this event store (workers/runtime.ts)`);
      return value;
    },
  };
}
