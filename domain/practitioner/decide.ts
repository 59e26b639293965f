import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/errors.ts';
import { type PractitionerEvent, practitionerEvents } from './events.ts';
import { CFHS_NUMBER_MAX, isPractitionerStatus, type LicenceAnswer, PractitionerStatus } from './licence.ts';

/** The last check of a volunteer's licence (null: never checked). */
export interface Practitioner {
  last: (LicenceAnswer & { cfhsNumber: string }) | null;
}

/** The register's answer for the number, asked by the handler (null: the register does not know it). */
export type PractitionerCommand = { type: 'RecordLicenceCheck'; cfhsNumber: string; answer: LicenceAnswer | null };

const same = (a: LicenceAnswer & { cfhsNumber: string }, b: LicenceAnswer & { cfhsNumber: string }) =>
  a.cfhsNumber === b.cfhsNumber &&
  a.statusId === b.statusId &&
  a.licenceExpiryDate === b.licenceExpiryDate &&
  a.classification?.ar === b.classification?.ar &&
  a.classification?.en === b.classification?.en;

export const practitionerDecider: Decider<Practitioner, PractitionerCommand, PractitionerEvent> = {
  events: practitionerEvents,
  initialState: () => ({ last: null }),
  evolve: (_s, e) => {
    const { cfhsNumber, statusId, classification, licenceExpiryDate } = e.data;
    return { last: { cfhsNumber, statusId, classification, licenceExpiryDate } };
  },
  decide(cmd, s, now) {
    const cfhsNumber = cmd.cfhsNumber.trim();
    if (!cfhsNumber || cfhsNumber.length > CFHS_NUMBER_MAX)
      throw new DomainError('ValidationFailed', { field: 'cfhsNumber' });
    // A number the register does not know is status 7 (unknown), with nothing else.
    const answer: LicenceAnswer =
      cmd.answer && isPractitionerStatus(cmd.answer.statusId)
        ? cmd.answer
        : { statusId: PractitionerStatus.Unknown, classification: null, licenceExpiryDate: null };
    const next = { cfhsNumber, ...answer };
    if (s.last && same(s.last, next)) return [];
    return [
      {
        type: 'PractitionerLicenceChecked',
        data: { ...next, at: now.toISOString(), previousStatusId: s.last?.statusId ?? null },
      },
    ];
  },
};
