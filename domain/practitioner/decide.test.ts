import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/testing.ts';
import { courseUrlFor, FINAL_ACCEPTANCE_AFTER_COURSE_HOURS } from './course.ts';
import { practitionerDecider } from './decide.ts';
import type { PractitionerEvent } from './events.ts';
import { effectiveStatus, type LicenceAnswer, PractitionerStatus } from './licence.ts';

const NOW = new Date('2026-11-24T08:00:00.000Z');
const AT = NOW.toISOString();
const given = specFor(practitionerDecider, () => NOW);
const nurse: LicenceAnswer = {
  statusId: 8,
  classification: { ar: 'ممرض', en: 'Nurse' },
  licenceExpiryDate: '2027-03-01',
};
const checked = (answer: LicenceAnswer, previousStatusId: PractitionerEvent['data']['previousStatusId'] = null) =>
  ({
    type: 'PractitionerLicenceChecked',
    data: { cfhsNumber: '12RM0012345', ...answer, at: AT, previousStatusId },
  }) as PractitionerEvent;

describe('checking a CFHS number with the register', () => {
  it('records the status, classification and licence expiry the register answers', () => {
    given()
      .when({ type: 'RecordLicenceCheck', cfhsNumber: ' 12RM0012345 ', answer: nurse })
      .thenEmits([checked(nurse)]);
  });
  it('records a number the register does not know as status 7 (unknown)', () => {
    given()
      .when({ type: 'RecordLicenceCheck', cfhsNumber: '12RM0012345', answer: null })
      .thenEmits([checked({ statusId: 7, classification: null, licenceExpiryDate: null })]);
  });
  it('writes nothing when the register answers what it answered last time', () => {
    given(checked(nurse)).when({ type: 'RecordLicenceCheck', cfhsNumber: '12RM0012345', answer: nurse }).thenEmits([]);
  });
  it('records a changed status with the status before it', () => {
    const blackListed: LicenceAnswer = { ...nurse, statusId: 6 };
    given(checked(nurse))
      .when({ type: 'RecordLicenceCheck', cfhsNumber: '12RM0012345', answer: blackListed })
      .thenEmits([checked(blackListed, 8)]);
  });
  it('refuses an empty number', () => {
    given().when({ type: 'RecordLicenceCheck', cfhsNumber: ' ', answer: null }).thenFails('ValidationFailed');
  });
});

describe('expiry, followed when the status is read', () => {
  it('reads a valid licence past its expiry day as expired (9)', () => {
    expect(effectiveStatus(PractitionerStatus.Valid, '2026-11-23', '2026-11-24')).toBe(9);
    expect(effectiveStatus(PractitionerStatus.RegisteredClassified, '2026-11-23', '2026-11-24')).toBe(9);
  });
  it('keeps a licence valid on its expiry day', () => {
    expect(effectiveStatus(PractitionerStatus.Valid, '2026-11-24', '2026-11-24')).toBe(8);
  });
  it('leaves statuses that assert no licence in force as they are', () => {
    expect(effectiveStatus(PractitionerStatus.BlackListed, '2020-01-01', '2026-11-24')).toBe(6);
    expect(effectiveStatus(PractitionerStatus.NotRegistered, '2020-01-01', '2026-11-24')).toBe(4);
  });
  it('keeps a licence without an expiry day as answered', () => {
    expect(effectiveStatus(PractitionerStatus.Valid, null, '2026-11-24')).toBe(8);
  });
});

describe('the course link of the registration response (Course_URL)', () => {
  const course = 'https://learn.example.org/practitioners';
  const practitioner = { practitioner: { cfhsNumber: '12RM0012345' } };
  it('is given to a submitted registration with a CFHS number', () => {
    expect(courseUrlFor(practitioner, true, course)).toBe(course);
  });
  it('is not given to a draft', () => {
    expect(courseUrlFor(practitioner, false, course)).toBeNull();
  });
  it('is not given without a CFHS number', () => {
    expect(courseUrlFor({ practitioner: { cfhsNumber: ' ' } }, true, course)).toBeNull();
    expect(courseUrlFor({}, true, course)).toBeNull();
  });
  it('is not given where the deployment has no course', () => {
    expect(courseUrlFor(practitioner, true, null)).toBeNull();
  });
  it('names the 24 hours of the final acceptance', () => {
    expect(FINAL_ACCEPTANCE_AFTER_COURSE_HOURS).toBe(24);
  });
});
