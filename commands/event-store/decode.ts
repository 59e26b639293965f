import { EVENT_VERSIONS } from '../../domain/event-versions.ts';
import type { DomainEvent } from '../../domain/shared/decider.ts';
import { type EventTypes, schemaVersionOf, upcast } from '../../domain/shared/upcast.ts';
import type { EventMetadata, NewEvent, StoredEvent } from './port.ts';

/**
 * The one boundary between the log and the domain: a stored event (a type string, JSON data) becomes a typed domain
 * event in its current shape, through the upcasters of domain/event-versions.ts. Every fold (commands/handle.ts),
 * projection, reaction and history tab reads events through it; new events leave through `encode`, which records
 * the shape's version.
 */

type Stored = Pick<StoredEvent, 'type' | 'data' | 'metadata'>;

/** The stored event as an event of the union, its data upcast to the current shape; null for a type outside it. */
export function decode<E extends DomainEvent>(types: EventTypes<E>, e: Stored): E | null {
  if (!types.has(e.type)) return null;
  // The only cast from stored to domain events: the type is the union's, the data has been brought to its shape.
  return { type: e.type, data: upcast(EVENT_VERSIONS, e.type, e.data, e.metadata.schemaVersion) } as E;
}

/** Each stored event the union holds, decoded, in order (the others skipped). */
export function decodeAll<E extends DomainEvent>(types: EventTypes<E>, events: readonly Stored[]): E[] {
  const out: E[] = [];
  for (const s of events) {
    const e = decode(types, s);
    if (e) out.push(e);
  }
  return out;
}

/**
 * A stored event of any type with its data in the current shape, for readers of every event (the audit log, history
 * tabs). Its metadata then names the current version, so decoding it again changes nothing.
 */
export function upcastStored<T extends Stored>(e: T): T {
  const current = schemaVersionOf(EVENT_VERSIONS, e.type);
  const data = upcast(EVENT_VERSIONS, e.type, e.data, e.metadata.schemaVersion);
  return data === e.data ? e : { ...e, data, metadata: { ...e.metadata, schemaVersion: current } };
}

/** A domain event ready to append: its metadata names the version of the shape it is written in. */
export function encode(id: string, e: DomainEvent, metadata: EventMetadata): NewEvent {
  return {
    id,
    type: e.type,
    data: e.data,
    metadata: { ...metadata, schemaVersion: schemaVersionOf(EVENT_VERSIONS, e.type) },
  };
}
