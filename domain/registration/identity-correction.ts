import type { NicRecord } from '../identity/nic.ts';
import { gregorianOf } from '../shared/calendar.ts';
import type { RegistrationForm } from './form.ts';

type Personal = NonNullable<RegistrationForm['personal']>;
const NAME_FIELDS = [
  ['firstNameAr', 'ar', 'first'],
  ['secondNameAr', 'ar', 'second'],
  ['thirdNameAr', 'ar', 'third'],
  ['lastNameAr', 'ar', 'last'],
  ['firstNameEn', 'en', 'first'],
  ['secondNameEn', 'en', 'second'],
  ['thirdNameEn', 'en', 'third'],
  ['lastNameEn', 'en', 'last'],
] as const satisfies readonly [keyof Personal, 'ar' | 'en', 'first' | 'second' | 'third' | 'last'][];

/**
 * The registration as the verified national record has it: each name the record gives (a blank one leaves the
 * volunteer's) and the birth date when it is another day, written in the calendar the volunteer chose (Hijri when
 * she chose none, as the prefill does). Every other field is hers and stays.
 */
export function correctedFromIdentity(form: RegistrationForm, record: NicRecord): RegistrationForm {
  const personal: Personal = { ...form.personal };
  for (const [field, lang, part] of NAME_FIELDS) {
    const value = record.name[lang][part]?.trim();
    if (value && personal[field] !== value) personal[field] = value;
  }
  if (gregorianOf(personal.birthDate) !== record.birthDate) {
    const calendar = personal.birthDate?.calendar ?? 'hijri';
    personal.birthDate = { calendar, value: calendar === 'gregorian' ? record.birthDate : record.birthDateHijri };
  }
  return { ...form, personal };
}
