import { isPractitionerStatus, type LicenceAnswer } from '../../domain/practitioner/licence.ts';
import { readJsonExport } from '../outside-services.ts';

/**
 * The licensing authority's register of health practitioners (spec: CFHS/SCFHS number → CfhsStatusId 1–9), asked for
 * a number. An adapter only answers; what the answer means (unknown, expired) is the domain's.
 */
export interface LicenceRegistry {
  /** The register's answer for the number, or null when it does not know it. */
  lookup(cfhsNumber: string): Promise<LicenceAnswer | null>;
}

/** The register could not be asked (unreadable, not the expected shape): the check is retried later. */
export class LicenceRegistryUnavailableError extends Error {}

/** Licences a local portal knows without a register: the demo's and the tests' practitioners. */
export const FIXTURE_LICENCES: Readonly<Record<string, LicenceAnswer>> = {
  '12RM0012345': { statusId: 8, classification: { ar: 'ممرض', en: 'Nurse' }, licenceExpiryDate: '2028-06-30' },
  '11RM0054321': {
    statusId: 1,
    classification: { ar: 'طبيب مقيم', en: 'Resident physician' },
    licenceExpiryDate: '2027-12-31',
  },
  '10RM0000001': {
    statusId: 8,
    classification: { ar: 'أخصائي إسعاف', en: 'Paramedic specialist' },
    licenceExpiryDate: '2024-01-31',
  },
  '15RM0000066': { statusId: 6, classification: null, licenceExpiryDate: null },
};

/**
 * The local adapter: a register export as a JSON file ({ "<number>": { statusId, classification, licenceExpiryDate } }),
 * read on every check so a new export counts at once; without the file, the fixture licences above.
 */
export class LocalLicenceRegistry implements LicenceRegistry {
  private readonly path: string;
  constructor(path: string) {
    this.path = path;
  }

  async lookup(cfhsNumber: string): Promise<LicenceAnswer | null> {
    const rows = await this.rows();
    const found = rows[cfhsNumber.trim().toUpperCase()];
    if (!found) return null;
    if (!isPractitionerStatus(found.statusId))
      throw new LicenceRegistryUnavailableError(`licence ${cfhsNumber}: status ${String(found.statusId)} is not 1–9`);
    return {
      statusId: found.statusId,
      classification: found.classification ?? null,
      licenceExpiryDate: found.licenceExpiryDate ?? null,
    };
  }

  private async rows(): Promise<Readonly<Record<string, LicenceAnswer>>> {
    const parsed = await readJsonExport(this.path, 'licence export', (m) => new LicenceRegistryUnavailableError(m));
    if (parsed === undefined) return FIXTURE_LICENCES;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, LicenceAnswer>;
    throw new LicenceRegistryUnavailableError(`licence export ${this.path} is not an object of licences`);
  }
}
