import type { DomainEvent } from '../shared/decider.ts';
import { type EventTypes, eventTypes } from '../shared/upcast.ts';
import type { LicenceAnswer, PractitionerStatus } from './licence.ts';

/**
 * Stream `practitioner-<volunteerId>`: the checks of a volunteer's CFHS number with the licensing register (spec:
 * CfhsNumber, CfhsStatusId, registrationPractionerInfo). A check that finds what the last one found writes nothing.
 */
export const practitionerStream = (volunteerId: string) => `practitioner-${volunteerId}`;
export const PRACTITIONER_STREAM_PREFIX = 'practitioner-';

export type PractitionerEvent = DomainEvent<
  'PractitionerLicenceChecked',
  LicenceAnswer & { cfhsNumber: string; at: string; previousStatusId: PractitionerStatus | null }
>;

export const PractitionerEventTypes = ['PractitionerLicenceChecked'] as const;

export const practitionerEvents: EventTypes<PractitionerEvent> = eventTypes<PractitionerEvent>({
  PractitionerLicenceChecked: true,
});
