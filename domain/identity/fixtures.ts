import type { NicRecord } from './nic.ts';

/** A citizen's record as the tests build it (the local identity service's fixtures are workers/identity/citizens.ts). */
export function nicRecord(over: Partial<NicRecord> = {}): NicRecord {
  return {
    nationalId: '1000000001',
    name: {
      ar: { first: 'سارة', second: 'عبدالله', third: 'محمد', last: 'العتيبي' },
      en: { first: 'Sara', second: 'Abdullah', third: 'Mohammed', last: 'Alotaibi' },
    },
    birthDate: '1995-05-20',
    birthDateHijri: '1415-12-20',
    nationalityId: 44,
    idExpiryDate: '2030-01-01',
    idExpiryDateHijri: '1451-08-27',
    ...over,
  };
}
