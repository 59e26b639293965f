import { z } from 'zod';
import { CFHS_NUMBER_MAX, type LicenceAnswer, PRACTITIONER_STATUSES } from '../../domain/practitioner/licence.ts';
import { HttpService } from '../outside-services.ts';
import { type LicenceRegistry, LicenceRegistryUnavailableError, LocalLicenceRegistry } from './licence-registry.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const Text = z.string().trim().min(1).max(200);

/** The register's answer on the wire: status 1–9 (CfhsStatusId), the classification in both languages, the expiry. */
export const LicenceAnswerWire = z.object({
  statusId: z.literal(PRACTITIONER_STATUSES),
  classification: z.object({ ar: Text, en: Text }).nullable().default(null),
  licenceExpiryDate: z.string().regex(ISO_DAY).nullable().default(null),
});

/** The header that carries the register's API key (CFHS_API_KEY), when the deployment has one. */
export const CFHS_API_KEY_HEADER = 'x-api-key';

/** The path of a number at the register: GET <base>/licences/<number, upper case, URL-encoded>. */
export const licencePath = (cfhsNumber: string) => `/licences/${encodeURIComponent(cfhsNumber.trim().toUpperCase())}`;

/**
 * The HTTP adapter of the licensing register (CFHS_URL). The protocol: GET <base>/licences/<number> (header
 * x-api-key with CFHS_API_KEY when set) → 200 { statusId 1–9, classification { ar, en } | null, licenceExpiryDate
 * YYYY-MM-DD | null }, 404 (the register does not know the number: null, which the domain records as Unknown, 7).
 * Anything else — unreachable, a time-out, another status, an answer that is not that shape — is
 * LicenceRegistryUnavailableError: the check's job is retried and nothing is written. The local server of the same
 * shape is workers/practitioner/local-cfhs-server.ts.
 */
export class HttpLicenceRegistry implements LicenceRegistry {
  private readonly service: HttpService;
  private readonly apiKey: string | undefined;
  constructor(baseUrl: string, opts: { apiKey?: string | undefined; timeoutMs?: number } = {}) {
    this.service = new HttpService(baseUrl, 'licensing register', LicenceRegistryUnavailableError, opts.timeoutMs);
    this.apiKey = opts.apiKey;
  }

  async lookup(cfhsNumber: string): Promise<LicenceAnswer | null> {
    const number = cfhsNumber.trim();
    // Not a number the register could hold: asking would only answer a 404 (or a path the register rejects).
    if (!number || number.length > CFHS_NUMBER_MAX) return null;
    const answer = await this.service.call(licencePath(number), {
      headers: { accept: 'application/json', ...(this.apiKey ? { [CFHS_API_KEY_HEADER]: this.apiKey } : {}) },
      // A redirect is not followed (the key would go to another address): its 3xx is "unavailable" below.
      redirect: 'manual',
    });
    if (answer.status === 404) return null;
    if (answer.status !== 200) throw this.service.failure(`answered ${answer.status}`);
    const parsed = LicenceAnswerWire.safeParse(this.service.json(answer));
    if (!parsed.success) throw this.service.failure(`answer not understood: ${parsed.error.message}`);
    return parsed.data;
  }
}

/**
 * The register a portal asks: the HTTP adapter when a register is configured (CFHS_URL, and CFHS_API_KEY when it
 * wants one; npm start sets CFHS_URL to its local server), else the local export adapter at `exportPath`.
 */
export function licenceRegistryFor(cfg: {
  cfhsUrl?: string | undefined;
  cfhsApiKey?: string | undefined;
  exportPath: string;
}): LicenceRegistry {
  return cfg.cfhsUrl
    ? new HttpLicenceRegistry(cfg.cfhsUrl, { apiKey: cfg.cfhsApiKey })
    : new LocalLicenceRegistry(cfg.exportPath);
}
