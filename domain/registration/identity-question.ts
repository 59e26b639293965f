import type { IdentityQuestion } from '../identity/check.ts';
import { gregorianOf } from '../shared/calendar.ts';
import type { ClientConfig } from '../shared/clients.ts';
import type { RegistrationForm } from './form.ts';

/** The national id type of the form (spec: IdType 0 for the national nationality). */
const NATIONAL_ID_TYPE = 0;

/**
 * The question a registration asks, or null when no check applies: the client has no identity verification, the id
 * is not a national one (idType 1: a resident), or the form lacks the id number or a valid birth date (the rules
 * refuse such a form before this is asked).
 */
export function identityQuestion(form: RegistrationForm, client: ClientConfig): IdentityQuestion | null {
  if (!client.identityVerification) return null;
  if (form.identity?.idType !== NATIONAL_ID_TYPE) return null;
  const nationalId = form.identity.idNumber?.trim();
  const birthDate = gregorianOf(form.personal?.birthDate);
  if (!nationalId || !birthDate) return null;
  return { nationalId, birthDate };
}
