import { isPasswordValid } from '../account/password.ts';
import type { LookupSnapshot } from '../lookups/snapshot.ts';
import { isBlank } from '../shared/blank.ts';
import { gregorianOf, hijriToGregorian, isIsoDate, toHijri } from '../shared/calendar.ts';
import type { ClientConfig } from '../shared/clients.ts';
import type { ErrorCode } from '../shared/errors.ts';
import type { RegistrationForm } from './form.ts';

/** Spec constants (documents 1 and 2, sections 5 and 9). */
export const MIN_AGE = 18;
export const MAX_AGE = 60;
export const DATE_PICKER_MIN = '1950-01-01';
export const DATE_PICKER_MAX = '2030-06-22';
export const PASSPORT_EXPIRY_MAX = '2050-12-31';
export const MAX_FILE_BYTES = 2 * 1024 * 1024;

export interface Issue {
  path: string;
  code: ErrorCode;
}

export { gregorianOf, hijriToGregorian, isBlank, isIsoDate, toHijri };

/** Whole years between a birth date and now. */
export function ageOn(birthIso: string, now: Date): number {
  const b = new Date(`${birthIso}T00:00:00Z`);
  let age = now.getUTCFullYear() - b.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < b.getUTCMonth() || (now.getUTCMonth() === b.getUTCMonth() && now.getUTCDate() < b.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** Spec: exactly 10 digits; one variant starts with 05, the other with 0 or 5. */
export function isValidMobile(mobile: string | undefined, prefix: ClientConfig['mobilePrefix']): boolean {
  if (!mobile || !/^\d{10}$/.test(mobile)) return false;
  return prefix === '05' ? mobile.startsWith('05') : mobile.startsWith('0') || mobile.startsWith('5');
}

/** Spec: IdType is 0 for the national nationality (id 44 in the seed; the lookup's `national` flag), else 1. */
export function idTypeFor(nationalityId: number, lookups: LookupSnapshot): 0 | 1 {
  return lookups.hasFlag('nationality', nationalityId, 'national') ? 0 : 1;
}

/** Spec (fuller variant): English letters, digits and underscore only, no spaces. */
export function isValidUserName(name: string | undefined): boolean {
  return !!name && /^[A-Za-z0-9_]{3,50}$/.test(name);
}

export function isValidEmail(email: string | undefined): boolean {
  return !!email && email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

function within(iso: string, min: string, max: string): boolean {
  return iso >= min && iso <= max;
}

const dayBefore = (now: Date) => new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
const today = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Draft: the basic checks (personal, identity, address, user). Submit: everything, plus medical, specialities,
 * the list sections and the agreement. Every broken rule is one issue with its own catalogue code.
 */
export function validateRegistration(
  form: RegistrationForm,
  mode: 'draft' | 'submit',
  client: ClientConfig,
  now: Date,
  lookups: LookupSnapshot,
): Issue[] {
  const issues: Issue[] = [];
  const full = client.registrationVariant === 'full';
  const need = (path: string, v: unknown) => {
    if (isBlank(v)) issues.push({ path, code: 'AllFieldsRequired' });
    return !isBlank(v);
  };
  /** Each of `keys` is given in `row` (`at` is the row's path). */
  const needAll = <T>(at: string, row: T, keys: readonly (keyof T & string)[]) => {
    for (const k of keys) need(`${at}.${k}`, row[k]);
  };
  const text = (path: string, v: unknown) => {
    if (typeof v === 'string' && v.length > 0 && v.trim() === '') issues.push({ path, code: 'EmptyText' });
  };

  // Personal
  const p = form.personal ?? {};
  needAll('personal', p, ['firstNameAr', 'lastNameAr', 'gender']);
  if (full) {
    needAll('personal', p, ['secondNameAr', 'thirdNameAr', 'maritalStatus']);
    needAll('personal', p, ['firstNameEn', 'secondNameEn', 'thirdNameEn', 'lastNameEn']);
    if (client.code === 'MOH') {
      need('personal.preferredTime', p.preferredTime);
      if (!p.preferredDays?.length) issues.push({ path: 'personal.preferredDays', code: 'AllFieldsRequired' });
    }
  }
  for (const k of [
    'firstNameAr',
    'secondNameAr',
    'thirdNameAr',
    'lastNameAr',
    'firstNameEn',
    'secondNameEn',
    'thirdNameEn',
    'lastNameEn',
  ] as const) {
    text(`personal.${k}`, p[k]);
  }
  if (p.isSpecialNeeds) need('personal.specialNeedsDetails', p.specialNeedsDetails);
  if (p.universityYear !== undefined && !(p.universityYear >= 1 && p.universityYear <= 7))
    issues.push({ path: 'personal.universityYear', code: 'ValidationFailed' });
  if (p.preferredDays?.some((d) => !Number.isInteger(d) || d < 0 || d > 6))
    issues.push({ path: 'personal.preferredDays', code: 'ValidationFailed' });
  if (need('personal.birthDate', p.birthDate?.value)) {
    const birth = gregorianOf(p.birthDate);
    if (!birth || !within(birth, DATE_PICKER_MIN, DATE_PICKER_MAX))
      issues.push({ path: 'personal.birthDate', code: 'InvalidDate' });
    else {
      const age = ageOn(birth, now);
      if (age < MIN_AGE || age > MAX_AGE) issues.push({ path: 'personal.birthDate', code: 'InvalidAge' });
    }
  }

  // Identity
  const id = form.identity ?? {};
  if (
    need('identity.nationalityId', id.nationalityId) &&
    id.idType !== undefined &&
    id.idType !== idTypeFor(id.nationalityId!, lookups)
  ) {
    issues.push({ path: 'identity.idType', code: 'InvalidIdType' });
  }
  if (need('identity.idNumber', id.idNumber) && !client.idNumberPattern.test(id.idNumber!))
    issues.push({ path: 'identity.idNumber', code: 'InvalidIdNo' });
  if (full && need('identity.idExpiryDate', id.idExpiryDate?.value) && !gregorianOf(id.idExpiryDate)) {
    issues.push({ path: 'identity.idExpiryDate', code: 'InvalidDate' });
  }
  if (
    id.passportExpDate !== undefined &&
    !(isIsoDate(id.passportExpDate) && within(id.passportExpDate, DATE_PICKER_MIN, PASSPORT_EXPIRY_MAX))
  ) {
    issues.push({ path: 'identity.passportExpDate', code: 'InvalidDate' });
  }

  // Address
  const a = form.address ?? {};
  // Spec: region 16 is left out of registration (the region's `excludedFromRegistration` flag).
  if (need('address.regionId', a.regionId) && lookups.hasFlag('region', a.regionId, 'excludedFromRegistration'))
    issues.push({ path: 'address.regionId', code: 'RegionNotAllowed' });
  need('address.cityId', a.cityId);
  for (const k of ['district', 'street', 'buildingNo', 'postalCode'] as const) text(`address.${k}`, a[k]);

  // User
  const u = form.user ?? {};
  if (need('user.userName', u.userName) && !isValidUserName(u.userName))
    issues.push({ path: 'user.userName', code: 'InvalidUserName' });
  if (need('user.email', u.email)) {
    if (!isValidEmail(u.email)) issues.push({ path: 'user.email', code: 'InvalidEmail' });
    else if (
      client.companyEmailDomain &&
      form.employee?.isEmployee &&
      !u.email!.toLowerCase().endsWith(`@${client.companyEmailDomain}`)
    ) {
      issues.push({ path: 'user.email', code: 'InvalidEmail' });
    }
  }
  if (need('user.mobile', u.mobile) && !isValidMobile(u.mobile, client.mobilePrefix))
    issues.push({ path: 'user.mobile', code: 'InvalidMobile' });
  if (need('user.password', u.password) && need('user.confirmPassword', u.confirmPassword)) {
    if (u.password !== u.confirmPassword) issues.push({ path: 'user.confirmPassword', code: 'PasswordsNotMatched' });
    else if (!isPasswordValid(u.password!)) issues.push({ path: 'user.password', code: 'WeakPassword' });
  }

  if (mode === 'draft') return issues;

  // Medical (submit)
  const m = form.medical ?? {};
  need('medical.bloodGroup', m.bloodGroup);
  if (m.geneticDiseasesExist) need('medical.geneticDiseases', m.geneticDiseases);
  if (client.covidContactField) need('medical.contactedCovidStatus', m.contactedCovidStatus);

  // Employee (submit, clients with employee fields): a volunteer who says they are an employee gives the code, which
  // the HR system then checks against the id number (domain/registration/employee.ts).
  if (client.employeeFields && form.employee?.isEmployee) need('employee.employeeCode', form.employee.employeeCode);

  // Specialities (submit)
  const s = form.specialities ?? {};
  need('specialities.professionId', s.professionId);
  if (full) need('specialities.categoryId', s.categoryId);
  need('specialities.subCategoryLevel1Id', s.subCategoryLevel1Id);
  if (!s.preferredWorkFields?.length)
    issues.push({ path: 'specialities.preferredWorkFields', code: 'AllFieldsRequired' });

  // Lists (submit): at least one emergency contact, one language, a graduation certificate; complete rows; no duplicates.
  /** A list of at least one row, each row checked (`at` is its path), no two rows alike by `key` when given. */
  const requiredRows = <T>(
    path: string,
    rows: readonly T[] | undefined,
    each: (row: T, at: string) => void,
    key?: (row: T) => unknown,
  ) => {
    const all = rows ?? [];
    if (all.length === 0) issues.push({ path, code: 'AllFieldsRequired' });
    for (const [i, row] of all.entries()) each(row, `${path}.${i}`);
    if (key && new Set(all.map(key)).size < all.length) issues.push({ path, code: 'DuplicatesNotAllowed' });
  };
  requiredRows(
    'emergencyContacts',
    form.emergencyContacts,
    (c, at) => {
      needAll(at, c, ['relationId', 'name']);
      if (need(`${at}.mobile`, c.mobile) && !isValidMobile(c.mobile, client.mobilePrefix))
        issues.push({ path: `${at}.mobile`, code: 'InvalidMobile' });
    },
    (c) => c.mobile,
  );
  requiredRows(
    'languages',
    form.languages,
    (l, at) => needAll(at, l, ['languageId', 'proficiency']),
    (l) => l.languageId,
  );
  requiredRows('graduationCertificates', form.graduationCertificates, (g, at) => {
    needAll(at, g, ['certificateFieldId', 'fileId']);
    if (
      need(`${at}.issueDate`, g.issueDate) &&
      !(isIsoDate(g.issueDate) && within(g.issueDate, DATE_PICKER_MIN, today(now)))
    )
      issues.push({ path: `${at}.issueDate`, code: 'InvalidDate' });
  });

  // Trainings: start at most yesterday, end at most today, start not after end.
  (form.trainings ?? []).forEach((t, i) => {
    needAll(`trainings.${i}`, t, ['name', 'fileId']);
    const okStart =
      need(`trainings.${i}.startDate`, t.startDate) &&
      isIsoDate(t.startDate) &&
      within(t.startDate, DATE_PICKER_MIN, dayBefore(now));
    const okEnd =
      need(`trainings.${i}.endDate`, t.endDate) &&
      isIsoDate(t.endDate) &&
      within(t.endDate, DATE_PICKER_MIN, today(now));
    if (t.startDate && !okStart) issues.push({ path: `trainings.${i}.startDate`, code: 'InvalidDate' });
    if (t.endDate && !okEnd) issues.push({ path: `trainings.${i}.endDate`, code: 'InvalidDate' });
    if (okStart && okEnd && t.startDate! > t.endDate!)
      issues.push({ path: `trainings.${i}.endDate`, code: 'InvalidDate' });
  });
  (form.volunteerWorks ?? []).forEach((w, i) => {
    need(`volunteerWorks.${i}.description`, w.description);
  });
  // An attachment's description requires a file.
  (form.otherAttachments ?? []).forEach((o, i) => {
    need(`otherAttachments.${i}.name`, o.name);
    if (!isBlank(o.description)) need(`otherAttachments.${i}.fileId`, o.fileId);
  });

  if (form.agreement !== true) issues.push({ path: 'agreement', code: 'AgreementRequired' });
  return issues;
}

/** The form as stored: idType derived from nationality; covid status forced to 0 where the client has no such field. */
export function normaliseForm(form: RegistrationForm, client: ClientConfig, lookups: LookupSnapshot): RegistrationForm {
  // A copy of each section it changes, not of the whole form: the rest is shared, and nothing mutates a form.
  const out: RegistrationForm = { ...form };
  if (out.identity?.nationalityId !== undefined)
    out.identity = { ...out.identity, idType: idTypeFor(out.identity.nationalityId, lookups) };
  if (!client.covidContactField && out.medical) out.medical = { ...out.medical, contactedCovidStatus: 0 };
  // The lighter variant asks no category: its specialities take the client's default one.
  if (client.registrationVariant === 'light' && out.specialities && out.specialities.categoryId === undefined)
    out.specialities = { ...out.specialities, categoryId: client.defaultCategoryId };
  if (out.user?.email || out.user?.userName) {
    out.user = { ...out.user };
    if (out.user.email) out.user.email = out.user.email.trim().toLowerCase();
    if (out.user.userName) out.user.userName = out.user.userName.trim();
  }
  return out;
}

/** The top-level code of a failed validation: AllFieldsRequired when something required is missing, else the first rule. */
export function summaryCode(issues: readonly Issue[]): ErrorCode {
  return issues.some((i) => i.code === 'AllFieldsRequired') ? 'AllFieldsRequired' : issues[0]!.code;
}
