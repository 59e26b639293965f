import type { RegistrationForm } from '../registration/form.ts';

/** Spec (section 4, "First responder and practitioner"): "Final acceptance after a course within 24 hours." */
export const FINAL_ACCEPTANCE_AFTER_COURSE_HOURS = 24;

/**
 * The course link of the registration response (spec: POST registration answers Course_URL): given to a submitted
 * registration that carries a CFHS number (a practitioner), when the deployment has a course; otherwise null.
 */
export function courseUrlFor(form: RegistrationForm, submitted: boolean, courseUrl: string | null): string | null {
  if (!submitted || !courseUrl) return null;
  return form.practitioner?.cfhsNumber?.trim() ? courseUrl : null;
}
