import type { ClientConfig } from '../shared/clients.ts';
import type { RegistrationForm } from './form.ts';
import type { Issue } from './rules.ts';

/** Whether the form's employee code must be checked with the client's HR system. */
export function employeeCheckNeeded(form: RegistrationForm, client: ClientConfig): boolean {
  return client.employeeFields && form.employee?.isEmployee === true && !!form.employee.employeeCode?.trim();
}

/**
 * Spec: "Employee code check succeeds only if the returned national id equals the entered id number." An unknown
 * code (no national id on file) fails the same way.
 */
export function employeeCodeIssue(nationalIdOnFile: string | null, enteredIdNumber: string | undefined): Issue | null {
  const entered = enteredIdNumber?.trim();
  if (nationalIdOnFile !== null && entered && nationalIdOnFile.trim() === entered) return null;
  return { path: 'employee.employeeCode', code: 'EmployeeCodeNotMatched' };
}
