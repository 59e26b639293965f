import type { IdentityService } from '../../commands/identity/nic-service.ts';
import { hijriOf, type NicAnswer, type NicRecord } from '../../domain/identity/nic.ts';
import type { PortalEnvironment } from '../runtime.ts';
import { CITIZENS, type Citizen } from './citizens.ts';

/**
 * The identity service's SANDBOX mode (README "National single sign-on and identity verification"): a stand-in for
 * the embedded default (`npm start` without NIC_URL) and the browser journeys, never a real check. A fixture citizen
 * is answered as in the strict mode (their record; another birth date is Invalid); any other id that passes the
 * client's id-number pattern (the checks a registration applies: the portal has no checksum rule) is answered with a
 * record built from the id and the birth date asked, under a neutral sandbox name; anything else is NotFound.
 * The STRICT mode answers the fixture citizens only (the integration tests of the identity check use it).
 */
export type NicMode = 'strict' | 'sandbox';

/** The neutral name every sandbox record carries (never a real person's). */
export const SANDBOX_NAME: NicRecord['name'] = {
  ar: { first: 'صاحب', second: 'هوية', third: 'بيئة', last: 'تجريبية' },
  en: { first: 'Sandbox', second: 'Identity', third: 'Test', last: 'Holder' },
};
const SANDBOX_EXPIRY = '2030-01-01';
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The record the sandbox answers for an id and a birth date: the id and the date asked, the sandbox name. */
export function sandboxRecord(nationalId: string, birthDate: string): NicRecord {
  return {
    nationalId,
    name: SANDBOX_NAME,
    birthDate,
    birthDateHijri: hijriOf(birthDate),
    // National ids (1…) are the national nationality of the seed (44); any other id a placeholder nationality.
    nationalityId: nationalId.startsWith('1') ? 44 : 12,
    idExpiryDate: SANDBOX_EXPIRY,
    idExpiryDateHijri: hijriOf(SANDBOX_EXPIRY),
  };
}

/** The answer of the local identity service in a mode (the HTTP server and the in-process service share it). */
export function localNicAnswer(
  input: { nationalId: string; birthDate: string },
  opts: { mode: NicMode; idPattern?: RegExp | undefined; citizens?: readonly Citizen[] | undefined },
): NicAnswer {
  const citizen = (opts.citizens ?? CITIZENS).find((c) => c.record.nationalId === input.nationalId);
  if (citizen)
    return citizen.record.birthDate === input.birthDate
      ? { found: true, record: citizen.record }
      : { found: false, reason: 'Invalid' };
  if (opts.mode === 'strict' || !opts.idPattern?.test(input.nationalId)) return { found: false, reason: 'NotFound' };
  if (!ISO_DAY.test(input.birthDate) || Number.isNaN(Date.parse(`${input.birthDate}T12:00:00Z`)))
    return { found: false, reason: 'Invalid' };
  return { found: true, record: sandboxRecord(input.nationalId, input.birthDate) };
}

/**
 * Refuses the sandbox where it must never answer: a configured identity service (NIC_URL) or production. Called by
 * every entry that can turn it on.
 */
export function assertSandboxAllowed(env: { nicUrl?: string | undefined; environment?: PortalEnvironment }): void {
  if (env.nicUrl) throw new Error('the identity sandbox is never used when NIC_URL names an identity service');
  if ((env.environment ?? process.env.PORTAL_ENV) === 'production')
    throw new Error('the identity sandbox is never used in production (PORTAL_ENV=production)');
}

/** The sandbox in process (the demo year's registrations, which run through the commands without a server). */
export function sandboxIdentityService(idPattern: RegExp): IdentityService {
  assertSandboxAllowed({ nicUrl: process.env.NIC_URL });
  return { verify: async (input) => localNicAnswer(input, { mode: 'sandbox', idPattern }) };
}
