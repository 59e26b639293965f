import { describe, expect, it } from 'vitest';
import { seedSnapshot } from '../lookups/testing.ts';
import { clientConfig } from '../shared/clients.ts';
import { employeeCheckNeeded, employeeCodeIssue } from './employee.ts';
import { completeForm } from './fixtures.ts';
import { validateRegistration } from './rules.ts';

const NOW = new Date('2026-11-01T09:00:00Z');

describe('employee number (spec: succeeds only if the returned national id equals the entered id number)', () => {
  it('passes when the national id on file is the id number entered', () => {
    expect(employeeCodeIssue('1012340001', ' 1012340001 ')).toBeNull();
  });
  it.each([
    ['another national id on file', '1012340002', '1012340001'],
    ['an unknown code (nothing on file)', null, '1012340001'],
    ['no id number entered', '1012340001', undefined],
  ])('fails with EmployeeCodeNotMatched for %s', (_, onFile, entered) => {
    expect(employeeCodeIssue(onFile, entered)).toEqual({
      path: 'employee.employeeCode',
      code: 'EmployeeCodeNotMatched',
    });
  });

  it('is checked only for clients with employee fields and volunteers who say they are employees', () => {
    const f = { ...completeForm(), employee: { isEmployee: true, employeeCode: 'E1' } };
    expect(employeeCheckNeeded(f, clientConfig('SRCA'))).toBe(true);
    expect(employeeCheckNeeded(f, clientConfig('MOH'))).toBe(false);
    expect(
      employeeCheckNeeded({ ...f, employee: { isEmployee: false, employeeCode: 'E1' } }, clientConfig('SRCA')),
    ).toBe(false);
  });

  it('requires the number on submit from an employee of a client with employee fields', () => {
    const f = { ...completeForm(), employee: { isEmployee: true, employeeCode: ' ' } };
    const issues = validateRegistration(f, 'submit', clientConfig('SRCA'), NOW, seedSnapshot());
    expect(issues).toContainEqual({ path: 'employee.employeeCode', code: 'AllFieldsRequired' });
    expect(validateRegistration(f, 'submit', clientConfig('MOH'), NOW, seedSnapshot())).not.toContainEqual(
      expect.objectContaining({ path: 'employee.employeeCode' }),
    );
  });
});
