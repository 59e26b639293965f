import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_LICENCES, LicenceRegistryUnavailableError, LocalLicenceRegistry } from './licence-registry.ts';

describe('LocalLicenceRegistry (the register as a local export)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'licences-'));
  const path = join(dir, 'licences.json');

  it('answers the fixture licences without an export, and null for a number it does not know', async () => {
    const r = new LocalLicenceRegistry(join(dir, 'missing.json'));
    expect(await r.lookup(' 12rm0012345 ')).toEqual(FIXTURE_LICENCES['12RM0012345']);
    expect(await r.lookup('99XX0000000')).toBeNull();
  });

  it('answers from the export when there is one', async () => {
    writeFileSync(path, JSON.stringify({ '20RM0000002': { statusId: 2, licenceExpiryDate: '2027-01-01' } }));
    const r = new LocalLicenceRegistry(path);
    expect(await r.lookup('20RM0000002')).toEqual({
      statusId: 2,
      classification: null,
      licenceExpiryDate: '2027-01-01',
    });
    expect(await r.lookup('12RM0012345')).toBeNull();
  });

  it('reports a broken export, or a status outside 1–9, as unavailable (the check is retried)', async () => {
    writeFileSync(path, '{not json');
    await expect(new LocalLicenceRegistry(path).lookup('X')).rejects.toBeInstanceOf(LicenceRegistryUnavailableError);
    writeFileSync(path, JSON.stringify({ X1: { statusId: 12 } }));
    await expect(new LocalLicenceRegistry(path).lookup('X1')).rejects.toBeInstanceOf(LicenceRegistryUnavailableError);
  });
});
