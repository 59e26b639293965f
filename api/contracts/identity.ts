import { z } from 'zod';
import { Lang, named, PositionText } from './common.ts';
import { endpoints } from './endpoint.ts';
import * as P from './primitives.ts';

const identity = endpoints('identity');

/** A redirect (302/303): the Location header is the answer. */
const Redirect = {
  response: z.string().meta({ description: 'Redirect: see the Location header' }),
  contentType: 'text/plain',
} as const;

/** A portal page to come back to after the sign-on: a path under /ar or /en, nothing else (no open redirect). */
export const RETURN_TO = /^\/(ar|en)(\/[A-Za-z0-9_-]+)*\/?$/;

export const SsoLoginQuery = z.object({
  lang: Lang.optional(),
  returnTo: P.text(200).optional(),
});

/** Starts the national single sign-on: a redirect to the provider (authorization code, PKCE S256, state, nonce). */
export const ssoLogin = identity.get('/api/sso/login', {
  query: SsoLoginQuery,
  ...Redirect,
  errors: [404, 503],
});

/**
 * The provider's answer. Signs the linked account in, or sends a citizen the portal does not know to the SSO
 * register page, or an unverified identity (InvalidNIC) to the user-verification page; a refused answer (state,
 * nonce, PKCE, signature) back to the login page with ?ssoError=SsoFailed.
 */
export const ssoCallback = identity.get('/api/sso/callback', {
  query: z.object({
    code: P.text(2000).optional(),
    state: P.text(200).optional(),
    iss: P.text(500).optional(),
    error: P.text(200).optional(),
    error_description: P.text(1000).optional(),
  }),
  ...Redirect,
  errors: [404],
});

/** The admin site's half of the spec's hashed-key redirect: a one-time key for a session, then the dashboard. */
export const ssoAdmin = identity.get('/api/sso/admin', { query: z.object({ Hashedkey: P.token(100) }), ...Redirect });

/** Ends the portal session and answers the provider's logout address (RP-initiated logout), or the portal's own page. */
export const ssoLogout = identity.post('/api/sso/logout', {
  response: named('SsoLogout', { url: z.string() }),
});

const NameParts = z.object({ first: z.string(), second: z.string(), third: z.string(), last: z.string() });

/** The identity service's record (spec: the national-identity result). */
export const NicRecordSchema = named('NicRecord', {
  nationalId: z.string(),
  name: z.object({
    ar: NameParts,
    en: NameParts,
  }),
  birthDate: z.string(),
  birthDateHijri: z.string(),
  nationalityId: z.number().int(),
  idExpiryDate: z.string(),
  idExpiryDateHijri: z.string(),
});

/** The identity waiting for verification in this browser (after InvalidNIC or an unknown citizen's sign-on). */
export const IdentityPending = named('IdentityPending', {
  pending: z.boolean(),
  /** The national id the provider asserted (SSO), which the verification must match. */
  nationalId: z.string().nullable(),
  viaSso: z.boolean(),
  /** Verified already: the registration form is prefilled from it. */
  record: NicRecordSchema.nullable(),
});
export type IdentityPending = z.infer<typeof IdentityPending>;

export const getPendingIdentity = identity.get('/api/identity/pending', {
  response: IdentityPending,
});

export const VerifyIdentityRequest = named('VerifyIdentityRequest', {
  /** Spec (user verification): at least 10 characters. */
  nationalId: P.text(12),
  /** Gregorian or Hijri (spec: Hijri and Gregorian birth dates). */
  birthDate: P.calendarDate(),
});
export type VerifyIdentityRequest = z.infer<typeof VerifyIdentityRequest>;

export const VerifyIdentityResponse = named('VerifyIdentityResponse', {
  record: NicRecordSchema,
  /** register: the SSO register path goes on to the prefilled form; login: sign in again; done: signed in already. */
  next: z.enum(['register', 'login', 'done']),
  position: PositionText.nullable(),
});

/** Spec "verifyNId": the national id and birth date, checked with the identity service. */
export const verifyIdentity = identity.post('/api/identity/verify', {
  body: VerifyIdentityRequest,
  response: VerifyIdentityResponse,
  errors: [401, 409, 422, 503],
});
