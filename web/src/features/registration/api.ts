import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  RegistrationDetail,
  SaveRegistrationResponse,
  type SaveRegistrationResponse as SaveResponse,
} from '../../../../api/contracts/registration.ts';
import { normaliseFlags } from '../../../../domain/lookups/kinds.ts';
import { LookupSnapshot } from '../../../../domain/lookups/snapshot.ts';
import type { RegistrationForm } from '../../../../domain/registration/form.ts';
import type { ErrorCode } from '../../../../domain/shared/errors.ts';
import { ApiError, api } from '../../app/api.ts';
import { useSessionStore } from '../../app/stores/session.ts';
import { refreshSession } from '../session/index.ts';

const Lookup = z.object({
  id: z.number(),
  nameAr: z.string(),
  nameEn: z.string(),
  /** What the item means to the rules (a nationality's `national`), sent only when set. */
  flags: z.record(z.string(), z.boolean()).optional(),
});
export type Lookup = z.infer<typeof Lookup>;

const list = <T extends z.ZodType>(item: T) => z.array(item).catch([]);

/** GET /api/lookups. A list the server does not send yet reads as empty instead of failing the whole form. */
export const Lookups = z.object({
  regions: list(Lookup),
  cities: list(Lookup.extend({ regionId: z.number() })),
  nationalities: list(Lookup),
  countries: list(Lookup),
  professions: list(Lookup),
  categories: list(Lookup),
  subCategoriesLevel1: list(Lookup.extend({ categoryId: z.number() })),
  subCategoriesLevel2: list(Lookup.extend({ level1Id: z.number() })),
  experienceLevels: list(Lookup),
  workFields: list(Lookup),
  certificateFields: list(Lookup),
  languages: list(Lookup),
  proficiencyLevels: list(Lookup),
  contactRelations: list(Lookup),
  bloodGroups: list(Lookup),
  covidContactStatuses: list(Lookup),
  /** Not in the contract yet: the skills section shows only when the server sends it. */
  skills: list(Lookup).optional(),
});
export type Lookups = z.infer<typeof Lookups>;

const snapshots = new WeakMap<Lookups, LookupSnapshot>();

/** The lookups as the domain's rules take them (the same rules the server runs), built once per answer. */
export function lookupSnapshot(l: Lookups): LookupSnapshot {
  let s = snapshots.get(l);
  if (!s) {
    const rows = (items: readonly Lookup[]) =>
      items.map((i) => ({ ...i, parentId: null, flags: normaliseFlags(i.flags), active: true }));
    s = new LookupSnapshot({ region: rows(l.regions), nationality: rows(l.nationalities) });
    snapshots.set(l, s);
  }
  return s;
}

export const lookupsQuery = queryOptions({
  queryKey: ['lookups'],
  queryFn: ({ signal }) => api('/api/lookups', { schema: Lookups, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const myRegistrationQuery = queryOptions({
  queryKey: ['registration', 'me'],
  queryFn: ({ signal }) => api('/api/registrations/me', { schema: RegistrationDetail, signal }),
  staleTime: 0,
});

/** The read after a save: the server answers once its read model includes the command at `position`. */
export async function reloadMyRegistration(queryClient: QueryClient, position: string): Promise<void> {
  const detail = await api(`/api/registrations/me?after=${encodeURIComponent(position)}`, {
    schema: RegistrationDetail,
  });
  queryClient.setQueryData(myRegistrationQuery.queryKey, detail);
}

/** A visitor's first save (POST, anonymous) or the signed-in volunteer's own registration (PUT /me). */
export async function saveRegistration(
  queryClient: QueryClient,
  target: 'create' | 'edit',
  form: RegistrationForm,
  submit: boolean,
): Promise<SaveResponse> {
  const body = { form, submit };
  if (target === 'edit') {
    return api('/api/registrations/me', { method: 'PUT', body, schema: SaveRegistrationResponse });
  }
  // Anonymous: no session rules (a 403 must not "end" a session that does not exist); one retry with a fresh
  // CSRF token, as the login form does.
  if (!useSessionStore.getState().csrfToken) await refreshSession(queryClient);
  const post = () =>
    api('/api/registrations', { method: 'POST', body, schema: SaveRegistrationResponse, sessionRules: false });
  try {
    return await post();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'CsrfRejected')) throw e;
    await refreshSession(queryClient);
    return post();
  }
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
  if (!useSessionStore.getState().csrfToken) await refreshSession(queryClient);
  const post = () =>
    api('/api/registrations/employee-code/check', {
      method: 'POST',
      body: { employeeCode, idNumber },
      schema: z.object({ valid: z.literal(true) }),
      sessionRules: false,
    });
  try {
    try {
      await post();
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'CsrfRejected')) throw e;
      await refreshSession(queryClient);
      await post();
    }
    return 'valid';
  } catch (e) {
    return e instanceof ApiError ? e.code : 'GenericErrorMessage';
  }
}

export const SaveErrorDetails = z.object({
  issues: z.array(z.object({ path: z.string(), code: z.string() })).optional(),
  field: z.string().optional(),
});

const EmailVerification = z.object({ result: z.enum(['100', '200', '400']), position: z.string() });

/** POST /api/email-verification (anonymous): the token from the mailed link. */
export async function verifyEmail(queryClient: QueryClient, token: string) {
  if (!useSessionStore.getState().csrfToken) await refreshSession(queryClient);
  const post = () =>
    api('/api/email-verification', {
      method: 'POST',
      body: { token },
      schema: EmailVerification,
      sessionRules: false,
    });
  try {
    return await post();
  } catch (e) {
    if (!(e instanceof ApiError && e.code === 'CsrfRejected')) throw e;
    await refreshSession(queryClient);
    return post();
  }
}
