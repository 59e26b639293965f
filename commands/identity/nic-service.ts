import type { NicAnswer, NicRecord } from '../../domain/identity/nic.ts';
import { HttpService, ok } from '../outside-services.ts';

/**
 * The national identity service (NIC), asked who holds a national id (spec: "verifyNId"; the national-identity
 * result). In: the national id and the holder's Gregorian birth date. Out: the record, NotFound (no such id) or
 * Invalid (the birth date is not the holder's). Adapters: HTTP (NIC_URL) and, for the embedded default and the
 * tests, the local server of the same shape (workers/identity/local-nic-server.ts).
 */
export interface IdentityService {
  verify(input: { nationalId: string; birthDate: string }): Promise<NicAnswer>;
}

/** The service could not be asked (down, time-out, an answer that is not the protocol's). */
export class IdentityServiceUnavailableError extends Error {}

/**
 * The protocol: POST <base>/identity/verify with JSON { nationalId, birthDate } → 200 { record }, 404 (no such id),
 * 422 (the birth date is not the holder's). Anything else is "unavailable".
 */
export class HttpIdentityService implements IdentityService {
  private readonly service: HttpService;
  constructor(baseUrl: string, opts: { timeoutMs?: number } = {}) {
    this.service = new HttpService(baseUrl, 'identity service', IdentityServiceUnavailableError, opts.timeoutMs);
  }

  async verify(input: { nationalId: string; birthDate: string }): Promise<NicAnswer> {
    const answer = await this.service.call('/identity/verify', {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    if (answer.status === 404) return { found: false, reason: 'NotFound' };
    if (answer.status === 422) return { found: false, reason: 'Invalid' };
    if (!ok(answer.status)) throw this.service.failure(`answered ${answer.status}`);
    const record = (this.service.json(answer) as { record?: unknown } | null)?.record;
    if (!isRecord(record)) throw this.service.failure('answered without a record');
    return { found: true, record };
  }
}

const isText = (v: unknown): v is string => typeof v === 'string' && v.length <= 200;
const isNames = (v: unknown) =>
  typeof v === 'object' && v !== null && ['first', 'second', 'third', 'last'].every((k) => isText((v as never)[k]));
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A record is stored in the log as answered: only a well-formed one is taken. */
function isRecord(v: unknown): v is NicRecord {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  const name = r.name as Record<string, unknown> | undefined;
  return (
    isText(r.nationalId) &&
    /^\d{10,12}$/.test(r.nationalId) &&
    isNames(name?.ar) &&
    isNames(name?.en) &&
    ['birthDate', 'birthDateHijri', 'idExpiryDate', 'idExpiryDateHijri'].every(
      (k) => isText(r[k]) && ISO_DAY.test(r[k] as string),
    ) &&
    Number.isInteger(r.nationalityId) &&
    (r.nationalityId as number) > 0 &&
    (r.nationalityId as number) < 2 ** 31
  );
}
