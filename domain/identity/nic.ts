import { type CalendarDate, gregorianOf, toHijri } from '../shared/calendar.ts';
import { DomainError } from '../shared/errors.ts';

/**
 * What the national identity service (NIC) answers for a national id and a birth date (spec: "The national-identity
 * result adds nationalId, Arabic and English names, first and family names, Hijri and Gregorian birth dates,
 * nationality, iqama expiry dates"). Dates are ISO `YYYY-MM-DD`, the Hijri ones in the Umm al-Qura calendar.
 */
export interface NicRecord {
  nationalId: string;
  name: {
    ar: { first: string; second: string; third: string; last: string };
    en: { first: string; second: string; third: string; last: string };
  };
  birthDate: string;
  birthDateHijri: string;
  nationalityId: number;
  idExpiryDate: string;
  idExpiryDateHijri: string;
}

/** The service's answer: the record, or why there is none (unknown id, or a birth date that is not the holder's). */
export type NicAnswer = { found: true; record: NicRecord } | { found: false; reason: 'NotFound' | 'Invalid' };

/** Spec (user verification): "id number at least 10 characters". National and resident ids are 10 digits. */
export const NATIONAL_ID_MIN_LENGTH = 10;
const NATIONAL_ID = /^\d{10,12}$/;

/** The national id as the verification page takes it; anything else is InvalidIdNo (spec: Verification). */
export function assertNationalId(nationalId: string): string {
  const id = nationalId.trim();
  if (id.length < NATIONAL_ID_MIN_LENGTH || !NATIONAL_ID.test(id)) throw new DomainError('InvalidIdNo');
  return id;
}

/** The birth date entered (Gregorian or Hijri, spec: both calendars) as a Gregorian day; InvalidDate otherwise. */
export function birthDateOf(d: CalendarDate): string {
  const g = gregorianOf(d);
  if (!g) throw new DomainError('InvalidDate', { field: 'birthDate' });
  return g;
}

/** The verification form's rules (the page and the server refuse the same): each broken rule a path and a code. */
export function verificationIssues(input: { nationalId: string; birthDate: CalendarDate }): {
  path: 'nationalId' | 'birthDate';
  code: 'InvalidIdNo' | 'InvalidDate';
}[] {
  const issues: ReturnType<typeof verificationIssues> = [];
  const id = input.nationalId.trim();
  if (id.length < NATIONAL_ID_MIN_LENGTH || !NATIONAL_ID.test(id))
    issues.push({ path: 'nationalId', code: 'InvalidIdNo' });
  if (!gregorianOf(input.birthDate)) issues.push({ path: 'birthDate', code: 'InvalidDate' });
  return issues;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** The Umm al-Qura day of a Gregorian ISO day, `YYYY-MM-DD`. */
export function hijriOf(gregorian: string): string {
  const [y, m, d] = toHijri(new Date(`${gregorian}T12:00:00Z`));
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** The full names a record gives an account. */
export function namesOf(r: NicRecord): { ar: string; en: string } {
  const join = (n: NicRecord['name']['ar']) => [n.first, n.second, n.third, n.last].filter(Boolean).join(' ');
  return { ar: join(r.name.ar), en: join(r.name.en) };
}
