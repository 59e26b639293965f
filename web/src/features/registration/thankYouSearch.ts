export interface ThankYouSearch {
  /** The reference number of the submitted registration. */
  ref?: string;
  /** A verification e-mail was sent. */
  verify?: boolean;
}

/** Reads ?ref and ?verify; the router may have parsed a numeric reference as a number. */
export function validateThankYouSearch(search: Record<string, unknown>): ThankYouSearch {
  const out: ThankYouSearch = {};
  const ref = search.ref;
  if ((typeof ref === 'string' && ref.trim() !== '') || typeof ref === 'number') out.ref = String(ref).slice(0, 40);
  if (search.verify === true || search.verify === 'true' || search.verify === 1) out.verify = true;
  return out;
}

/** The thank-you page's search after a submit: the save's reference number and whether an e-mail is to verify. */
export function thankYouSearchOf(saved: {
  referenceNumber?: string | null;
  hasEmailVerification?: boolean;
}): ThankYouSearch {
  return { ref: saved.referenceNumber ?? undefined, verify: saved.hasEmailVerification || undefined };
}
