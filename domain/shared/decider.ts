import type { EventTypes } from './upcast.ts';

/** A domain event as decide() returns it: a past-tense fact with its data. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

/** Pure functions for one kind of stream (see CONVENTIONS: a decider is a few pure functions). */
export interface Decider<S, C, E extends DomainEvent> {
  /** The event types its stream holds: what a stored event is decoded as (commands/event-store/decode.ts). */
  events: EventTypes<E>;
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S, now: Date) => E[];
}

export function fold<S, E extends DomainEvent>(
  d: Pick<Decider<S, never, E>, 'initialState' | 'evolve'>,
  events: readonly E[],
): S {
  return events.reduce(d.evolve, d.initialState());
}
