import * as C from '../../../../api/contracts/identity.ts';
import { call, urlOf } from '../../lib/client.ts';
import { endpointQuery } from '../../lib/endpointQuery.ts';

/** The identity waiting for verification in this browser (SSO register path, InvalidNIC). */
export const pendingIdentityQuery = {
  ...endpointQuery(['identity', 'pending'], C.getPendingIdentity, () => ({})),
  staleTime: 0,
  retry: false,
};

export const verifyIdentity = (body: C.VerifyIdentityRequest) => call(C.verifyIdentity, { body });

/** Ends the portal session and answers where the national provider signs the browser out. */
export const ssoLogout = () => call(C.ssoLogout, {}, { sessionRules: false });

/** The address that starts a sign-on (a full page navigation: the provider is another site). */
export const ssoLoginHref = (lang: 'ar' | 'en', returnTo?: string) =>
  urlOf(C.ssoLogin, { query: { lang, ...(returnTo ? { returnTo } : {}) } });
