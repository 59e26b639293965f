import * as oidc from 'openid-client';
import type { SsoRequest } from './sign-on-state.ts';

/** The portal as a relying party of the national single sign-on (SSO_ISSUER_URL, SSO_CLIENT_ID …). */
export interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The portal's /api/sso/callback, as registered at the provider. */
  redirectUri: string;
  /** Where the provider sends the browser after logout (the portal's SSO logout page). */
  postLogoutRedirectUri: string;
}

/** Who the provider says signed in. */
export interface SsoIdentity {
  issuer: string;
  subject: string;
  nationalId: string;
}

/** The claim of the ID token that carries the national id. */
export const NATIONAL_ID_CLAIM = 'national_id';
/** What the portal asks the provider for. */
export const SSO_SCOPE = `openid profile ${NATIONAL_ID_CLAIM}`;

/** The provider refused the sign-on or answered something the checks refuse (state, nonce, PKCE, signature). */
export class SsoRefusedError extends Error {}
/** The provider could not be reached. */
export class SsoUnavailableError extends Error {}

/** The port: start a sign-on, finish it from the callback, and the provider's logout address. */
export interface SingleSignOn {
  readonly issuer: string;
  /** The portal's callback address registered at the provider. */
  readonly redirectUri: string;
  begin(): Promise<{ url: string; state: string; request: Omit<SsoRequest, 'returnTo'> }>;
  complete(callbackUrl: URL, state: string, request: SsoRequest): Promise<SsoIdentity>;
  logoutUrl(): Promise<string>;
}

/**
 * OpenID Connect, authorization code with PKCE (S256), state and nonce, through openid-client. The provider's
 * metadata is discovered on first use (and again after a failure). Tokens are used for their claims and dropped:
 * never stored, never logged.
 */
export class OpenIdSingleSignOn implements SingleSignOn {
  readonly issuer: string;
  readonly redirectUri: string;
  private readonly settings: SsoSettings;
  private config: Promise<oidc.Configuration> | null = null;
  constructor(settings: SsoSettings) {
    this.settings = settings;
    this.issuer = settings.issuer;
    this.redirectUri = settings.redirectUri;
  }

  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      const s = this.settings;
      // A local provider (the embedded default, the tests) speaks plain http on the loopback only.
      const insecure = new URL(s.issuer).protocol === 'http:';
      this.config = oidc
        .discovery(new URL(s.issuer), s.clientId, s.clientSecret, undefined, {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
        })
        .catch((e) => {
          this.config = null;
          throw new SsoUnavailableError(`single sign-on discovery failed: ${(e as Error).message}`);
        });
    }
    return this.config;
  }

  async begin() {
    const config = await this.configuration();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: SSO_SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href, state, request: { codeVerifier, nonce } };
  }

  async complete(callbackUrl: URL, state: string, request: SsoRequest): Promise<SsoIdentity> {
    const config = await this.configuration();
    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: request.codeVerifier,
        expectedState: state,
        expectedNonce: request.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (e) {
      if (e instanceof TypeError && /fetch failed/.test(e.message)) throw new SsoUnavailableError(e.message);
      throw new SsoRefusedError((e as Error).message);
    }
    const nationalId = claims?.[NATIONAL_ID_CLAIM];
    if (!claims?.sub || typeof nationalId !== 'string') throw new SsoRefusedError('no national id in the ID token');
    return { issuer: this.issuer, subject: claims.sub, nationalId };
  }

  async logoutUrl(): Promise<string> {
    const config = await this.configuration();
    return oidc.buildEndSessionUrl(config, {
      client_id: this.settings.clientId,
      post_logout_redirect_uri: this.settings.postLogoutRedirectUri,
    }).href;
  }
}
