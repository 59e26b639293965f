import type { RegistrationForm } from './form.ts';

/** A complete, valid MOH registration (a 30-year-old national), for tests and demo data. */
export function completeForm(
  over: { userName?: string; email?: string; mobile?: string; idNumber?: string } = {},
): RegistrationForm {
  return {
    personal: {
      title: 1,
      firstNameAr: 'أحمد',
      secondNameAr: 'محمد',
      thirdNameAr: 'علي',
      lastNameAr: 'القحطاني',
      firstNameEn: 'Ahmed',
      secondNameEn: 'Mohammed',
      thirdNameEn: 'Ali',
      lastNameEn: 'Alqahtani',
      gender: 1,
      maritalStatus: 1,
      birthDate: { calendar: 'gregorian', value: '1996-03-15' },
      jobRoleType: 3,
      preferredTime: 3,
      preferredDays: [0, 1, 2],
    },
    identity: {
      nationalityId: 44,
      idType: 0,
      idNumber: over.idNumber ?? '1012345678',
      idExpiryDate: { calendar: 'hijri', value: '1450-01-01' },
    },
    address: {
      regionId: 1,
      cityId: 3,
      district: 'العليا',
      street: 'طريق الملك فهد',
      buildingNo: '1234',
      postalCode: '12211',
    },
    medical: { bloodGroup: 'O+', geneticDiseasesExist: false, contactedCovidStatus: 0 },
    specialities: {
      professionId: 2,
      categoryId: 1,
      subCategoryLevel1Id: 4,
      experienceLevelId: 2,
      preferredWorkFields: [1, 2],
      preferredWorkCities: [3],
    },
    user: {
      userName: over.userName ?? 'ahmed_q',
      email: over.email ?? 'ahmed@example.org',
      mobile: over.mobile ?? '0551234567',
      password: 'Strong@2026!',
      confirmPassword: 'Strong@2026!',
    },
    emergencyContacts: [{ relationId: 1, name: 'محمد القحطاني', mobile: '0559876543' }],
    graduationCertificates: [{ certificateFieldId: 2, issueDate: '2018-06-30', fileId: 'file-grad-1' }],
    languages: [
      { languageId: 1, proficiency: 3 },
      { languageId: 2, proficiency: 2 },
    ],
    trainings: [{ name: 'الإسعافات الأولية', startDate: '2024-01-10', endDate: '2024-01-12', fileId: 'file-tr-1' }],
    agreement: true,
  };
}
