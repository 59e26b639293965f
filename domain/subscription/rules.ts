import { isValidEmail } from '../registration/rules.ts';
import type { ErrorCode } from '../shared/errors.ts';
import { requireText } from '../shared/text.ts';

export const EMAIL_MAX = 254;
export const HEADER_MAX = 200;
export const BODY_MAX = 8000;
/** Recipients of one mail: the admin grid's largest page (spec page sizes up to 1000). */
export const MAX_RECIPIENTS = 1000;

/** An address as the list keeps it: trimmed and lower case, so one person is one subscriber. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function subscribeIssues(email: string | null | undefined): ErrorCode | null {
  const e = normalEmail(email ?? '');
  if (!e) return 'AllFieldsRequired';
  if (e.length > EMAIL_MAX || !isValidEmail(e)) return 'InvalidEmail';
  return null;
}

export interface MailDraft {
  header?: string | null;
  body?: string | null;
  subscriptionIds?: readonly string[] | null;
}

/**
 * Spec section 5 "Mail notification": header and text required (PleasefillAllDetails), at least one subscriber
 * selected (PleaseSelectSubscribers). The same rules in the browser and the decider.
 */
export function mailIssues(d: MailDraft): { path: keyof MailDraft; code: ErrorCode }[] {
  const issues: { path: keyof MailDraft; code: ErrorCode }[] = [];
  requireText(issues, 'header', d.header, HEADER_MAX, 'PleasefillAllDetails');
  requireText(issues, 'body', d.body, BODY_MAX, 'PleasefillAllDetails');
  const ids = d.subscriptionIds ?? [];
  if (ids.length === 0) issues.push({ path: 'subscriptionIds', code: 'PleaseSelectSubscribers' });
  else if (ids.length > MAX_RECIPIENTS) issues.push({ path: 'subscriptionIds', code: 'ValidationFailed' });
  return issues;
}
