import { DATE_PICKER_MAX, isIsoDate } from '../registration/rules.ts';
import type { ErrorCode } from '../shared/errors.ts';

/** Spec: "Expiry date from tomorrow to 2030-06-22" (the date pickers' end). */
export const CERTIFICATE_EXPIRY_MAX = DATE_PICKER_MAX;
export const EMPLOYEE_CODE_MAX = 20;
export const REJECT_REASON_MAX = 1000;

/** What the form holds before it is sent: anything may be missing. */
export interface FirstResponderInput {
  certificateExpiryDate?: string | null;
  hasBls?: boolean | null;
  fileId?: string | null;
  employeeCode?: string | null;
}

/** The day after `now` (UTC), as YYYY-MM-DD: the first expiry day the spec allows. */
export function firstExpiryDay(now: Date): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return d.toISOString().slice(0, 10);
}

export interface FirstResponderIssue {
  field: 'certificateExpiryDate' | 'hasBls' | 'fileId' | 'employeeCode';
  code: ErrorCode;
}

/**
 * Spec (section 5): "a file or existing Id, max not reached, no image-type error and BLS flag true, else
 * GenericFillFormError. Expiry date from tomorrow to 2030-06-22." The file's size and type are the upload's own checks
 * (FileTooLarge, InvalidFileType); here the file must be named. The red-crescent client also needs the employee code.
 * Shared by the decider and the web form.
 */
export function firstResponderIssues(
  input: FirstResponderInput,
  now: Date,
  employeeCodeRequired: boolean,
): FirstResponderIssue[] {
  const issues: FirstResponderIssue[] = [];
  const expiry = input.certificateExpiryDate ?? '';
  if (!expiry) issues.push({ field: 'certificateExpiryDate', code: 'GenericFillFormError' });
  else if (!isIsoDate(expiry) || expiry < firstExpiryDay(now) || expiry > CERTIFICATE_EXPIRY_MAX)
    issues.push({ field: 'certificateExpiryDate', code: 'CertificateExpiryInvalid' });
  if (input.hasBls !== true) issues.push({ field: 'hasBls', code: 'GenericFillFormError' });
  if (!input.fileId?.trim()) issues.push({ field: 'fileId', code: 'GenericFillFormError' });
  if (employeeCodeRequired && !input.employeeCode?.trim())
    issues.push({ field: 'employeeCode', code: 'GenericFillFormError' });
  return issues;
}
