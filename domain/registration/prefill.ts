import type { NicRecord } from '../identity/nic.ts';
import type { RegistrationForm } from './form.ts';

/**
 * The registration fields the verified record fills in (spec: the registration form is prefilled from the national
 * identity result): names in both languages, birth date, nationality, id number and its expiry.
 */
export function registrationPrefill(r: NicRecord): Pick<RegistrationForm, 'personal' | 'identity'> {
  return {
    personal: {
      firstNameAr: r.name.ar.first,
      secondNameAr: r.name.ar.second,
      thirdNameAr: r.name.ar.third,
      lastNameAr: r.name.ar.last,
      firstNameEn: r.name.en.first,
      secondNameEn: r.name.en.second,
      thirdNameEn: r.name.en.third,
      lastNameEn: r.name.en.last,
      birthDate: { calendar: 'hijri', value: r.birthDateHijri },
    },
    identity: {
      nationalityId: r.nationalityId,
      idNumber: r.nationalId,
      idExpiryDate: { calendar: 'hijri', value: r.idExpiryDateHijri },
    },
  };
}
