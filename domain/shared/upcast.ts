import type { DomainEvent } from './decider.ts';

/**
 * Event versioning (CONVENTIONS: an event never changes shape once stored; a new shape is a new version with an
 * upcaster). Pure: the decoding boundary (commands/event-store/decode.ts) applies it to every stored event before a
 * fold, a projection, a reaction or a history tab sees it.
 */

/** The runtime list of a union's event types: a stored event's type string is checked against it. */
export interface EventTypes<E extends DomainEvent> {
  readonly types: readonly E['type'][];
  has(type: string): type is E['type'];
}

/** Every type of the union, once (a missing or unknown one fails to compile). */
export function eventTypes<E extends DomainEvent>(types: { readonly [K in E['type']]: true }): EventTypes<E> {
  const list = Object.keys(types) as E['type'][];
  const set = new Set<string>(list);
  return { types: list, has: (type: string): type is E['type'] => set.has(type) };
}

/** Two unions read as one (a projection that handles both). */
export function eitherOf<A extends DomainEvent, B extends DomainEvent>(
  a: EventTypes<A>,
  b: EventTypes<B>,
): EventTypes<A | B> {
  const list: (A | B)['type'][] = [...a.types, ...b.types];
  return { types: list, has: (type: string): type is (A | B)['type'] => a.has(type) || b.has(type) };
}

/**
 * An event type's shape history. `up[v]` turns data of version v into version v + 1; the chain runs from the stored
 * version to `current`. Events stored before versions were recorded (no `schemaVersion` in their metadata) are
 * dated by their shape: `detect`.
 */
export interface EventVersions {
  current: number;
  detect(data: unknown): number;
  up: Readonly<Record<number, (data: unknown) => unknown>>;
}

export type VersionRegistry = Readonly<Record<string, EventVersions>>;

/** The version a new event of this type is written at (1 for a type whose shape never changed). */
export function schemaVersionOf(registry: VersionRegistry, type: string): number {
  return registry[type]?.current ?? 1;
}

/** The stored data in the current shape: each upcaster from the stored version on, in order. */
export function upcast(registry: VersionRegistry, type: string, data: unknown, stored: number | undefined): unknown {
  const v = registry[type];
  if (!v) return data;
  let version = stored ?? v.detect(data);
  let out = data;
  while (version < v.current) {
    const step = v.up[version];
    if (!step) throw new Error(`No upcaster for ${type} version ${version}`);
    out = step(out);
    version++;
  }
  return out;
}

/** A plain JSON object's fields (an upcaster's input is stored JSON; anything else reads as empty). */
export function fieldsOf(data: unknown): Record<string, unknown> {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? { ...data } : {};
}
