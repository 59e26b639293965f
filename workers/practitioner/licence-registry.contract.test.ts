import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_LICENCES,
  type LicenceRegistry,
  LicenceRegistryUnavailableError,
  LocalLicenceRegistry,
} from '../../commands/practitioner/licence-registry.ts';
import { HttpLicenceRegistry } from '../../commands/practitioner/licence-registry-http.ts';
import type { LocalServer } from '../identity/local-nic-server.ts';
import { startLocalCfhsServer } from './local-cfhs-server.ts';

// One contract for every adapter of the licensing-register port: the local export adapter, and the HTTP adapter
// asking the local server (which answers from a local export adapter). Both must answer alike.

const dir = mkdtempSync(join(tmpdir(), 'cfhs-contract-'));
const missing = join(dir, 'missing.json');
const broken = join(dir, 'broken.json');
writeFileSync(broken, '{not json');

interface Adapter {
  /** The register answering the fixture licences. */
  fixtures: LicenceRegistry;
  /** A register whose source cannot be read. */
  broken: LicenceRegistry;
}

const servers: LocalServer[] = [];
const adapters: Record<string, () => Promise<Adapter>> = {
  'local export adapter': async () => ({
    fixtures: new LocalLicenceRegistry(missing),
    broken: new LocalLicenceRegistry(broken),
  }),
  'HTTP adapter + local server': async () => {
    const ok = await startLocalCfhsServer({ source: new LocalLicenceRegistry(missing), apiKey: 'k' });
    const bad = await startLocalCfhsServer({ source: new LocalLicenceRegistry(broken) });
    servers.push(ok, bad);
    return {
      fixtures: new HttpLicenceRegistry(ok.url, { apiKey: 'k', timeoutMs: 2_000 }),
      broken: new HttpLicenceRegistry(bad.url, { timeoutMs: 2_000 }),
    };
  },
};

afterAll(async () => {
  for (const s of servers) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.each(Object.entries(adapters))('the licensing register port: %s', (_name, make) => {
  let a: Adapter;
  beforeAll(async () => {
    a = await make();
  });

  it('answers every fixture licence as it is: status, classification, expiry', async () => {
    for (const [number, answer] of Object.entries(FIXTURE_LICENCES))
      expect(await a.fixtures.lookup(number)).toEqual(answer);
  });

  it('reads a number without case and surrounding spaces', async () => {
    expect(await a.fixtures.lookup(' 11rm0054321 ')).toEqual(FIXTURE_LICENCES['11RM0054321']);
  });

  it('answers null for a number the register does not know (recorded as Unknown, 7), or one no register holds', async () => {
    expect(await a.fixtures.lookup('99XX0000000')).toBeNull();
    expect(await a.fixtures.lookup('12RM0012345/../x')).toBeNull();
    expect(await a.fixtures.lookup('9'.repeat(31))).toBeNull();
  });

  it('is unavailable (a retryable failure) when its source cannot be read', async () => {
    await expect(a.broken.lookup('12RM0012345')).rejects.toBeInstanceOf(LicenceRegistryUnavailableError);
  });
});
