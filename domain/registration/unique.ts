import type { DomainEvent } from '../shared/decider.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';

/**
 * A unique value is owned by a stream of its own ("email-ahmed@example.org"): claimed with expectedRevision
 * no_stream (or at the revision where it was last released), so of two simultaneous claims exactly one wins.
 */
export const UniqueKinds = {
  email: {
    prefix: 'email',
    code: 'EmailAlreadyExists',
    field: 'user.email',
    normalise: (v: string) => v.trim().toLowerCase(),
  },
  mobile: {
    prefix: 'mobile',
    code: 'MobileAlreadyExists',
    field: 'user.mobile',
    normalise: (v: string) => v.replace(/\D/g, ''),
  },
  idNumber: {
    prefix: 'idnumber',
    code: 'IdNumberAlreadyExists',
    field: 'identity.idNumber',
    normalise: (v: string) => v.trim(),
  },
} as const satisfies Record<
  string,
  { prefix: string; code: ErrorCode; field: string; normalise: (v: string) => string }
>;
export type UniqueKind = keyof typeof UniqueKinds;

/** The events of a unique value's stream: who holds it, and when it was given up. */
export type UniqueValueEvent =
  | DomainEvent<'UniqueValueClaimed', { kind: UniqueKind; value: string; ownerId: string }>
  | DomainEvent<'UniqueValueReleased', { kind: UniqueKind; ownerId: string }>;
export const uniqueValueEvents: EventTypes<UniqueValueEvent> = eventTypes<UniqueValueEvent>({
  UniqueValueClaimed: true,
  UniqueValueReleased: true,
});

export const uniqueStream = (kind: UniqueKind, value: string) =>
  `${UniqueKinds[kind].prefix}-${UniqueKinds[kind].normalise(value)}`;
