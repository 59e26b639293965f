export interface ThankYouSearch {
  /** The reference number of the submitted registration. */
  ref?: string;
  /** A verification e-mail was sent. */
  verify?: boolean;
  /** A practitioner's registration: the course comes before the final acceptance (the link is the portal's own). */
  course?: boolean;
}

/** Reads ?ref and ?verify; the router may have parsed a numeric reference as a number. */
export function validateThankYouSearch(search: Record<string, unknown>): ThankYouSearch {
  const out: ThankYouSearch = {};
  const ref = search.ref;
  if ((typeof ref === 'string' && ref.trim() !== '') || typeof ref === 'number') out.ref = String(ref).slice(0, 40);
  if (search.verify === true || search.verify === 'true' || search.verify === 1) out.verify = true;
  if (search.course === true || search.course === 'true' || search.course === 1) out.course = true;
  return out;
}

/** The thank-you page's search after a submit: the save's reference number and whether an e-mail is to verify. */
export function thankYouSearchOf(saved: {
  referenceNumber?: string | null;
  hasEmailVerification?: boolean;
  courseUrl?: string | null;
}): ThankYouSearch {
  return {
    ref: saved.referenceNumber ?? undefined,
    verify: saved.hasEmailVerification || undefined,
    course: saved.courseUrl ? true : undefined,
  };
}
