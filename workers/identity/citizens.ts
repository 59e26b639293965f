import { hijriOf, type NicRecord } from '../../domain/identity/nic.ts';

/**
 * The fixture citizens of the local identity service and the local single sign-on provider (the embedded default
 * and the tests): the same people in both, the provider's subject carrying the national id claim. Documented in
 * README.md ("National single sign-on and identity verification").
 */
export interface Citizen {
  /** The provider's subject (sub). */
  subject: string;
  /** The password the local provider's sign-in page takes. */
  password: string;
  record: NicRecord;
}

const EXPIRY = '2030-01-01';
function citizen(
  subject: string,
  nationalId: string,
  birthDate: string,
  nationalityId: number,
  /** The four names (first, second, third, last), one space between them. */
  ar: string,
  en: string,
): Citizen {
  const names = (full: string) => {
    const [first = '', second = '', third = '', last = ''] = full.split(' ');
    return { first, second, third, last };
  };
  return {
    subject,
    password: 'Citizen#2026',
    record: {
      nationalId,
      name: { ar: names(ar), en: names(en) },
      birthDate,
      birthDateHijri: hijriOf(birthDate),
      nationalityId,
      idExpiryDate: EXPIRY,
      idExpiryDateHijri: hijriOf(EXPIRY),
    },
  };
}

export const CITIZENS: readonly Citizen[] = [
  // The demo volunteer abdullah (scripts/demo-data.ts, id number 1000000001): a sign-on links to that account.
  citizen('citizen-1', '1000000001', '1996-03-15', 44, 'عبدالله محمد علي الشمري', 'Abdullah Mohammed Ali Alshammari'),
  // Citizens the portal does not know yet: a sign-on starts the SSO register path.
  citizen('citizen-2', '1100000002', '1995-05-20', 44, 'سارة عبدالله محمد العتيبي', 'Sara Abdullah Mohammed Alotaibi'),
  citizen('citizen-3', '1100000003', '1990-01-15', 44, 'خالد سعد فهد الدوسري', 'Khalid Saad Fahd Aldosari'),
  citizen('citizen-4', '2100000004', '1988-07-01', 12, 'عمر حسن علي المصري', 'Omar Hassan Ali Elmasry'),
];
