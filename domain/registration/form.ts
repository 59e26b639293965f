/**
 * The registration form (spec document 2, section 3 "Registration"), as the volunteer fills it in. Every field is
 * optional in the type: a draft may be partial; the rules (rules.ts) say what each step requires.
 * Dates are ISO `YYYY-MM-DD` (Gregorian) unless a field says otherwise.
 */
export type { CalendarDate } from '../shared/calendar.ts';

import type { CalendarDate } from '../shared/calendar.ts';

export interface RegistrationForm {
  personal?: {
    title?: 1 | 2 | 3; // Mr, Ms, Miss
    firstNameAr?: string;
    secondNameAr?: string;
    thirdNameAr?: string;
    lastNameAr?: string;
    firstNameEn?: string;
    secondNameEn?: string;
    thirdNameEn?: string;
    lastNameEn?: string;
    gender?: 1 | 2; // male, female
    maritalStatus?: 1 | 2; // single, married
    birthDate?: CalendarDate;
    jobRoleType?: number; // 1 Student … 7 Executives
    universityYear?: number; // 1–7
    childrenCount?: number;
    isSpecialNeeds?: boolean;
    specialNeedsDetails?: string;
    /** 1 morning, 2 evening, 3 both */
    preferredTime?: 1 | 2 | 3;
    /** Day ids: Sunday 0, Monday 1 … Friday 5, Saturday 6 */
    preferredDays?: number[];
  };
  identity?: {
    nationalityId?: number;
    /** 0 national (nationality 44), 1 resident: derived, a mismatch is refused */
    idType?: 0 | 1;
    idNumber?: string;
    idExpiryDate?: CalendarDate;
    passportNo?: string;
    passportExpDate?: string;
    passportIssueCountryId?: number;
  };
  address?: {
    regionId?: number;
    cityId?: number;
    district?: string;
    street?: string;
    buildingNo?: string;
    postalCode?: string;
    extraNumber?: string;
  };
  medical?: {
    bloodGroup?: 'A+' | 'A-' | 'B+' | 'B-' | 'O+' | 'O-' | 'AB+' | 'AB-';
    geneticDiseasesExist?: boolean;
    geneticDiseases?: string;
    /** MOH only; forced 0 for other clients */
    contactedCovidStatus?: number;
  };
  specialities?: {
    professionId?: number;
    categoryId?: number;
    subCategoryLevel1Id?: number;
    subCategoryLevel2Id?: number;
    experienceLevelId?: number;
    preferredWorkFields?: number[];
    preferredWorkCities?: number[];
  };
  user?: {
    userName?: string;
    email?: string;
    mobile?: string;
    password?: string;
    confirmPassword?: string;
  };
  emergencyContacts?: { relationId?: number; name?: string; mobile?: string }[];
  graduationCertificates?: { certificateFieldId?: number; issueDate?: string; fileId?: string }[];
  expertises?: { title?: string; isCurrentJob?: boolean; letterFileId?: string }[];
  trainings?: { name?: string; startDate?: string; endDate?: string; fileId?: string }[];
  volunteerCertificates?: { name?: string; fileId?: string }[];
  languages?: { languageId?: number; proficiency?: number }[];
  skills?: number[];
  volunteerWorks?: { description?: string; fileId?: string }[];
  otherAttachments?: { name?: string; description?: string; fileId?: string }[];
  practitioner?: {
    cfhsNumber?: string;
    cfhsIssueDate?: string;
    cfhsExpiryDate?: string;
    cfhsStatusId?: number;
    fileId?: string;
  };
  employee?: { isEmployee?: boolean; employeeCode?: string; teamId?: number };
  photoFileId?: string;
  idFileId?: string;
  agreement?: boolean;
}
