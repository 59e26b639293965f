/**
 * Practitioner (health licence) statuses, as the licensing authority's register answers for a CFHS number (spec
 * section 4, "First responder and practitioner": statuses 1 to 9).
 */
export const PractitionerStatus = {
  RegisteredClassified: 1,
  UnderInitialApproval: 2,
  ClassifiedNotRegistered: 3,
  NotRegistered: 4,
  ContactDocumentation: 5,
  BlackListed: 6,
  Unknown: 7,
  Valid: 8,
  Expired: 9,
} as const;
export type PractitionerStatus = (typeof PractitionerStatus)[keyof typeof PractitionerStatus];
export const PRACTITIONER_STATUSES: readonly PractitionerStatus[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export const CFHS_NUMBER_MAX = 30;

/** What the register answers for a number: its status, the practitioner's classification and the licence's expiry. */
export interface LicenceAnswer {
  statusId: PractitionerStatus;
  classification: { ar: string; en: string } | null;
  /** YYYY-MM-DD, or null when the register gives none. */
  licenceExpiryDate: string | null;
}

/** Statuses that assert a licence in force: these become Expired (9) once the licence's expiry day has passed. */
const IN_FORCE: readonly PractitionerStatus[] = [PractitionerStatus.RegisteredClassified, PractitionerStatus.Valid];

/**
 * Expiry is followed at read time: the status shown is the register's answer, except that a licence in force whose
 * expiry day is before today reads as Expired (9). No job has to run on the day for the grids to be right.
 */
export function effectiveStatus(
  statusId: PractitionerStatus,
  licenceExpiryDate: string | null,
  today: string,
): PractitionerStatus {
  if (IN_FORCE.includes(statusId) && licenceExpiryDate !== null && licenceExpiryDate < today)
    return PractitionerStatus.Expired;
  return statusId;
}

export function isPractitionerStatus(n: unknown): n is PractitionerStatus {
  return typeof n === 'number' && (PRACTITIONER_STATUSES as readonly number[]).includes(n);
}
