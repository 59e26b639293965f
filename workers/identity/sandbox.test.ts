import { describe, expect, it } from 'vitest';
import { CLIENTS } from '../../domain/shared/clients.ts';
import { assertSandboxAllowed, localNicAnswer, SANDBOX_NAME } from './sandbox.ts';

const idPattern = CLIENTS.MOH.idNumberPattern;

describe('the local identity service’s modes', () => {
  it('strict: answers the fixture citizens only', () => {
    const strict = { mode: 'strict' as const, idPattern };
    expect(localNicAnswer({ nationalId: '1100000002', birthDate: '1995-05-20' }, strict)).toMatchObject({
      found: true,
      record: { name: { en: { first: 'Sara' } } },
    });
    expect(localNicAnswer({ nationalId: '1100000002', birthDate: '1995-05-21' }, strict)).toEqual({
      found: false,
      reason: 'Invalid',
    });
    expect(localNicAnswer({ nationalId: '1012345678', birthDate: '1996-03-15' }, strict)).toEqual({
      found: false,
      reason: 'NotFound',
    });
  });

  it('sandbox: any id of the client pattern gets a record of the id and birth date asked, under the sandbox name', () => {
    const sandbox = { mode: 'sandbox' as const, idPattern };
    const a = localNicAnswer({ nationalId: '1012345678', birthDate: '1996-03-15' }, sandbox);
    expect(a).toMatchObject({
      found: true,
      record: { nationalId: '1012345678', birthDate: '1996-03-15', nationalityId: 44, name: SANDBOX_NAME },
    });
    // A fixture citizen is still answered as such, and an id outside the pattern is unknown.
    expect(localNicAnswer({ nationalId: '1100000002', birthDate: '1995-05-21' }, sandbox)).toMatchObject({
      reason: 'Invalid',
    });
    expect(localNicAnswer({ nationalId: '3012345678', birthDate: '1996-03-15' }, sandbox)).toEqual({
      found: false,
      reason: 'NotFound',
    });
    expect(localNicAnswer({ nationalId: '1012345678', birthDate: '1996-13-45' }, sandbox)).toMatchObject({
      reason: 'Invalid',
    });
  });

  it('never runs the sandbox with NIC_URL set or in production', () => {
    expect(() => assertSandboxAllowed({ nicUrl: 'https://nic.example' })).toThrow(/NIC_URL/);
    expect(() => assertSandboxAllowed({ environment: 'production' })).toThrow(/production/);
    expect(() => assertSandboxAllowed({ environment: 'local' })).not.toThrow();
  });
});
