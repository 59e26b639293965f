import { describe, expect, it } from 'vitest';
import { LookupSnapshot } from '../lookups/snapshot.ts';
import { seedSnapshot } from '../lookups/testing.ts';
import { CLIENTS } from '../shared/clients.ts';
import { completeForm } from './fixtures.ts';
import type { RegistrationForm } from './form.ts';
import { ageOn, hijriToGregorian, isBlank, normaliseForm, toHijri, validateRegistration } from './rules.ts';

const NOW = new Date('2026-11-22T09:00:00.000Z');
const lookups = seedSnapshot();
const moh = CLIENTS.MOH;
type Mutate = (f: RegistrationForm) => void;
const codesFor = (mutate: Mutate, mode: 'draft' | 'submit' = 'submit', client = moh) => {
  const f = completeForm();
  mutate(f);
  return validateRegistration(f, mode, client, NOW, lookups).map((i) => `${i.path}:${i.code}`);
};

describe('registration rules', () => {
  it('accepts the complete form for a draft and for a submit', () => {
    expect(validateRegistration(completeForm(), 'draft', moh, NOW, lookups)).toEqual([]);
    expect(validateRegistration(completeForm(), 'submit', moh, NOW, lookups)).toEqual([]);
  });

  it.each<[string, Mutate, string]>([
    ['first Arabic name required', (f) => (f.personal!.firstNameAr = '  '), 'personal.firstNameAr:AllFieldsRequired'],
    ['last Arabic name required', (f) => delete f.personal!.lastNameAr, 'personal.lastNameAr:AllFieldsRequired'],
    ['gender required', (f) => delete f.personal!.gender, 'personal.gender:AllFieldsRequired'],
    [
      'fuller variant: second name required',
      (f) => delete f.personal!.secondNameAr,
      'personal.secondNameAr:AllFieldsRequired',
    ],
    [
      'fuller variant: English names required',
      (f) => delete f.personal!.thirdNameEn,
      'personal.thirdNameEn:AllFieldsRequired',
    ],
    [
      'fuller variant: marital status required',
      (f) => delete f.personal!.maritalStatus,
      'personal.maritalStatus:AllFieldsRequired',
    ],
    [
      'MOH: preferred time required',
      (f) => delete f.personal!.preferredTime,
      'personal.preferredTime:AllFieldsRequired',
    ],
    [
      'MOH: preferred days required',
      (f) => (f.personal!.preferredDays = []),
      'personal.preferredDays:AllFieldsRequired',
    ],
    ['birth date required', (f) => delete f.personal!.birthDate, 'personal.birthDate:AllFieldsRequired'],
    [
      'age at least 18',
      (f) => (f.personal!.birthDate = { calendar: 'gregorian', value: '2008-11-23' }),
      'personal.birthDate:InvalidAge',
    ],
    [
      'age at most 60',
      (f) => (f.personal!.birthDate = { calendar: 'gregorian', value: '1965-11-21' }),
      'personal.birthDate:InvalidAge',
    ],
    [
      'Hijri birth date checked for age too',
      (f) => (f.personal!.birthDate = { calendar: 'hijri', value: '1435-01-01' }),
      'personal.birthDate:InvalidAge',
    ],
    [
      'birth date not before 1950',
      (f) => (f.personal!.birthDate = { calendar: 'gregorian', value: '1949-12-31' }),
      'personal.birthDate:InvalidDate',
    ],
    ['nationality required', (f) => delete f.identity!.nationalityId, 'identity.nationalityId:AllFieldsRequired'],
    ['id type 0 only for nationality 44', (f) => (f.identity!.nationalityId = 12), 'identity.idType:InvalidIdType'],
    ['id number required', (f) => delete f.identity!.idNumber, 'identity.idNumber:AllFieldsRequired'],
    ['id number pattern of the variant', (f) => (f.identity!.idNumber = '3012345678'), 'identity.idNumber:InvalidIdNo'],
    [
      'fuller variant: id expiry required',
      (f) => delete f.identity!.idExpiryDate,
      'identity.idExpiryDate:AllFieldsRequired',
    ],
    [
      'passport expiry up to 2050',
      (f) => (f.identity!.passportExpDate = '2051-01-01'),
      'identity.passportExpDate:InvalidDate',
    ],
    ['region required', (f) => delete f.address!.regionId, 'address.regionId:AllFieldsRequired'],
    ['region 16 excluded', (f) => (f.address!.regionId = 16), 'address.regionId:RegionNotAllowed'],
    ['city required', (f) => delete f.address!.cityId, 'address.cityId:AllFieldsRequired'],
    ['text not only spaces', (f) => (f.address!.street = '   '), 'address.street:EmptyText'],
    ['user name required', (f) => delete f.user!.userName, 'user.userName:AllFieldsRequired'],
    [
      'user name English letters, digits, underscore',
      (f) => (f.user!.userName = 'أحمد 1'),
      'user.userName:InvalidUserName',
    ],
    ['e-mail required', (f) => delete f.user!.email, 'user.email:AllFieldsRequired'],
    ['e-mail well formed', (f) => (f.user!.email = 'not-an-email'), 'user.email:InvalidEmail'],
    ['mobile required', (f) => delete f.user!.mobile, 'user.mobile:AllFieldsRequired'],
    ['mobile exactly 10 digits', (f) => (f.user!.mobile = '055123456'), 'user.mobile:InvalidMobile'],
    ['mobile starts with 05 (MOH variant)', (f) => (f.user!.mobile = '5551234567'), 'user.mobile:InvalidMobile'],
    [
      'password confirmation matches',
      (f) => (f.user!.confirmPassword = 'Other@2026!'),
      'user.confirmPassword:PasswordsNotMatched',
    ],
    [
      'password policy',
      (f) => {
        f.user!.password = 'weakpass1';
        f.user!.confirmPassword = 'weakpass1';
      },
      'user.password:WeakPassword',
    ],
    ['submit: blood group required', (f) => delete f.medical!.bloodGroup, 'medical.bloodGroup:AllFieldsRequired'],
    [
      'submit: genetic diseases text when they exist',
      (f) => (f.medical!.geneticDiseasesExist = true),
      'medical.geneticDiseases:AllFieldsRequired',
    ],
    [
      'submit: MOH covid-contact status',
      (f) => delete f.medical!.contactedCovidStatus,
      'medical.contactedCovidStatus:AllFieldsRequired',
    ],
    [
      'submit: profession required',
      (f) => delete f.specialities!.professionId,
      'specialities.professionId:AllFieldsRequired',
    ],
    [
      'submit: category required (fuller)',
      (f) => delete f.specialities!.categoryId,
      'specialities.categoryId:AllFieldsRequired',
    ],
    [
      'submit: level-1 sub-category required',
      (f) => delete f.specialities!.subCategoryLevel1Id,
      'specialities.subCategoryLevel1Id:AllFieldsRequired',
    ],
    [
      'submit: a preferred work field',
      (f) => (f.specialities!.preferredWorkFields = []),
      'specialities.preferredWorkFields:AllFieldsRequired',
    ],
    ['submit: an emergency contact', (f) => (f.emergencyContacts = []), 'emergencyContacts:AllFieldsRequired'],
    [
      'submit: emergency contact mobile valid',
      (f) => (f.emergencyContacts![0]!.mobile = '123'),
      'emergencyContacts.0.mobile:InvalidMobile',
    ],
    ['submit: a language', (f) => (f.languages = []), 'languages:AllFieldsRequired'],
    ['submit: no duplicate languages', (f) => (f.languages![1]!.languageId = 1), 'languages:DuplicatesNotAllowed'],
    [
      'submit: graduation certificate section',
      (f) => (f.graduationCertificates = []),
      'graduationCertificates:AllFieldsRequired',
    ],
    [
      'submit: training start at most yesterday',
      (f) => (f.trainings![0]!.startDate = '2026-11-22'),
      'trainings.0.startDate:InvalidDate',
    ],
    [
      'submit: training end at most today',
      (f) => (f.trainings![0]!.endDate = '2026-11-23'),
      'trainings.0.endDate:InvalidDate',
    ],
    [
      'submit: training start not after end',
      (f) => (f.trainings![0]!.startDate = '2024-02-01'),
      'trainings.0.endDate:InvalidDate',
    ],
    [
      'submit: an attachment description needs a file',
      (f) => (f.otherAttachments = [{ name: 'cv', description: 'my cv' }]),
      'otherAttachments.0.fileId:AllFieldsRequired',
    ],
    [
      'submit: volunteer work details complete',
      (f) => (f.volunteerWorks = [{ description: ' ' }]),
      'volunteerWorks.0.description:AllFieldsRequired',
    ],
    ['submit: agreement approved', (f) => (f.agreement = false), 'agreement:AgreementRequired'],
  ])('%s', (_name, mutate, expected) => {
    expect(codesFor(mutate)).toContain(expected);
  });

  it('asks a draft for the basic checks only', () => {
    const incompleteForSubmit: Mutate = (f) => {
      f.medical = {};
      f.languages = [];
      f.agreement = false;
    };
    expect(codesFor(incompleteForSubmit, 'draft')).toEqual([]);
  });

  it('accepts a mobile starting with 5 in the lighter (NEOM) variant', () => {
    const f = completeForm({ mobile: '5551234567', idNumber: '412345678' });
    expect(
      validateRegistration(f, 'draft', CLIENTS.NEOM, NOW, lookups).filter((i) => i.path === 'user.mobile'),
    ).toEqual([]);
  });

  it('requires the company e-mail domain for NEOM employees', () => {
    const f = completeForm({ idNumber: '412345678' });
    f.employee = { isEmployee: true, employeeCode: 'E1' };
    expect(validateRegistration(f, 'draft', CLIENTS.NEOM, NOW, lookups)).toContainEqual({
      path: 'user.email',
      code: 'InvalidEmail',
    });
  });

  it('counts undefined, null, false, empty and spaces as empty', () => {
    expect([undefined, null, false, '', '  '].every(isBlank)).toBe(true);
    expect([0, 'a', true].some(isBlank)).toBe(false);
  });

  it('converts Umm al-Qura dates both ways and counts age in whole years', () => {
    expect(toHijri(new Date('2026-11-22T00:00:00Z'))).toEqual([1448, 6, 12]);
    expect(hijriToGregorian('1448-06-12')).toBe('2026-11-22');
    expect(hijriToGregorian('1448-13-01')).toBeNull();
    expect(ageOn('2008-11-22', NOW)).toBe(18);
    expect(ageOn('2008-11-23', NOW)).toBe(17);
  });
});

describe('normalising a form', () => {
  it('sets the id type from the nationality, lower-cases the e-mail, trims the user name, and leaves the input as it was', () => {
    const form = completeForm({ email: '  Someone@Example.ORG ', userName: ' someone ' });
    form.identity = { ...form.identity, nationalityId: 7, idType: 0 };
    const before = structuredClone(form);
    const out = normaliseForm(form, CLIENTS.MOH, lookups);
    expect(out.identity?.idType).toBe(1);
    expect(out.user?.email).toBe('someone@example.org');
    expect(out.user?.userName).toBe('someone');
    expect(form).toEqual(before);
  });

  it('clears the covid-contact answer for a client without that field', () => {
    const form = completeForm({});
    form.medical = { ...form.medical, contactedCovidStatus: 1 };
    expect(normaliseForm(form, CLIENTS.SRCA, lookups).medical?.contactedCovidStatus).toBe(0);
    expect(normaliseForm(form, CLIENTS.MOH, lookups).medical?.contactedCovidStatus).toBe(1);
    expect(form.medical.contactedCovidStatus).toBe(1);
  });

  it('gives the lighter variant’s specialities the client’s default category, and leaves the fuller variant’s alone', () => {
    const form = completeForm({});
    form.specialities = { ...form.specialities, categoryId: undefined };
    expect(CLIENTS.NEOM.defaultCategoryId).toBe(1);
    expect(normaliseForm(form, CLIENTS.NEOM, lookups).specialities?.categoryId).toBe(1);
    expect(normaliseForm(form, CLIENTS.MOH, lookups).specialities?.categoryId).toBeUndefined();
    const chosen = { ...form, specialities: { ...form.specialities, categoryId: 3 } };
    expect(normaliseForm(chosen, CLIENTS.NEOM, lookups).specialities?.categoryId).toBe(3);
  });
});

describe('rules that read the master data', () => {
  const row = (id: number, flags = {}) => ({
    id,
    nameAr: `ع${id}`,
    nameEn: `n${id}`,
    parentId: null,
    flags,
    active: true,
  });
  // Nationality 12 is the national one and region 7 the one left out: the rules follow the flags, not the ids 44 and 16.
  const other = new LookupSnapshot({
    nationality: [row(44), row(12, { national: true })],
    region: [row(1), row(7, { excludedFromRegistration: true }), row(16)],
  });
  const issues = (mutate: Mutate) => {
    const f = completeForm();
    mutate(f);
    return validateRegistration(f, 'draft', moh, NOW, other).map((i) => `${i.path}:${i.code}`);
  };
  it('takes the id type from the nationality flagged national', () => {
    const f = completeForm();
    f.identity = { ...f.identity, nationalityId: 12 };
    expect(normaliseForm(f, moh, other).identity?.idType).toBe(0);
    f.identity = { ...f.identity, nationalityId: 44 };
    expect(normaliseForm(f, moh, other).identity?.idType).toBe(1);
    expect(issues((x) => (x.identity = { ...x.identity, nationalityId: 12, idType: 1 }))).toContain(
      'identity.idType:InvalidIdType',
    );
  });
  it('refuses the region flagged as left out of registration, and only it', () => {
    expect(issues((x) => (x.address!.regionId = 7))).toContain('address.regionId:RegionNotAllowed');
    expect(issues((x) => (x.address!.regionId = 16))).not.toContain('address.regionId:RegionNotAllowed');
  });
});
