import type { NicAnswer, NicRecord } from './nic.ts';

/**
 * The national identity check of a registration (spec: IsNicValid; the login result InvalidNIC and the join rule
 * InvalidNICAccount follow from it). The commands ask the identity service what `identityQuestion`
 * (domain/registration/identity-question.ts) says, before anything is written, and `identityOutcome` decides what the
 * account records.
 */

/** What the identity service is asked: the national id and the Gregorian birth date the form gives. */
export interface IdentityQuestion {
  nationalId: string;
  birthDate: string;
}

/** Why an account's national identity is not verified: the service's answer, or that it could not be asked. */
export type UnverifiedReason = 'NotFound' | 'Invalid' | 'Mismatch' | 'Unavailable';

/**
 * What a registration's account records about its holder:
 * - `unchecked`: the client does not verify identities, or the id is not a national one: NIC-valid as before;
 * - `verified`: the service answered a record for this id and birth date: NIC-valid, the record kept;
 * - `unverified`: accepted, not NIC-valid (sign-in answers InvalidNIC and leads to the user-verification page);
 *   `retry` when the service could not be asked (a job asks again later).
 */
export type IdentityOutcome =
  | { kind: 'unchecked' }
  | { kind: 'verified'; record: NicRecord }
  | { kind: 'unverified'; question: IdentityQuestion; reason: UnverifiedReason; retry: boolean };

/** The identity service asked a question: its answer, or 'Unavailable' when it could not be asked. */
export type AskIdentity = (question: IdentityQuestion) => Promise<NicAnswer | 'Unavailable'>;

/**
 * The account's outcome from the service's answer ('Unavailable': it could not be asked). A record is taken only when
 * it is the holder asked about (same national id and birth date); any other record is a Mismatch, never trusted.
 */
export function identityOutcome(
  question: IdentityQuestion | null,
  answer: NicAnswer | 'Unavailable' | null,
): IdentityOutcome {
  if (question === null) return { kind: 'unchecked' };
  if (answer === null || answer === 'Unavailable')
    return { kind: 'unverified', question, reason: 'Unavailable', retry: true };
  if (!answer.found) return { kind: 'unverified', question, reason: answer.reason, retry: false };
  const r = answer.record;
  if (r.nationalId !== question.nationalId || r.birthDate !== question.birthDate)
    return { kind: 'unverified', question, reason: 'Mismatch', retry: false };
  return { kind: 'verified', record: r };
}
