import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { LookupItem, Lookups } from '../../../../api/contracts/lookups.ts';
import * as L from '../../../../api/contracts/lookups.ts';
import type { SaveRegistrationResponse as SaveResponse } from '../../../../api/contracts/registration.ts';
import * as C from '../../../../api/contracts/registration.ts';
import { normaliseFlags } from '../../../../domain/lookups/kinds.ts';
import { LookupSnapshot } from '../../../../domain/lookups/snapshot.ts';
import type { RegistrationForm } from '../../../../domain/registration/form.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { ApiError } from '../../app/api.ts';
import { call } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';
import { readYourWritesQuery } from '../../lib/readYourWritesQuery.ts';
import { asVisitor } from '../session/index.ts';

export type { LookupItem as Lookup, Lookups } from '../../../../api/contracts/lookups.ts';

const snapshots = new WeakMap<Lookups, LookupSnapshot>();

/** The lookups as the domain's rules take them (the same rules the server runs), built once per answer. */
export function lookupSnapshot(l: Lookups): LookupSnapshot {
  let s = snapshots.get(l);
  if (!s) {
    const rows = (items: readonly LookupItem[]) =>
      items.map((i) => ({ ...i, parentId: null, flags: normaliseFlags(i.flags), active: true }));
    s = new LookupSnapshot({ region: rows(l.regions), nationality: rows(l.nationalities) });
    snapshots.set(l, s);
  }
  return s;
}

/**
 * The forms' lists. After this tab's own write (a master-data change invalidates ['lookups']) the read carries
 * ?after=: the server answers once its read model has the change, and the browser's five-minute HTTP cache of the
 * plain URL is not used.
 */
export const lookupsQuery = {
  ...readYourWritesQuery(['lookups'], L.getLookups),
  staleTime: Number.POSITIVE_INFINITY,
};

export const myRegistrationQuery = {
  ...endpointQuery(['registration', 'me'], C.myRegistration, () => ({})),
  staleTime: 0,
};

/** The read after a save: the server answers once its read model includes the command at `position`. */
export async function reloadMyRegistration(queryClient: QueryClient, position: string): Promise<void> {
  const detail = await call(C.myRegistration, { query: { after: position } });
  queryClient.setQueryData(myRegistrationQuery.queryKey, detail);
}

/** A visitor's first save (POST, anonymous) or the signed-in volunteer's own registration (PUT /me). */
export async function saveRegistration(
  queryClient: QueryClient,
  target: 'create' | 'edit',
  form: RegistrationForm,
  submit: boolean,
  /** The solved captcha of a visitor's registration, where the captcha is on. */
  captcha?: string,
): Promise<SaveResponse> {
  if (target === 'edit') {
    return call(C.updateMyRegistration, { body: { form, submit } });
  }
  const body = { form, submit, captcha };
  return asVisitor(queryClient, () => call(C.register, { body }, { sessionRules: false }));
}

/**
 * POST /api/registrations/employee-code/check: does the HR system hold this employee number for this id number?
 * Anonymous while registering (one retry with a fresh CSRF token), signed in while editing.
 */
export async function checkEmployeeCode(
  queryClient: QueryClient,
  employeeCode: string,
  idNumber: string,
): Promise<'valid' | ErrorCode> {
  try {
    await asVisitor(queryClient, () =>
      call(C.checkEmployeeCode, { body: { employeeCode, idNumber } }, { sessionRules: false }),
    );
    return 'valid';
  } catch (e) {
    return e instanceof ApiError ? e.code : 'GenericErrorMessage';
  }
}

export const SaveErrorDetails = z.object({
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
  field: z.string().optional(),
});

/** POST /api/email-verification (anonymous): the token from the mailed link. */
export async function verifyEmail(queryClient: QueryClient, token: string) {
  return asVisitor(queryClient, () => call(C.verifyEmail, { body: { token } }, { sessionRules: false }));
}
