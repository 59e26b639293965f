import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import type { InitiativeStatus } from './rules.ts';

/** Stream `initiative-<id>`: one proposed event, from its proposal to the decision on it. */
export const initiativeStream = (initiativeId: string) => `initiative-${initiativeId}`;
export const INITIATIVE_STREAM_PREFIX = 'initiative-';

export interface InitiativeProposal {
  name: string;
  description: string;
  details: string;
  regionId: number;
  cityId: number;
  location: string;
  latitude: number | null;
  longitude: number | null;
}

export type InitiativeEvent =
  | DomainEvent<
      'InitiativeProposed',
      /** centerSent: the spec's IsCenterSent, true on every submission. */
      InitiativeProposal & { initiativeId: string; code: string; proposerId: string; centerSent: true; at: string }
    >
  /** Received (spec: Approved shows as Received): the draft event it became. */
  | DomainEvent<'InitiativeApproved', { initiativeId: string; eventId: string; previous: InitiativeStatus; at: string }>
  | DomainEvent<'InitiativeRejected', { initiativeId: string; reason: string; previous: InitiativeStatus; at: string }>;

export const InitiativeEventTypes = ['InitiativeProposed', 'InitiativeApproved', 'InitiativeRejected'] as const;

export const initiativeEvents: EventTypes<InitiativeEvent> = eventTypes<InitiativeEvent>({
  InitiativeProposed: true,
  InitiativeApproved: true,
  InitiativeRejected: true,
});
