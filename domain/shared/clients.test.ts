import { describe, expect, it } from 'vitest';
import { CLIENTS, clientConfig, DEFAULT_CLIENT } from './clients.ts';

describe('client configuration', () => {
  it('defaults to MOH', () => {
    expect(DEFAULT_CLIENT).toBe('MOH');
    expect(clientConfig(undefined).code).toBe('MOH');
  });

  it('selects a client case-insensitively and refuses an unknown one', () => {
    expect(clientConfig('neom').code).toBe('NEOM');
    expect(() => clientConfig('ACME')).toThrow(/Unknown CLIENT_CODE/);
  });

  it('keeps the behaviours the spec ties to one client', () => {
    expect(CLIENTS.MOH.eventDetailsRequireLogin).toBe(true); // MOH: event details need login
    expect(CLIENTS.MOH.covidContactField).toBe(true); // covid-contact status for MOH only
    expect(CLIENTS.SRCA.covidContactField || CLIENTS.NEOM.covidContactField).toBe(false);
    expect(CLIENTS.NEOM.editRegistrationBeforeJoin).toBe(true); // NEOM: incomplete info → edit registration first
    expect(CLIENTS.NEOM.identityVerification).toBe(false); // identity verification off for the giga-project client
    expect(CLIENTS.NEOM.thankYouTextKey).toBe('ThankYouNeom');
    expect([CLIENTS.MOH.numericCode, CLIENTS.SRCA.numericCode, CLIENTS.NEOM.numericCode]).toEqual([6, 5, 2]);
  });

  it('applies each variant id-number pattern', () => {
    expect(CLIENTS.MOH.idNumberPattern.test('1012345678')).toBe(true);
    expect(CLIENTS.MOH.idNumberPattern.test('4123456789')).toBe(false);
    expect(CLIENTS.NEOM.idNumberPattern.test('412345678')).toBe(true); // spec: (4|10-13|20-26) then 8 digits
    expect(CLIENTS.NEOM.idNumberPattern.test('2712345678')).toBe(false);
  });
});
